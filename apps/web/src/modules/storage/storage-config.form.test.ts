import { describe, expect, it } from 'vitest';
import { emptyStorageForm, validateStorageForm } from './storage-config.form';

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
});
