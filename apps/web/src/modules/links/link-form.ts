import type { ExpiryOption, ShortLink, ShortLinkCreateRequest } from '@sharebin/shared';
import { NEW_SHARE_SETTINGS, type ShareSettingsValues, shareSettingsChanges } from '../management';
import type { ShortLinkUpdateRequest } from './links.api';

/** What a short link's form edits besides the settings every share has: where it leads. */
export interface LinkTarget {
  url: string;
}

export type LinkFormValues = ShareSettingsValues & LinkTarget;

/** A short link as its form reads it: a saved one, or one not made yet. */
export type LinkSource = typeof NEW_SHARE_SETTINGS & LinkTarget;

/** A link not made yet: no address, no suffix, no password, no limits. */
export const NEW_LINK: LinkSource = { ...NEW_SHARE_SETTINGS, url: '' };

/** The address as the request carries it (and the schema checks it). */
export const linkTargetCandidate = ({ url }: LinkTarget) => ({ url: url.trim() });

/** Only the fields that changed; an empty object means nothing to save. */
export function linkChanges(values: LinkFormValues, original: ShortLink): ShortLinkUpdateRequest {
  const changes: ShortLinkUpdateRequest = { ...shareSettingsChanges(values, original) };
  const { url } = linkTargetCandidate(values);
  if (url !== original.url) changes.url = url;
  return changes;
}

/** The new link's request: an empty suffix asks for a random one, no expiry means never. */
export function linkCreateRequest(values: LinkFormValues): ShortLinkCreateRequest {
  const slug = values.slug.trim();
  return {
    ...linkTargetCandidate(values),
    remark: values.remark.trim(),
    ...(slug ? { slug } : {}),
    ...(values.passwordAction === 'set' ? { password: values.password } : {}),
    expires_in: values.expiry === 'keep' ? 'never' : (values.expiry as ExpiryOption),
    max_views: Number(String(values.maxViews).trim() || 0),
  };
}
