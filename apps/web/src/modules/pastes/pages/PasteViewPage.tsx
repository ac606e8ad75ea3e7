import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { ERROR_CODES, type PasteView, SLUG_MAX_LENGTH, SLUG_PATTERN } from '@sharebin/shared';
import {
  IconAlertCircle,
  IconCalendarTime,
  IconClockHour4,
  IconEye,
  IconLock,
  IconRefresh,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../app/api-client';
import { formatDateTime, formatRelative } from '../../../app/format';
import { PageLoader } from '../../../app/layout/PageLoader';
import { usePageTitle } from '../../../app/page-title';
import { CODE_LANGUAGES } from '../../editor/editor.languages';
import { SharePasswordPrompt } from '../../shares/components/SharePasswordPrompt';
import { PasteActions } from '../components/PasteActions';
import { PasteContent } from '../components/PasteContent';
import { PasteUnavailable, type UnavailableReason } from '../components/PasteUnavailable';
import { usePasteView, useUnlockPaste } from '../paste-view.hooks';

const UNAVAILABLE: Record<string, UnavailableReason> = {
  [ERROR_CODES.pasteNotFound]: 'notFound',
  [ERROR_CODES.validationFailed]: 'notFound',
  [ERROR_CODES.pasteExpired]: 'expired',
  [ERROR_CODES.pasteViewsExhausted]: 'exhausted',
};

const unavailableReason = (error: unknown): UnavailableReason | null =>
  isApiError(error) ? (UNAVAILABLE[error.code] ?? null) : null;

function PasteFacts({ paste }: { paste: PasteView }) {
  const { t, i18n } = useTranslation();
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
        {paste.expires_at
          ? t('pasteView.meta.expires', {
              time: formatRelative(paste.expires_at, i18n.language),
              date: formatDateTime(paste.expires_at, i18n.language),
            })
          : t('pasteView.meta.neverExpires')}
      </Badge>
      <Badge
        tt="none"
        variant="light"
        color={paste.remaining_views === null ? 'gray' : 'orange'}
        leftSection={<IconEye size={12} />}
        data-testid="paste-views-left"
      >
        {paste.remaining_views === null
          ? t('pasteView.meta.unlimitedViews')
          : paste.remaining_views === 0
            ? t('pasteView.meta.lastView')
            : t('pasteView.meta.viewsLeft', { count: paste.remaining_views })}
      </Badge>
      {paste.has_password && (
        <Badge tt="none" variant="light" color="grape" leftSection={<IconLock size={12} />}>
          {t('pasteView.meta.protected')}
        </Badge>
      )}
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
    <Container size="lg" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
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
      </Stack>
    </Container>
  );
}

function PasteViewer({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const view = usePasteView(slug);
  const unlock = useUnlockPaste(slug);

  const paste = view.data ?? unlock.data;
  if (paste) return <PasteDisplay paste={paste} />;
  if (view.isPending) return <PageLoader />;

  const viewReason = unavailableReason(view.error);
  if (viewReason) return <PasteUnavailable reason={viewReason} />;
  if (isApiError(view.error) && view.error.code === ERROR_CODES.pastePasswordRequired) {
    // The paste may expire or run out of views while the prompt is open.
    const unlockReason = unavailableReason(unlock.error);
    if (unlockReason) return <PasteUnavailable reason={unlockReason} />;
    return (
      <SharePasswordPrompt
        kind="paste"
        onSubmit={(password) => unlock.mutate(password)}
        pending={unlock.isPending}
        error={unlock.error}
      />
    );
  }
  return (
    <Container size="sm" py="xl">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('pasteView.loadFailed')}
        data-testid="paste-load-failed"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(view.error)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void view.refetch()}
          >
            {t('pasteView.retry')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

/** /paste/{slug}: a shared paste, behind its password when it has one (SPEC §2). */
export default function PasteViewPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  usePageTitle([t('titles.paste'), slug]);
  // A suffix that no paste can have is not asked for (and not counted as a failed look-up).
  if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX_LENGTH) {
    return <PasteUnavailable reason="notFound" />;
  }
  // Keyed by slug: another paste starts with a fresh password prompt.
  return <PasteViewer key={slug} slug={slug} />;
}
