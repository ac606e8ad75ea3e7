import { describe, expect, it } from 'vitest';
import {
  emptyStorageForm,
  toCreateStorageRequest,
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
});
