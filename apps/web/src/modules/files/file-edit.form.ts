import {
  type FileShare,
  PASTE_REMARK_MAX_LENGTH,
  RESERVED_SLUGS,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  type UpdateFileShareRequest,
} from '@sharebin/shared';
import {
  MAX_VIEWS_LIMIT,
  type PasswordAction,
  type PasteExpiryChoice,
} from '../pastes/paste-edit.form';

/**
 * The file share edit form's values and rules. Pure functions, so the rules (which mirror
 * updateFileShareRequestSchema in packages/shared) can be read apart from the modal. Expiry
 * and password choices work as for pastes.
 */

export type FileExpiryChoice = PasteExpiryChoice;

export interface FileFormValues {
  remark: string;
  slug: string;
  passwordAction: PasswordAction;
  password: string;
  expiry: FileExpiryChoice;
  maxViews: string | number;
}

export type FileFormField = 'remark' | 'slug' | 'password' | 'maxViews';

/** A translation key and its values, turned into text by the component. */
export interface FileFormError {
  key:
    | 'fileManagement.form.remarkTooLong'
    | 'fileManagement.form.slugRequired'
    | 'fileManagement.form.slugPattern'
    | 'fileManagement.form.slugTooLong'
    | 'fileManagement.form.slugReserved'
    | 'fileManagement.form.passwordRequired'
    | 'fileManagement.form.passwordTooLong'
    | 'fileManagement.form.maxViewsInvalid'
    | 'fileManagement.form.maxViewsTooLarge';
  params?: Record<string, number>;
}

export type FileFormErrors = Partial<Record<FileFormField, FileFormError>>;

const reservedSlugs = new Set<string>(RESERVED_SLUGS);

export function fileFormFrom(file: FileShare): FileFormValues {
  return {
    remark: file.remark,
    slug: file.slug,
    passwordAction: 'keep',
    password: '',
    expiry: 'keep',
    maxViews: file.max_views,
  };
}

/** A whole, non-negative number of views; null when the field holds anything else. */
function parseMaxViews(value: string | number): number | null {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

export function validateFileForm(values: FileFormValues): FileFormErrors {
  const errors: FileFormErrors = {};
  if (values.remark.trim().length > PASTE_REMARK_MAX_LENGTH) {
    errors.remark = {
      key: 'fileManagement.form.remarkTooLong',
      params: { max: PASTE_REMARK_MAX_LENGTH },
    };
  }

  const slug = values.slug.trim();
  if (slug === '') {
    errors.slug = { key: 'fileManagement.form.slugRequired' };
  } else if (!SLUG_PATTERN.test(slug)) {
    errors.slug = { key: 'fileManagement.form.slugPattern' };
  } else if (slug.length > SLUG_MAX_LENGTH) {
    errors.slug = { key: 'fileManagement.form.slugTooLong', params: { max: SLUG_MAX_LENGTH } };
  } else if (reservedSlugs.has(slug.toLowerCase())) {
    errors.slug = { key: 'fileManagement.form.slugReserved' };
  }

  if (values.passwordAction === 'set') {
    if (values.password === '') {
      errors.password = { key: 'fileManagement.form.passwordRequired' };
    } else if (values.password.length > SHARE_PASSWORD_MAX_LENGTH) {
      errors.password = {
        key: 'fileManagement.form.passwordTooLong',
        params: { max: SHARE_PASSWORD_MAX_LENGTH },
      };
    }
  }

  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews === null) {
    errors.maxViews = { key: 'fileManagement.form.maxViewsInvalid' };
  } else if (maxViews > MAX_VIEWS_LIMIT) {
    errors.maxViews = {
      key: 'fileManagement.form.maxViewsTooLarge',
      params: { max: MAX_VIEWS_LIMIT },
    };
  }
  return errors;
}

/** Only the fields that changed; an empty object means nothing to save. */
export function toUpdateFileRequest(
  values: FileFormValues,
  original: FileShare,
): UpdateFileShareRequest {
  const changes: UpdateFileShareRequest = {};
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
