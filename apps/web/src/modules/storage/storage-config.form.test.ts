import type { StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyStorageForm,
  storageFieldOf,
  storageFormFrom,
  toCreateStorageRequest,
  toUpdateStorageRequest,
  validateStorageForm,
} from './storage-config.form';

const filled = (kind: Parameters<typeof emptyStorageForm>[0], endpoint: string) => ({
  ...emptyStorageForm(kind),
  name: 'Files',
  endpoint,
  region: 'us-east-1',
  bucket: 'my-bucket',
  accessKeyId: 'AKIA',
  secretAccessKey: 'secret',
});

describe('the storage form', () => {
  it('needs an endpoint for "other S3-compatible", as the server does', () => {
    expect(validateStorageForm(filled('other', ''), 'create').endpoint).toEqual({
      key: 'storageConfig.form.errors.endpointRequired',
    });
    expect(validateStorageForm(filled('other', 'https://s3.example.com'), 'create')).toEqual({});
    expect(validateStorageForm(filled('aws', ''), 'create')).toEqual({});
  });

  it('refuses a download host that is not a URL without throwing', () => {
    const values = { ...filled('aws', ''), customHost: 'not a url' };
    expect(validateStorageForm(values, 'create').customHost).toBeDefined();
  });

  it('sends a host folder for a local storage, and wants it absolute', () => {
    const local = { ...emptyStorageForm('local'), name: 'Shared', hostFolder: ' /srv/shared ' };
    expect(validateStorageForm(local, 'create')).toEqual({});
    expect(toCreateStorageRequest(local)).toMatchObject({ root_path: '/srv/shared' });
    expect(toCreateStorageRequest({ ...local, hostFolder: '' })).toMatchObject({ root_path: null });
    expect(validateStorageForm({ ...local, hostFolder: 'srv/shared' }, 'create')).toEqual({
      hostFolder: { key: 'storageConfig.form.errors.hostFolderAbsolute' },
    });
  });

  it('edits only the part of the storage type it was created with', () => {
    const local = {
      name: 'Shared',
      storage_type: 'local',
      provider: null,
      endpoint: '',
      region: '',
      bucket: '',
      access_key_id: '',
      secret_access_key_masked: '',
      path_style: false,
      default_folder: '',
      custom_host: '',
      url_expiry_seconds: 3600,
      total_capacity_bytes: null,
      allow_api_keys: true,
      direct_downloads: false,
      root_path: '/srv/shared',
    } as StorageConfig;
    const values = storageFormFrom(local);
    expect(values.kind).toBe('local');
    expect(toUpdateStorageRequest(values, local)).toEqual({});
    // S3 fields never reach a local storage, nor a host folder an S3 one.
    const edited = { ...values, hostFolder: '', bucket: 'ignored', name: 'Renamed' };
    expect(toUpdateStorageRequest(edited, local)).toEqual({ name: 'Renamed', root_path: null });
    const s3 = { ...local, storage_type: 's3', provider: 'minio', root_path: null } as const;
    expect(toUpdateStorageRequest({ ...storageFormFrom(s3), hostFolder: '/x' }, s3)).toEqual({});
  });

  it('clears a message only for the fields that have one', () => {
    expect(storageFieldOf('accessKeyId')).toBe('accessKeyId');
    expect(storageFieldOf('capacityUnit')).toBeNull();
    expect(storageFieldOf('kind')).toBeNull();
  });
});
