import { describe, expect, it } from 'vitest';
import {
  type CreatePasteFormValues,
  emptyCreatePasteForm,
  toCreatePasteRequest,
  validateCreatePaste,
} from './paste-create.form';

const form = (changes: Partial<CreatePasteFormValues>) => ({
  ...emptyCreatePasteForm(),
  ...changes,
});

describe('the share form', () => {
  it('accepts content with every optional field left empty', () => {
    expect(validateCreatePaste(emptyCreatePasteForm(), 'hello')).toEqual({});
    expect(toCreatePasteRequest(emptyCreatePasteForm(), 'hello', 'markdown', null)).toEqual({
      content: 'hello',
      format: 'markdown',
      remark: '',
      expires_in: 'never',
      max_views: 0,
    });
  });

  it('refuses empty content (SPEC §5)', () => {
    expect(validateCreatePaste(emptyCreatePasteForm(), '  \n ').content?.key).toBe(
      'editor.form.contentRequired',
    );
  });

  it('checks the link suffix like the server (SPEC §5)', () => {
    const slugError = (slug: string) => validateCreatePaste(form({ slug }), 'x').slug?.key;
    expect(slugError('my-notes_2')).toBeUndefined();
    expect(slugError('with space')).toBe('editor.form.slugPattern');
    expect(slugError('ünïcode')).toBe('editor.form.slugPattern');
    expect(slugError('a'.repeat(51))).toBe('editor.form.slugTooLong');
    expect(slugError('Admin')).toBe('editor.form.slugReserved');
    expect(slugError('raw')).toBe('editor.form.slugReserved');
  });

  it('takes max views as a whole number, 0 or more (SPEC §5)', () => {
    const viewsError = (maxViews: string | number) =>
      validateCreatePaste(form({ maxViews }), 'x').maxViews?.key;
    expect(viewsError(0)).toBeUndefined();
    expect(viewsError('')).toBeUndefined();
    expect(viewsError(-1)).toBe('editor.form.maxViewsInvalid');
    expect(viewsError('2.5')).toBe('editor.form.maxViewsInvalid');
    expect(viewsError(2_000_000_000)).toBe('editor.form.maxViewsTooLarge');
  });

  it('sends only what was set, trimmed, with the language of plain text', () => {
    const values = form({
      remark: '  notes ',
      slug: ' my-slug ',
      password: 'secret',
      expiresIn: '7d',
      maxViews: '5',
    });
    expect(toCreatePasteRequest(values, 'code', 'text', 'python')).toEqual({
      content: 'code',
      format: 'text',
      language: 'python',
      remark: 'notes',
      slug: 'my-slug',
      password: 'secret',
      expires_in: '7d',
      max_views: 5,
    });
    expect(toCreatePasteRequest(values, '# md', 'markdown', 'python')).not.toHaveProperty(
      'language',
    );
  });
});
