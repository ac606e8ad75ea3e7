import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { ERROR_CODES, type PublicFile, SLUG_MAX_LENGTH, SLUG_PATTERN } from '@sharebin/shared';
import { IconAlertCircle, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../app/api-client';
import { PageLoader } from '../../../app/layout/PageLoader';
import { usePageTitle } from '../../../app/page-title';
import { SharePasswordPrompt } from '../../shares/components/SharePasswordPrompt';
import { FilePreview } from '../components/share/FilePreview';
import { FileShareDetails } from '../components/share/FileShareDetails';
import {
  FileShareUnavailable,
  type FileUnavailableReason,
} from '../components/share/FileShareUnavailable';
import { fileTypeIcon } from '../components/share/file-type-icon';
import { previewKind } from '../share/file-preview';
import { fileShareApi } from '../share/file-share.api';
import { useFileShareView, useVerifyFileShare } from '../share/file-share.hooks';

const UNAVAILABLE: Record<string, FileUnavailableReason> = {
  [ERROR_CODES.fileNotFound]: 'notFound',
  [ERROR_CODES.validationFailed]: 'notFound',
  [ERROR_CODES.fileExpired]: 'expired',
  [ERROR_CODES.fileViewsExhausted]: 'exhausted',
};

const unavailableReason = (error: unknown): FileUnavailableReason | null =>
  isApiError(error) ? (UNAVAILABLE[error.code] ?? null) : null;

function FileShareDisplay({ file, unlocked }: { file: PublicFile; unlocked: boolean }) {
  const { t } = useTranslation();
  if (!file.preview_url || !file.download_url || !file.filename || !file.mimetype) {
    return <FileShareUnavailable reason="notFound" />;
  }
  const previewUrl = fileShareApi.contentUrl(file.preview_url);
  const downloadUrl = fileShareApi.contentUrl(file.download_url);
  const TypeIcon = fileTypeIcon(previewKind(file.mimetype, file.filename), file.mimetype);
  return (
    <Container size="lg" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light" style={{ flexShrink: 0 }}>
            <TypeIcon size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title
              order={1}
              fz={{ base: 20, sm: 26 }}
              // Full contrast in both themes (the default text colour is a dim grey on dark).
              c="bright"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="file-name"
            >
              {file.filename}
            </Title>
            <Group gap={6}>
              {unlocked && (
                <Badge tt="none" variant="light" color="grape" leftSection={<IconLock size={12} />}>
                  {t('fileShare.meta.protected')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Grid gutter="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Card p={{ base: 'sm', sm: 'lg' }} data-testid="file-preview">
              <FilePreview
                file={{
                  filename: file.filename,
                  mimetype: file.mimetype,
                  size: file.size ?? 0,
                  previewUrl,
                  downloadUrl,
                }}
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <FileShareDetails file={file} previewUrl={previewUrl} downloadUrl={downloadUrl} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function FileShareViewer({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const view = useFileShareView(slug);
  const verify = useVerifyFileShare(slug);

  if (verify.data) return <FileShareDisplay file={verify.data} unlocked />;
  if (view.isPending) return <PageLoader />;
  if (view.data && !view.data.requires_password) {
    return <FileShareDisplay file={view.data} unlocked={false} />;
  }
  if (view.data?.requires_password) {
    // The share may expire or run out of views while the prompt is open.
    const verifyReason = unavailableReason(verify.error);
    if (verifyReason) return <FileShareUnavailable reason={verifyReason} />;
    return (
      <SharePasswordPrompt
        kind="file"
        onSubmit={(password) => verify.mutate(password)}
        pending={verify.isPending}
        error={verify.error}
      />
    );
  }
  const reason = unavailableReason(view.error);
  if (reason) return <FileShareUnavailable reason={reason} />;
  return (
    <Container size="sm" py="xl">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('fileShare.loadFailed')}
        data-testid="file-load-failed"
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
            {t('fileShare.retry')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

/** /file/{slug}: a shared file with its preview, behind its password when it has one (SPEC §2). */
export default function FileSharePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  usePageTitle([t('titles.file'), slug]);
  // A suffix no share can have is not asked for (and not counted as a failed look-up).
  if (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX_LENGTH) {
    return <FileShareUnavailable reason="notFound" />;
  }
  // Keyed by slug: another share starts with a fresh password prompt.
  return <FileShareViewer key={slug} slug={slug} />;
}
