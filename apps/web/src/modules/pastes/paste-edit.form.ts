import {
  type ExpiryOption,
  PASTE_REMARK_MAX_LENGTH,
  type Paste,
  type PasteFormat,
  RESERVED_SLUGS,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  type UpdatePasteRequest,
} from '@sharebin/shared';

/**
 * The paste edit form's values and rules. Pure functions, so the rules (which mirror
 * updatePasteRequestSchema in packages/shared) can be read apart from the modal.
 */

/** `keep` leaves the expiry as it is; the others count from now (SPEC §9). */
export type PasteExpiryChoice = ExpiryOption | 'keep';
export const PASTE_EXPIRY_CHOICES: readonly PasteExpiryChoice[] = [
  'keep',
  '1h',
  '1d',
  '7d',
  '30d',
  'never',
];

/** `keep` sends nothing, `set` a new password, `remove` null. */
export type PasswordAction = 'keep' | 'set' | 'remove';

/** The server's upper bound for max views. */
export const MAX_VIEWS_LIMIT = 1_000_000_000;

export interface PasteFormValues {
  content: string;
  format: PasteFormat;
  remark: string;
  slug: string;
  passwordAction: PasswordAction;
  password: string;
  expiry: PasteExpiryChoice;
  maxViews: string | number;
}

export type PasteFormField = 'content' | 'remark' | 'slug' | 'password' | 'maxViews';

/** A translation key and its values, turned into text by the component. */
export interface PasteFormError {
  key:
    | 'textManagement.form.contentRequired'
    | 'textManagement.form.remarkTooLong'
    | 'textManagement.form.slugRequired'
    | 'textManagement.form.slugPattern'
    | 'textManagement.form.slugTooLong'
    | 'textManagement.form.slugReserved'
    | 'textManagement.form.passwordRequired'
    | 'textManagement.form.passwordTooLong'
    | 'textManagement.form.maxViewsInvalid'
    | 'textManagement.form.maxViewsTooLarge';
  params?: Record<string, number>;
}

export type PasteFormErrors = Partial<Record<PasteFormField, PasteFormError>>;

const reservedSlugs = new Set<string>(RESERVED_SLUGS);

export function pasteFormFrom(paste: Paste): PasteFormValues {
  return {
    content: paste.content,
    format: paste.format,
    remark: paste.remark,
    slug: paste.slug,
    passwordAction: 'keep',
    password: '',
    expiry: 'keep',
    maxViews: paste.max_views,
  };
}

/** A whole, non-negative number of views; null when the field holds anything else. */
function parseMaxViews(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) {
    return null;
  }
  return Number(text);
}

export function validatePasteForm(values: PasteFormValues): PasteFormErrors {
  const errors: PasteFormErrors = {};
  if (values.content.trim() === '') {
    errors.content = { key: 'textManagement.form.contentRequired' };
  }

  if (values.remark.trim().length > PASTE_REMARK_MAX_LENGTH) {
    errors.remark = {
      key: 'textManagement.form.remarkTooLong',
      params: { max: PASTE_REMARK_MAX_LENGTH },
    };
  }

  const slug = values.slug.trim();
  if (slug === '') {
    errors.slug = { key: 'textManagement.form.slugRequired' };
  } else if (!SLUG_PATTERN.test(slug)) {
    errors.slug = { key: 'textManagement.form.slugPattern' };
  } else if (slug.length > SLUG_MAX_LENGTH) {
    errors.slug = { key: 'textManagement.form.slugTooLong', params: { max: SLUG_MAX_LENGTH } };
  } else if (reservedSlugs.has(slug.toLowerCase())) {
    errors.slug = { key: 'textManagement.form.slugReserved' };
  }

  if (values.passwordAction === 'set') {
    if (values.password === '') {
      errors.password = { key: 'textManagement.form.passwordRequired' };
    } else if (values.password.length > SHARE_PASSWORD_MAX_LENGTH) {
      errors.password = {
        key: 'textManagement.form.passwordTooLong',
        params: { max: SHARE_PASSWORD_MAX_LENGTH },
      };
    }
  }

  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews === null) {
    errors.maxViews = { key: 'textManagement.form.maxViewsInvalid' };
  } else if (maxViews > MAX_VIEWS_LIMIT) {
    errors.maxViews = {
      key: 'textManagement.form.maxViewsTooLarge',
      params: { max: MAX_VIEWS_LIMIT },
    };
  }
  return errors;
}

/** Only the fields that changed; an empty object means nothing to save. */
export function toUpdatePasteRequest(values: PasteFormValues, original: Paste): UpdatePasteRequest {
  const changes: UpdatePasteRequest = {};
  // A textarea turns CRLF into LF: that alone is no change to save.
  if (values.content !== original.content.replace(/\r\n?/g, '\n')) {
    changes.content = values.content;
  }
  if (values.format !== original.format) changes.format = values.format;
  const remark = values.remark.trim();
  if (remark !== original.remark) changes.remark = remark;
  const slug = values.slug.trim();
  if (slug !== original.slug) changes.slug = slug;
  if (values.passwordAction === 'set') changes.password = values.password;
  if (values.passwordAction === 'remove' && original.has_password) changes.password = null;
  if (values.expiry !== 'keep') changes.expires_in = values.expiry;
  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews !== null && maxViews !== original.max_views) changes.max_views = maxViews;
  return changes;
}
