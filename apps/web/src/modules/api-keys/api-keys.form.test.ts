import { type ApiKey, ERROR_CODES } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import { serverFieldErrors } from '../management';
import {
  emptyKeyForm,
  KEY_CODE_FIELDS,
  KEY_FORM_FIELDS,
  keyFieldOf,
  keyFormFrom,
  toCreateRequest,
  toUpdateRequest,
} from './api-keys.form';

const saved: ApiKey = {
  id: 'key-1',
  name: 'reader',
  key_prefix: 'sb_abcd',
  text_permission: false,
  file_permission: false,
  mount_permission: true,
  mount_read_only: true,
  basic_path: '/docs',
  custom_key: false,
  expires_at: null,
  last_used_at: null,
  created_at: '2026-11-24T10:00:00.000Z',
};

describe('the key form and mount read-only access', () => {
  it('creates a read-only key only with mount access', () => {
    const readOnly = { ...emptyKeyForm(), name: 'r', mount: true, mountReadOnly: true };
    expect(toCreateRequest(readOnly).mount_read_only).toBe(true);
    // The switch is hidden without mount access; a value left on from before means nothing.
    expect(toCreateRequest({ ...readOnly, mount: false }).mount_read_only).toBe(false);
    expect(toCreateRequest({ ...readOnly, mountReadOnly: false }).mount_read_only).toBe(false);
  });

  it('reads the flag from a key and sends it only when it changed', () => {
    const values = keyFormFrom(saved);
    expect(values.mountReadOnly).toBe(true);
    expect(toUpdateRequest(values, saved)).toEqual({});
    expect(toUpdateRequest({ ...values, mountReadOnly: false }, saved)).toEqual({
      mount_read_only: false,
    });
    // Taking mount access away clears read-only with it.
    expect(toUpdateRequest({ ...values, mount: false }, saved)).toEqual({
      mount_permission: false,
      mount_read_only: false,
    });
  });
});

describe("the key form's messages", () => {
  it('puts a taken custom key and a 400 on expires_at on their fields', () => {
    const taken = new ApiError({
      status: 409,
      code: ERROR_CODES.apiKeyConflict,
      message: 'This key is already in use, choose another',
    });
    expect(serverFieldErrors(taken, KEY_FORM_FIELDS, KEY_CODE_FIELDS, 'en-US')).toEqual({
      customKey: 'This key is already in use, choose another',
    });
    const invalid = new ApiError({
      status: 400,
      code: ERROR_CODES.validationFailed,
      message: 'invalid',
      details: [{ path: 'expires_at', code: 'invalid_format', message: 'Invalid date' }],
    });
    expect(Object.keys(serverFieldErrors(invalid, KEY_FORM_FIELDS, KEY_CODE_FIELDS))).toEqual([
      'customDays',
    ]);
  });

  it('clears a message only for the fields that have one', () => {
    expect(keyFieldOf('basicPath')).toBe('basicPath');
    expect(keyFieldOf('expiry')).toBeNull();
    expect(keyFieldOf('mountReadOnly')).toBeNull();
  });
});
