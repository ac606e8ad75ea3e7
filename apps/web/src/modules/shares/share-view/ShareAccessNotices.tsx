import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../app/format';
import { SHARE_KINDS } from './share-kinds';

/** What limits a visitor's access to a share; a file share's look-up may leave either out. */
export type ShareAccess = { expires_at?: string | null; remaining_views?: number | null };

/** Each page's own words: a paste shows badges, the file shares label-value rows. */
const WORDS = {
  paste: {
    expires: (t: TFunction, time: string, date: string) =>
      t('pasteView.meta.expires', { time, date }),
    never: (t: TFunction) => t('pasteView.meta.neverExpires'),
    unlimited: (t: TFunction) => t('pasteView.meta.unlimitedViews'),
    viewsLeft: (t: TFunction, count: number) => t('pasteView.meta.viewsLeft', { count }),
  },
  file: {
    expires: (_t: TFunction, time: string, date: string) => `${time} (${date})`,
    never: (t: TFunction) => t('common.never'),
    unlimited: (t: TFunction) => t('fileShare.meta.unlimited'),
    viewsLeft: (_t: TFunction, count: number) => String(count),
  },
  fs: {
    expires: (_t: TFunction, time: string, date: string) => `${time} (${date})`,
    never: (t: TFunction) => t('common.never'),
    unlimited: (t: TFunction) => t('fsShares.view.meta.unlimited'),
    viewsLeft: (_t: TFunction, count: number) => String(count),
  },
  // An upload request's views are the files it takes.
  uploadRequest: {
    expires: (_t: TFunction, time: string, date: string) => `${time} (${date})`,
    never: (t: TFunction) => t('uploadRequests.limits.noEnd'),
    unlimited: (t: TFunction) => t('uploadRequests.limits.anyNumber'),
    viewsLeft: (_t: TFunction, count: number) => String(count),
  },
} as const;

/** The kinds whose pages show how long they last (a short link's page only leads on). */
type LimitedShareKind = keyof typeof WORDS;

/** How long a share lasts and how many views it has left, in its page's words. */
export function shareAccessTexts(
  t: TFunction,
  language: string,
  kind: LimitedShareKind,
  access: ShareAccess,
): { expiry: string; viewsLeft: string } {
  const words = WORDS[kind];
  const { expires_at: expiresAt, remaining_views: remaining = null } = access;
  return {
    expiry: expiresAt
      ? words.expires(t, formatRelative(expiresAt, language), formatDateTime(expiresAt, language))
      : words.never(t),
    viewsLeft:
      remaining === null
        ? words.unlimited(t)
        : remaining === 0
          ? t(`${SHARE_KINDS[kind].texts}.meta.lastView`)
          : words.viewsLeft(t, remaining),
  };
}

export function useShareAccessTexts(kind: LimitedShareKind, access: ShareAccess) {
  const { t, i18n } = useTranslation();
  return shareAccessTexts(t, i18n.language, kind, access);
}

/** Marks a protected share the visitor has unlocked. */
export function ShareProtectedBadge({ kind }: { kind: LimitedShareKind }) {
  const { t } = useTranslation();
  return (
    <Badge tt="none" variant="light" color="grape" leftSection={<IconLock size={12} />}>
      {t(`${SHARE_KINDS[kind].texts}.meta.protected`)}
    </Badge>
  );
}
