import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import { ERROR_CODES, type PasteView } from '@sharebin/shared';
import { IconCalendarTime, IconClockHour4, IconEye } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { formatDateTime } from '../../../app/format';
import { CODE_LANGUAGES } from '../../editor';
import {
  ShareProtectedBadge,
  ShareViewFrame,
  ShareViewRoute,
  ShareViewShell,
  useShareAccessTexts,
} from '../../shares';
import { PasteActions } from '../components/PasteActions';
import { PasteContent } from '../components/PasteContent';
import { usePasteView, useUnlockPaste } from '../paste-view.hooks';

function PasteFacts({ paste }: { paste: PasteView }) {
  const { t, i18n } = useTranslation();
  const access = useShareAccessTexts('paste', paste);
  const languageLabel =
    paste.format === 'markdown'
      ? 'Markdown'
      : (CODE_LANGUAGES.find((entry) => entry.value === paste.language)?.label ??
        t('pasteView.meta.plainText'));
  return (
    <Group gap={6} data-testid="paste-facts">
      <Badge tt="none" variant="light" color="gray" leftSection={<IconCalendarTime size={12} />}>
        {t('pasteView.meta.created', { time: formatDateTime(paste.created_at, i18n.language) })}
      </Badge>
      <Badge
        tt="none"
        variant="light"
        color={paste.expires_at ? 'orange' : 'gray'}
        leftSection={<IconClockHour4 size={12} />}
        data-testid="paste-expiry"
      >
        {access.expiry}
      </Badge>
      <Badge
        tt="none"
        variant="light"
        color={paste.remaining_views === null ? 'gray' : 'orange'}
        leftSection={<IconEye size={12} />}
        data-testid="paste-views-left"
      >
        {access.viewsLeft}
      </Badge>
      {paste.has_password && <ShareProtectedBadge kind="paste" />}
      <Badge tt="none" variant="outline" color="gray">
        {languageLabel}
      </Badge>
    </Group>
  );
}

function PasteDisplay({ paste }: { paste: PasteView }) {
  const { t } = useTranslation();
  const [rendered, setRendered] = useState<HTMLElement | null>(null);
  const onRendered = useCallback((element: HTMLElement) => setRendered(element), []);
  return (
    <ShareViewFrame>
      <Stack gap="xs">
        <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {t('pasteView.untitled', { slug: paste.slug })}
        </Title>
        <PasteFacts paste={paste} />
      </Stack>
      <PasteActions paste={paste} rendered={rendered} />
      <Card p={{ base: 'md', sm: 'xl' }} data-testid="paste-content">
        <PasteContent
          content={paste.content}
          format={paste.format}
          language={paste.language}
          onRendered={onRendered}
        />
      </Card>
    </ShareViewFrame>
  );
}

function PasteViewer({ slug }: { slug: string }) {
  const view = usePasteView(slug);
  const unlock = useUnlockPaste(slug);
  const paste = view.data ?? unlock.data;
  return (
    <ShareViewShell
      kind="paste"
      view={view}
      unlock={unlock}
      locked={isApiError(view.error) && view.error.code === ERROR_CODES.pastePasswordRequired}
      content={paste ? <PasteDisplay paste={paste} /> : null}
    />
  );
}

/** /paste/{slug}: a shared paste, behind its password when it has one (SPEC §2). */
export default function PasteViewPage() {
  return <ShareViewRoute kind="paste" viewer={PasteViewer} />;
}
