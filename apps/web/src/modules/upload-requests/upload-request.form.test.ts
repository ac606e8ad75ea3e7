import type { UploadRequest } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import {
  createRequestOf,
  newRequestSource,
  ownValuesOf,
  type RequestFormValues,
  type RequestSource,
  requestChanges,
  requestSourceOf,
  sizeBytesOf,
  sizeValueOf,
} from './upload-request.form';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

const saved: UploadRequest = {
  id: 'r1',
  slug: 'inbox',
  path: '/team/inbox',
  name: 'inbox',
  remark: 'for clients',
  has_password: false,
  expires_at: null,
  max_files: 2,
  max_file_size: 5 * MB,
  max_total_size: 0,
  allowed_types: ['.pdf'],
  files_received: 1,
  bytes_received: 1234,
  last_received_at: null,
  url: 'http://x/r/inbox',
  created_by: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The form's values as they open on `source`, changed by `edit`. */
function formOf(
  source: RequestSource = requestSourceOf(saved),
  edit: Partial<RequestFormValues> = {},
) {
  const values: RequestFormValues = {
    remark: source.remark,
    slug: source.slug,
    passwordAction: 'keep',
    password: '',
    expiry: 'keep',
    ...ownValuesOf(source),
    ...edit,
  };
  return values;
}

describe('sizes', () => {
  it('shows a limit in the largest unit within two decimals, none as empty', () => {
    expect(sizeValueOf(0)).toEqual({ amount: '', unit: 'MB' });
    expect(sizeValueOf(5 * MB)).toEqual({ amount: 5, unit: 'MB' });
    expect(sizeValueOf(1.5 * GB)).toEqual({ amount: 1.5, unit: 'GB' });
    expect(sizeValueOf(300 * MB)).toEqual({ amount: 300, unit: 'MB' });
  });

  it('reads the amount back in bytes: empty is no limit, nonsense is NaN', () => {
    expect(sizeBytesOf({ amount: '', unit: 'GB' })).toBe(0);
    expect(sizeBytesOf({ amount: 2, unit: 'GB' })).toBe(2 * GB);
    expect(sizeBytesOf({ amount: '1.5', unit: 'MB' })).toBe(1.5 * MB);
    expect(sizeBytesOf({ amount: '-1', unit: 'MB' })).toBeNaN();
    expect(sizeBytesOf({ amount: 'abc', unit: 'MB' })).toBeNaN();
  });
});

describe('createRequestOf', () => {
  it('sends the folder, the limits and the settings; an empty suffix asks for a random one', () => {
    const values = formOf(newRequestSource('/team/inbox'), {
      maxViews: 2,
      maxFileSize: { amount: 5, unit: 'MB' },
      allowedTypes: ['.pdf', 'image/*'],
      expiry: '7d',
      passwordAction: 'set',
      password: 'pw',
    });
    expect(createRequestOf(values)).toEqual({
      path: '/team/inbox',
      remark: '',
      password: 'pw',
      expires_in: '7d',
      max_files: 2,
      max_file_size: 5 * MB,
      max_total_size: 0,
      allowed_types: ['.pdf', 'image/*'],
    });
  });
});

describe('requestChanges', () => {
  it('sends nothing for a form left as it opened', () => {
    expect(requestChanges(formOf(), requestSourceOf(saved))).toEqual({});
  });

  it('keeps a stored size that the form can only round', () => {
    const odd = requestSourceOf({ ...saved, max_file_size: 1_234_567 });
    expect(requestChanges(formOf(odd), odd)).toEqual({});
  });

  it('sends the files limit as max_files, and each limit that changed', () => {
    const changes = requestChanges(
      formOf(undefined, {
        maxViews: '3',
        maxTotalSize: { amount: 1, unit: 'GB' },
        allowedTypes: ['.pdf', '.docx'],
        remark: 'for clients',
      }),
      requestSourceOf(saved),
    );
    expect(changes).toEqual({ max_files: 3, max_total_size: GB, allowed_types: ['.pdf', '.docx'] });
  });

  it('clears a limit with an empty amount', () => {
    const changes = requestChanges(
      formOf(undefined, { maxFileSize: { amount: '', unit: 'MB' } }),
      requestSourceOf(saved),
    );
    expect(changes).toEqual({ max_file_size: 0 });
  });
});
