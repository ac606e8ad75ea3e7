import type { StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyS3Fields,
  endpointForRegion,
  fillRegion,
  presetFor,
  s3Changes,
  s3CreateFields,
  s3FieldsFrom,
  validateS3Fields,
} from './s3-storage.form';

const stored = {
  provider: 'minio',
  endpoint: 'http://minio:9000',
  region: 'us-east-1',
  bucket: 'team-files',
  access_key_id: 'AKIA',
  secret_access_key_masked: 'se••••',
  path_style: true,
  direct_downloads: false,
} as StorageConfig;

const filled = { ...s3FieldsFrom(stored), secretAccessKey: 'secret' };

describe('the S3 presets', () => {
  it("fills a preset's region without doubling the host's own prefix", () => {
    expect(fillRegion('https://oss-{region}.aliyuncs.com', 'oss-cn-shanghai')).toBe(
      'https://oss-cn-shanghai.aliyuncs.com',
    );
    expect(fillRegion('https://s3.{region}.backblazeb2.com', ' eu-central-003 ')).toBe(
      'https://s3.eu-central-003.backblazeb2.com',
    );
    expect(fillRegion('https://s3.{region}.backblazeb2.com', '')).toBe(
      'https://s3.{region}.backblazeb2.com',
    );
  });

  it('lets the endpoint follow Region only while it is the preset', () => {
    const preset = presetFor('backblaze-b2');
    expect(preset).toEqual({
      endpoint: 'https://s3.us-west-004.backblazeb2.com',
      region: 'us-west-004',
      pathStyle: false,
    });
    expect(endpointForRegion('backblaze-b2', preset.endpoint, preset.region, 'eu-1')).toBe(
      'https://s3.eu-1.backblazeb2.com',
    );
    expect(endpointForRegion('backblaze-b2', 'https://mine.example', preset.region, 'eu-1')).toBe(
      'https://mine.example',
    );
    // Presets without `{region}`, and local storage, leave the endpoint alone.
    expect(endpointForRegion('minio', 'http://localhost:9000', 'a', 'b')).toBe(
      'http://localhost:9000',
    );
    expect(endpointForRegion('local', '', 'a', 'b')).toBe('');
  });

  it('starts a new storage from the preset, with empty keys', () => {
    expect(emptyS3Fields('cloudflare-r2')).toEqual({
      endpoint: 'https://{account_id}.r2.cloudflarestorage.com',
      region: 'auto',
      pathStyle: true,
      bucket: '',
      accessKeyId: '',
      secretAccessKey: '',
      directDownloads: false,
    });
    expect(presetFor('local')).toEqual({ endpoint: '', region: '', pathStyle: false });
  });
});

describe('the S3 fields', () => {
  it('checks them as the server does', () => {
    expect(validateS3Fields('minio', filled, 'create')).toEqual({});
    const wrong = {
      ...filled,
      endpoint: 'https://{account_id}.r2.cloudflarestorage.com',
      region: '{region}',
      bucket: 'Not_A_Bucket',
      accessKeyId: ' ',
      secretAccessKey: '',
    };
    expect(validateS3Fields('cloudflare-r2', wrong, 'create')).toEqual({
      endpoint: {
        key: 'storageConfig.form.errors.placeholder',
        params: { placeholder: '{account_id}' },
      },
      region: { key: 'storageConfig.form.errors.placeholder', params: { placeholder: '{region}' } },
      bucket: { key: 'storageConfig.form.errors.bucketPattern' },
      accessKeyId: { key: 'storageConfig.form.errors.accessKeyIdRequired' },
      secretAccessKey: { key: 'storageConfig.form.errors.secretRequired' },
    });
    expect(
      validateS3Fields('minio', { ...filled, bucket: 'ab', endpoint: 'ftp://x' }, 'edit'),
    ).toEqual({
      endpoint: { key: 'storageConfig.form.errors.urlInvalid' },
      bucket: { key: 'storageConfig.form.errors.bucketLength' },
    });
  });

  it('keeps the stored secret when editing with the field left empty', () => {
    expect(validateS3Fields('minio', { ...filled, secretAccessKey: '' }, 'edit')).toEqual({});
    expect(s3Changes('minio', s3FieldsFrom(stored), stored)).toEqual({});
    expect(s3Changes('minio', filled, stored)).toEqual({ secret_access_key: 'secret' });
  });

  it('sends only what changed, the provider too', () => {
    const edited = { ...s3FieldsFrom(stored), region: ' eu-west-1 ', directDownloads: true };
    expect(s3Changes('other', edited, stored)).toEqual({
      provider: 'other',
      region: 'eu-west-1',
      direct_downloads: true,
    });
  });

  it('sends every field, trimmed, when creating', () => {
    expect(s3CreateFields('minio', { ...filled, bucket: ' team-files ' })).toEqual({
      storage_type: 's3',
      provider: 'minio',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'team-files',
      access_key_id: 'AKIA',
      secret_access_key: 'secret',
      path_style: true,
      direct_downloads: false,
    });
  });
});
