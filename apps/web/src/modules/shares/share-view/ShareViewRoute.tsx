import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '@sharebin/shared';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../app/page-title';
import { ShareUnavailable } from './ShareUnavailable';
import { SHARE_KINDS, type ShareKind } from './share-kinds';

/** A share page's route (`/paste/{slug}`, `/file/{slug}`): its title, then its viewer. */
export function ShareViewRoute({
  kind,
  viewer: Viewer,
}: {
  kind: ShareKind;
  viewer: ComponentType<{ slug: string }>;
}) {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  usePageTitle([t(SHARE_KINDS[kind].pageTitle), slug]);
  // A suffix that no share can have is not asked for (and not counted as a failed look-up).
  if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX_LENGTH) {
    return <ShareUnavailable kind={kind} reason="notFound" />;
  }
  // Keyed by slug: another share starts with a fresh password prompt.
  return <Viewer key={slug} slug={slug} />;
}
