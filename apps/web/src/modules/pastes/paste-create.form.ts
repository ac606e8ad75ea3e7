import {
  type CreatePasteRequest,
  type ExpiryOption,
  PASTE_REMARK_MAX_LENGTH,
  type PasteFormat,
  RESERVED_SLUGS,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '@sharebin/shared';
import { MAX_VIEWS_LIMIT } from '../management';

/**
 * The share form under the editor: its values and rules. Pure functions mirroring
 * createPasteRequestSchema (SPEC §5), so that mistakes show before anything is sent.
 */

export interface CreatePasteFormValues {
  remark: string;
  slug: string;
  password: string;
  expiresIn: ExpiryOption;
  maxViews: string | number;
}

export type CreatePasteField = 'content' | 'remark' | 'slug' | 'password' | 'maxViews';

/** A translation key and its values, turned into text by the component. */
export interface CreatePasteError {
  key:
    | 'editor.form.contentRequired'
    | 'editor.form.remarkTooLong'
    | 'editor.form.slugPattern'
    | 'editor.form.slugTooLong'
    | 'editor.form.slugReserved'
    | 'editor.form.passwordTooLong'
    | 'editor.form.maxViewsInvalid'
    | 'editor.form.maxViewsTooLarge';
  params?: Record<string, number>;
}

export type CreatePasteErrors = Partial<Record<CreatePasteField, CreatePasteError>>;

const reservedSlugs = new Set<string>(RESERVED_SLUGS);

export function emptyCreatePasteForm(): CreatePasteFormValues {
  return { remark: '', slug: '', password: '', expiresIn: 'never', maxViews: 0 };
}

/** A whole, non-negative number; null when the field holds anything else. */
function parseMaxViews(value: string | number): number | null {
  const text = String(value).trim();
  if (text === '') return 0;
  return /^\d+$/.test(text) ? Number(text) : null;
}

export function validateCreatePaste(
  values: CreatePasteFormValues,
  content: string,
): CreatePasteErrors {
  const errors: CreatePasteErrors = {};
  if (content.trim() === '') {
    errors.content = { key: 'editor.form.contentRequired' };
  }
  if (values.remark.trim().length > PASTE_REMARK_MAX_LENGTH) {
    errors.remark = { key: 'editor.form.remarkTooLong', params: { max: PASTE_REMARK_MAX_LENGTH } };
  }
  // An empty suffix is fine: the server picks a random one.
  const slug = values.slug.trim();
  if (slug !== '' && !SLUG_PATTERN.test(slug)) {
    errors.slug = { key: 'editor.form.slugPattern' };
  } else if (slug.length > SLUG_MAX_LENGTH) {
    errors.slug = { key: 'editor.form.slugTooLong', params: { max: SLUG_MAX_LENGTH } };
  } else if (reservedSlugs.has(slug.toLowerCase())) {
    errors.slug = { key: 'editor.form.slugReserved' };
  }
  if (values.password.length > SHARE_PASSWORD_MAX_LENGTH) {
    errors.password = {
      key: 'editor.form.passwordTooLong',
      params: { max: SHARE_PASSWORD_MAX_LENGTH },
    };
  }
  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews === null) {
    errors.maxViews = { key: 'editor.form.maxViewsInvalid' };
  } else if (maxViews > MAX_VIEWS_LIMIT) {
    errors.maxViews = { key: 'editor.form.maxViewsTooLarge', params: { max: MAX_VIEWS_LIMIT } };
  }
  return errors;
}

/** Call only with values that passed validateCreatePaste. */
export function toCreatePasteRequest(
  values: CreatePasteFormValues,
  content: string,
  format: PasteFormat,
  language: string | null,
): CreatePasteRequest {
  const request: CreatePasteRequest = {
    content,
    format,
    remark: values.remark.trim(),
    expires_in: values.expiresIn,
    max_views: parseMaxViews(values.maxViews) ?? 0,
  };
  const slug = values.slug.trim();
  if (slug !== '') request.slug = slug;
  if (values.password !== '') request.password = values.password;
  if (format === 'text' && language) request.language = language;
  return request;
}
