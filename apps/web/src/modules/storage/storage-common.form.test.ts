import type { StorageConfig } from '@sharebin/shared';
import { URL_EXPIRY_MAX_SECONDS, URL_EXPIRY_MIN_SECONDS } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import {
  commonChanges,
  commonCreateFields,
  commonFieldsFrom,
  emptyCommonFields,
  findPlaceholder,
  normalizeFolder,
  urlError,
  validateCommonFields,
} from './storage-common.form';

const stored = {
  name: 'Files',
  default_folder: 'team/shared',
  custom_host: '',
  url_expiry_seconds: 3600,
  total_capacity_bytes: null,
  allow_api_keys: true,
} as StorageConfig;

describe('the part every storage has', () => {
  it('finds the first placeholder and refuses addresses that still hold one', () => {
    expect(findPlaceholder('https://{account_id}.r2')).toEqual({ start: 8, end: 20 });
    expect(findPlaceholder('https://s3.example.com')).toBeNull();
    expect(urlError('')).toBeUndefined();
    expect(urlError('https://cdn.example.com')).toBeUndefined();
    expect(urlError('cdn.example.com')).toEqual({ key: 'storageConfig.form.errors.urlInvalid' });
  });

  it('stores folders without the leading slash and refuses ones leaving the root', () => {
    expect(normalizeFolder(' /team//shared/ ')).toBe('team/shared');
    expect(normalizeFolder('')).toBe('');
    expect(normalizeFolder('../outside')).toBeNull();
  });

  it('checks name, folder, download host, link expiry and capacity', () => {
    expect(validateCommonFields({ ...emptyCommonFields(), name: 'Files' })).toEqual({});
    const errors = validateCommonFields({
      ...emptyCommonFields(),
      name: ' ',
      defaultFolder: '../x',
      customHost: 'https://cdn.example.com/path',
      urlExpirySeconds: 59,
      capacity: '-1',
    });
    expect(errors).toEqual({
      name: { key: 'storageConfig.form.errors.nameRequired' },
      defaultFolder: { key: 'storageConfig.form.errors.folderInvalid' },
      customHost: { key: 'storageConfig.form.errors.originOnly' },
      urlExpirySeconds: {
        key: 'storageConfig.form.errors.urlExpiryInvalid',
        params: { min: URL_EXPIRY_MIN_SECONDS, max: URL_EXPIRY_MAX_SECONDS },
      },
      capacity: { key: 'storageConfig.form.errors.capacityInvalid' },
    });
  });

  it('sends the common fields, normalised, when creating', () => {
    const values = { ...emptyCommonFields(), name: ' Files ', defaultFolder: '/a/b/' };
    expect(commonCreateFields(values)).toEqual({
      name: 'Files',
      default_folder: 'a/b',
      custom_host: '',
      url_expiry_seconds: 3600,
      total_capacity_bytes: null,
      allow_api_keys: true,
    });
  });

  it('sends only what changed when editing', () => {
    expect(commonChanges(commonFieldsFrom(stored), stored)).toEqual({});
    const edited = {
      ...commonFieldsFrom(stored),
      name: 'Renamed',
      defaultFolder: '/team/shared',
      capacity: 2,
      allowApiKeys: false,
    };
    expect(commonChanges(edited, stored)).toEqual({
      name: 'Renamed',
      total_capacity_bytes: 2 * 1024 ** 3,
      allow_api_keys: false,
    });
  });
});
