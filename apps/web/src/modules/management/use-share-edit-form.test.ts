import {
  ERROR_CODES,
  fsShareUpdateRequestSchema,
  updateFileShareRequestSchema,
  updatePasteRequestSchema,
} from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-client';
import { NEW_SHARE_SETTINGS, type ShareMessageKey } from './share-settings';
import { shareEditRules } from './use-share-edit-form';

const share = {
  remark: 'notes',
  slug: 'old-slug',
  has_password: false,
  max_views: 3,
  views: 1,
  expires_at: null,
};

/** The settings' message keys as they are, so a test sees which one was chosen. */
const word = (key: ShareMessageKey) => key;

const fileRules = shareEditRules(
  { schema: updateFileShareRequestSchema, slugTakenCode: ERROR_CODES.fileSlugTaken },
  word,
);

/** A paste's form: the settings, then its content and format. */
const pasteRules = shareEditRules(
  {
    schema: updatePasteRequestSchema,
    slugTakenCode: ERROR_CODES.pasteSlugTaken,
    own: {
      valuesOf: (paste: typeof share & { content: string }) => ({
        content: paste.content,
        format: 'text' as const,
      }),
      fieldOf: { content: 'content', format: 'content' },
      candidate: ({ content, format }) => ({ content, format }),
      fields: { content: 'content' },
      message: () => 'contentRequired',
      codeFields: { [ERROR_CODES.pasteTooLarge]: 'content' },
    },
  },
  word,
);

const failure = (code: string) => new ApiError({ status: 409, code, message: code });

describe('the edit form of a share', () => {
  it('is filled with the settings, then the fields the share has of its own', () => {
    expect(fileRules.toValues(share)).toEqual({
      remark: 'notes',
      slug: 'old-slug',
      passwordAction: 'keep',
      password: '',
      expiry: 'keep',
      maxViews: 3,
    });
    expect(pasteRules.toValues({ ...share, content: 'hello' })).toMatchObject({
      slug: 'old-slug',
      content: 'hello',
      format: 'text',
    });
  });

  it("shows each value's messages on its field, an own value's where the share says", () => {
    expect(fileRules.fieldOf('passwordAction')).toBe('password');
    expect(fileRules.fieldOf('expiry')).toBeNull();
    expect(pasteRules.fieldOf('format')).toBe('content');
    expect(pasteRules.fieldOf('slug')).toBe('slug');
  });

  it("words the settings' issues, and an own field's with the share's own words", () => {
    const values = fileRules.toValues(share);
    expect(fileRules.validate(values)).toEqual({});
    expect(fileRules.validate({ ...values, slug: 'admin', maxViews: '-1' })).toEqual({
      slug: 'slugReserved',
      maxViews: 'maxViewsInvalid',
    });
    const paste = pasteRules.toValues({ ...share, content: 'hello' });
    expect(pasteRules.validate({ ...paste, content: '  ', slug: '' })).toEqual({
      slug: 'slugRequired',
      content: 'contentRequired',
    });
  });

  it('puts a taken suffix on the suffix and an own code on its field', () => {
    expect(Object.keys(fileRules.serverErrors(failure(ERROR_CODES.fileSlugTaken)))).toEqual([
      'slug',
    ]);
    expect(fileRules.serverErrors(failure(ERROR_CODES.pasteSlugTaken))).toEqual({});
    expect(Object.keys(pasteRules.serverErrors(failure(ERROR_CODES.pasteTooLarge)))).toEqual([
      'content',
    ]);
  });
});

describe('the form of a share not made yet', () => {
  const rules = shareEditRules(
    {
      schema: fsShareUpdateRequestSchema,
      slugTakenCode: ERROR_CODES.fsShareSlugTaken,
      creating: true,
    },
    word,
  );

  it('starts with no expiry rather than keeping one, and may leave the suffix empty', () => {
    const values = rules.toValues(NEW_SHARE_SETTINGS);
    expect(values.expiry).toBe('never');
    expect(values.slug).toBe('');
    expect(rules.validate(values)).toEqual({});
    expect(rules.validate({ ...values, slug: 'has space' })).toEqual({ slug: 'slugPattern' });
  });
});
