import type { ExpiryOption } from '@sharebin/shared';
import type { ServerIssue } from '../../app/error-messages';
import type { IssueMessage } from './form-errors';

/**
 * The share settings a paste and a file share have alike (SPEC §5): link suffix, remark,
 * password, expiry and view limit, as an edit form holds them and as its request sends them.
 */

/** `keep` leaves the expiry as it is; the others count from now (SPEC §9). */
export type ExpiryChoice = ExpiryOption | 'keep';
export const EXPIRY_CHOICES: readonly ExpiryChoice[] = ['keep', '1h', '1d', '7d', '30d', 'never'];

/** `keep` sends nothing, `set` a new password, `remove` null. */
export type PasswordAction = 'keep' | 'set' | 'remove';

export interface ShareSettingsValues {
  remark: string;
  slug: string;
  passwordAction: PasswordAction;
  password: string;
  expiry: ExpiryChoice;
  maxViews: string | number;
}

export type ShareSettingsField = 'remark' | 'slug' | 'password' | 'maxViews';

/** What a share holds of its settings. */
export interface ShareSettingsSource {
  remark: string;
  slug: string;
  has_password: boolean;
  max_views: number;
  views: number;
  expires_at: string | null;
}

/** The changes both update requests (pastes and file shares) accept. */
export interface ShareSettingsChanges {
  remark?: string;
  slug?: string;
  password?: string | null;
  expires_in?: ExpiryOption;
  max_views?: number;
}

/** The request's names of the settings, mapped to the form's (for schema and server issues). */
export const SHARE_SETTINGS_FIELDS: Readonly<Record<string, ShareSettingsField>> = {
  remark: 'remark',
  slug: 'slug',
  password: 'password',
  max_views: 'maxViews',
};

/** The field a value's messages show on: a password action's on the password; expiry has none. */
export const shareFieldOf = (key: keyof ShareSettingsValues): ShareSettingsField | null =>
  key === 'passwordAction' ? 'password' : key === 'expiry' ? null : key;

export function shareSettingsFrom(share: ShareSettingsSource): ShareSettingsValues {
  return {
    remark: share.remark,
    slug: share.slug,
    passwordAction: 'keep',
    password: '',
    expiry: 'keep',
    maxViews: share.max_views,
  };
}

/** A share not made yet (the explorer's Share dialog): no suffix, no password, no limits. */
export const NEW_SHARE_SETTINGS: ShareSettingsSource = {
  remark: '',
  slug: '',
  has_password: false,
  max_views: 0,
  views: 0,
  expires_at: null,
};

/** The field's text as a number: NaN for an empty or non-numeric text, so the schema refuses it. */
function maxViewsNumber(value: string | number): number {
  const text = String(value).trim();
  return text === '' ? Number.NaN : Number(text);
}

/**
 * Every setting as the update request would carry it, for the shared schema to check; the
 * password only when a new one is being set.
 */
export function shareSettingsCandidate(values: ShareSettingsValues) {
  return {
    remark: values.remark,
    slug: values.slug,
    max_views: maxViewsNumber(values.maxViews),
    ...(values.passwordAction === 'set' ? { password: values.password } : {}),
  };
}

/**
 * A new share's settings as the update schema checks them: an empty suffix asks for a random
 * one, so it is left out rather than refused.
 */
export function creationCandidate(values: ShareSettingsValues) {
  const { slug, ...rest } = shareSettingsCandidate(values);
  return slug.trim() === '' ? rest : { ...rest, slug };
}

/** Only the settings that changed; an empty object means nothing to save. */
export function shareSettingsChanges(
  values: ShareSettingsValues,
  original: ShareSettingsSource,
): ShareSettingsChanges {
  const changes: ShareSettingsChanges = {};
  const remark = values.remark.trim();
  if (remark !== original.remark) changes.remark = remark;
  const slug = values.slug.trim();
  if (slug !== original.slug) changes.slug = slug;
  if (values.passwordAction === 'set') changes.password = values.password;
  if (values.passwordAction === 'remove' && original.has_password) changes.password = null;
  if (values.expiry !== 'keep') changes.expires_in = values.expiry;
  const maxViews = maxViewsNumber(values.maxViews);
  if (Number.isInteger(maxViews) && maxViews !== original.max_views) changes.max_views = maxViews;
  return changes;
}

/** Translation keys of the settings' messages, under `shareForm`. */
export type ShareMessageKey =
  | 'remarkTooLong'
  | 'slugRequired'
  | 'slugPattern'
  | 'slugTooLong'
  | 'slugReserved'
  | 'passwordRequired'
  | 'passwordTooLong'
  | 'maxViewsInvalid'
  | 'maxViewsTooLarge';

/** Which message a schema issue on a setting gets, with its values. */
export function shareIssueMessage(
  field: string,
  issue: ServerIssue,
): { key: ShareMessageKey; params?: Record<string, number> } | undefined {
  const max = { max: issue.maximum ?? 0 };
  switch (field) {
    case 'remark':
      return issue.code === 'too_big' ? { key: 'remarkTooLong', params: max } : undefined;
    case 'slug':
      if (issue.code === 'too_small') return { key: 'slugRequired' };
      if (issue.code === 'too_big') return { key: 'slugTooLong', params: max };
      if (issue.code === 'invalid_format') return { key: 'slugPattern' };
      return issue.code === 'custom' ? { key: 'slugReserved' } : undefined;
    case 'password':
      if (issue.code === 'too_small') return { key: 'passwordRequired' };
      return issue.code === 'too_big' ? { key: 'passwordTooLong', params: max } : undefined;
    case 'maxViews':
      return issue.code === 'too_big'
        ? { key: 'maxViewsTooLarge', params: max }
        : { key: 'maxViewsInvalid' };
    default:
      return undefined;
  }
}

/** The settings' messages, worded by `translate` (the `shareForm` texts). */
export const shareIssueMessages =
  <F extends string>(
    translate: (key: ShareMessageKey, params?: Record<string, number>) => string,
  ): IssueMessage<F> =>
  (field, issue) => {
    const message = shareIssueMessage(field, issue);
    return message && translate(message.key, message.params);
  };

/** The server's upper bound for max views (the shared schemas' `max_views`). */
export const MAX_VIEWS_LIMIT = 1_000_000_000;
