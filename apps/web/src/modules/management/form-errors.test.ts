import {
  ERROR_CODES,
  updateFileShareRequestSchema,
  updatePasteRequestSchema,
} from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import { enUS } from '../../i18n/en-US';
import { zhCN } from '../../i18n/zh-CN';
import {
  type FieldErrors,
  hasErrors,
  schemaFieldErrors,
  serverFieldErrors,
  withoutErrorsOf,
  wordedErrors,
} from './form-errors';
import {
  SHARE_SETTINGS_FIELDS,
  type ShareSettingsValues,
  shareIssueMessages,
  shareSettingsCandidate,
  shareSettingsChanges,
  shareSettingsFrom,
} from './share-settings';

const share = {
  remark: 'old',
  slug: 'old-slug',
  has_password: true,
  max_views: 0,
  views: 2,
  expires_at: null,
};
const values = (over: Partial<ShareSettingsValues> = {}): ShareSettingsValues => ({
  ...shareSettingsFrom(share),
  ...over,
});

/** The share form's wording, from the English or Chinese table, with `{{max}}` filled. */
const wording = (table: typeof enUS | typeof zhCN) =>
  shareIssueMessages((key, params) =>
    table.shareForm[key].replace('{{max}}', String(params?.max ?? '')),
  );

const check = (form: ShareSettingsValues, table: typeof enUS | typeof zhCN = enUS) =>
  schemaFieldErrors(
    updateFileShareRequestSchema,
    shareSettingsCandidate(form),
    SHARE_SETTINGS_FIELDS,
    wording(table),
    'en-US',
  );

describe('share settings checked by the shared schema', () => {
  it('passes untouched settings', () => {
    expect(check(values())).toEqual({});
  });

  it('gives each refused setting its own message, in both languages', () => {
    expect(check(values({ slug: 'admin' }))).toEqual({
      slug: 'This link suffix is reserved, choose another',
    });
    expect(check(values({ slug: 'has space' }))).toEqual({
      slug: 'Letters, digits, hyphen and underscore only',
    });
    expect(check(values({ slug: '  ' }))).toEqual({ slug: 'Enter a link suffix' });
    expect(check(values({ slug: 'x'.repeat(51) })).slug).toBe('At most 50 characters');
    expect(check(values({ passwordAction: 'set', password: '' }))).toEqual({
      password: 'Enter the new password',
    });
    expect(check(values({ slug: 'admin' }), zhCN).slug).toBe(zhCN.shareForm.slugReserved);
  });

  it('refuses views that are not a whole number from 0 up, and too many', () => {
    for (const maxViews of ['', 'abc', '-5', '1.5']) {
      expect(check(values({ maxViews })).maxViews).toBe('Enter a whole number, 0 or more');
    }
    expect(check(values({ maxViews: 2_000_000_000 })).maxViews).toBe('At most 1000000000');
  });

  it('falls back on the generic issue text where a form has no wording of its own', () => {
    const errors = schemaFieldErrors(
      updatePasteRequestSchema,
      { content: '   ', remark: 'r'.repeat(600) },
      { content: 'content', remark: 'remark' } as const,
      undefined,
      'en-US',
    );
    expect(errors.content).toBe('Content must not be empty');
    expect(errors.remark).toMatch(/^At most \d+ characters$/);
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({ content: undefined })).toBe(false);
  });

  it('sends only what changed', () => {
    expect(shareSettingsChanges(values(), share)).toEqual({});
    expect(
      shareSettingsChanges(
        values({ slug: ' new ', passwordAction: 'remove', expiry: '1d', maxViews: '5' }),
        share,
      ),
    ).toEqual({ slug: 'new', password: null, expires_in: '1d', max_views: 5 });
  });
});

describe('a failed save mapped onto the form', () => {
  const taken = new ApiError({
    status: 409,
    code: ERROR_CODES.fileSlugTaken,
    message: 'taken',
  });

  it('puts a code that names a field on that field, in the reader language', () => {
    const codes = { [ERROR_CODES.fileSlugTaken]: 'slug' as const };
    expect(serverFieldErrors(taken, SHARE_SETTINGS_FIELDS, codes, 'en-US')).toEqual({
      slug: 'This link suffix is already taken; try another',
    });
    const zh = serverFieldErrors(taken, SHARE_SETTINGS_FIELDS, codes, 'zh-CN');
    expect(zh.slug).toBeTruthy();
    expect(zh.slug).not.toBe('This link suffix is already taken; try another');
  });

  it("puts a 400's issues on their fields and ignores other failures", () => {
    const invalid = new ApiError({
      status: 400,
      code: ERROR_CODES.validationFailed,
      message: 'invalid',
      details: [{ path: 'max_views', code: 'too_big', origin: 'number', maximum: 10 }],
    });
    expect(serverFieldErrors(invalid, SHARE_SETTINGS_FIELDS, {}, 'en-US')).toEqual({
      maxViews: 'Must be at most 10',
    });
    expect(serverFieldErrors(taken, SHARE_SETTINGS_FIELDS, {}, 'en-US')).toEqual({});
    expect(serverFieldErrors(new Error('offline'), SHARE_SETTINGS_FIELDS)).toEqual({});
  });
});

describe("a form's own checks", () => {
  it('words each finding, and skips the fields without one', () => {
    const found: Partial<Record<'name' | 'path', { key: string; max?: number }>> = {
      name: { key: 'tooLong', max: 3 },
      path: undefined,
    };
    expect(wordedErrors(found, (finding) => `${finding.key}:${finding.max}`)).toEqual({
      name: 'tooLong:3',
    });
    expect(wordedErrors({}, () => 'never')).toEqual({});
  });

  it("clears only the edited fields' messages", () => {
    const errors: FieldErrors<'name' | 'path' | 'key'> = {
      name: 'Required',
      path: 'Invalid',
      key: 'Taken',
    };
    const left = withoutErrorsOf(errors, ['name', 'key']);
    expect(left).toEqual({ name: undefined, path: 'Invalid', key: undefined });
    expect(hasErrors(withoutErrorsOf(left, ['path']))).toBe(false);
    // The messages it was given stay as they were.
    expect(errors.name).toBe('Required');
  });
});
