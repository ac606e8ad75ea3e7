import {
  type ExpiryOption,
  normalizePath,
  PASTE_REMARK_MAX_LENGTH,
  RESERVED_SLUGS,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '@sharebin/shared';
import { MAX_VIEWS_LIMIT } from '../../management';
import type { ShareRequestOptions } from './upload.api';

/**
 * The upload page's share settings: values and rules, mirroring shareOptionsSchema (SPEC §5)
 * so that mistakes show before anything is sent.
 */
export interface UploadFormValues {
  /** Null: the default storage. */
  storageId: string | null;
  path: string;
  slug: string;
  remark: string;
  password: string;
  expiresIn: ExpiryOption;
  maxViews: string | number;
}

export type UploadFormField = 'path' | 'slug' | 'remark' | 'password' | 'maxViews';

export interface UploadFormError {
  key:
    | 'upload.form.pathInvalid'
    | 'upload.form.slugPattern'
    | 'upload.form.slugTooLong'
    | 'upload.form.slugReserved'
    | 'upload.form.slugOneFile'
    | 'upload.form.remarkTooLong'
    | 'upload.form.passwordTooLong'
    | 'upload.form.maxViewsInvalid'
    | 'upload.form.maxViewsTooLarge';
  params?: Record<string, number>;
}

export type UploadFormErrors = Partial<Record<UploadFormField, UploadFormError>>;

const reservedSlugs = new Set<string>(RESERVED_SLUGS);

export function emptyUploadForm(): UploadFormValues {
  return {
    storageId: null,
    path: '/',
    slug: '',
    remark: '',
    password: '',
    expiresIn: 'never',
    maxViews: 0,
  };
}

function parseMaxViews(value: string | number): number | null {
  const text = String(value).trim();
  if (text === '') return 0;
  return /^\d+$/.test(text) ? Number(text) : null;
}

function parsePath(value: string): string | null {
  try {
    return normalizePath(value.trim() || '/');
  } catch {
    return null;
  }
}

/** `fileCount`: how many uploads the settings are about to be used for (a suffix fits one). */
export function validateUploadForm(values: UploadFormValues, fileCount: number): UploadFormErrors {
  const errors: UploadFormErrors = {};
  if (parsePath(values.path) === null) errors.path = { key: 'upload.form.pathInvalid' };
  const slug = values.slug.trim();
  if (slug !== '' && !SLUG_PATTERN.test(slug)) {
    errors.slug = { key: 'upload.form.slugPattern' };
  } else if (slug.length > SLUG_MAX_LENGTH) {
    errors.slug = { key: 'upload.form.slugTooLong', params: { max: SLUG_MAX_LENGTH } };
  } else if (reservedSlugs.has(slug.toLowerCase())) {
    errors.slug = { key: 'upload.form.slugReserved' };
  } else if (slug !== '' && fileCount > 1) {
    errors.slug = { key: 'upload.form.slugOneFile' };
  }
  if (values.remark.trim().length > PASTE_REMARK_MAX_LENGTH) {
    errors.remark = { key: 'upload.form.remarkTooLong', params: { max: PASTE_REMARK_MAX_LENGTH } };
  }
  if (values.password.length > SHARE_PASSWORD_MAX_LENGTH) {
    errors.password = {
      key: 'upload.form.passwordTooLong',
      params: { max: SHARE_PASSWORD_MAX_LENGTH },
    };
  }
  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews === null) {
    errors.maxViews = { key: 'upload.form.maxViewsInvalid' };
  } else if (maxViews > MAX_VIEWS_LIMIT) {
    errors.maxViews = { key: 'upload.form.maxViewsTooLarge', params: { max: MAX_VIEWS_LIMIT } };
  }
  return errors;
}

/** Call only with values that passed validateUploadForm. */
export function toShareRequestOptions(values: UploadFormValues): ShareRequestOptions {
  const options: ShareRequestOptions = {
    path: parsePath(values.path) ?? '/',
    remark: values.remark.trim(),
    expires_in: values.expiresIn,
    max_views: parseMaxViews(values.maxViews) ?? 0,
  };
  if (values.storageId) options.s3_config_id = values.storageId;
  const slug = values.slug.trim();
  if (slug !== '') options.slug = slug;
  if (values.password !== '') options.password = values.password;
  return options;
}
