import type { StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import {
  localChanges,
  localCreateFields,
  localFieldsFrom,
  validateLocalFields,
} from './local-storage.form';

const stored = { root_path: '/srv/shared' } as StorageConfig;

describe('the local part of the storage form', () => {
  it('wants the host folder absolute, or empty for the data folder', () => {
    expect(validateLocalFields({ hostFolder: ' /srv/shared ' })).toEqual({});
    expect(validateLocalFields({ hostFolder: '' })).toEqual({});
    expect(validateLocalFields({ hostFolder: 'srv' })).toEqual({
      hostFolder: { key: 'storageConfig.form.errors.hostFolderAbsolute' },
    });
  });

  it('sends the trimmed folder, null for the data folder', () => {
    expect(localCreateFields({ hostFolder: ' /data ' })).toEqual({
      storage_type: 'local',
      root_path: '/data',
    });
    expect(localCreateFields({ hostFolder: ' ' })).toEqual({
      storage_type: 'local',
      root_path: null,
    });
  });

  it('sends the folder only when it changed', () => {
    expect(localChanges(localFieldsFrom(stored), stored)).toEqual({});
    expect(localChanges({ hostFolder: '' }, stored)).toEqual({ root_path: null });
    expect(localFieldsFrom({ root_path: null } as StorageConfig)).toEqual({ hostFolder: '' });
  });
});
