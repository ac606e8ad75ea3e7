import { Badge, Card, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PublicUploadRequest } from '@sharebin/shared';
import { IconEyeOff, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { SharedFileFact, ShareProtectedBadge, useShareAccessTexts } from '../../shares';
import type { Committed } from '../upload-request.limits';

/** The request's folder by name (never its path), and that files are asked for. */
export function RequestHeading({
  request,
  unlocked,
}: {
  request: PublicUploadRequest;
  unlocked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={48} radius="md" variant="light" style={{ flexShrink: 0 }}>
        <IconInbox size={26} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.2}>
          {t('uploadRequests.view.label')}
        </Text>
        <Title
          order={1}
          fz={{ base: 20, sm: 26 }}
          lh={1.2}
          // Full contrast in both themes (the default text colour is a dim grey on dark).
          c="bright"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="upload-request-name"
        >
          {request.name}
        </Title>
        <Text size="sm" c="dimmed" maw={620}>
          {t('uploadRequests.view.intro')}
        </Text>
        {unlocked && (
          <Group gap={6}>
            <ShareProtectedBadge kind="uploadRequest" />
          </Group>
        )}
      </Stack>
    </Group>
  );
}

/**
 * What the request still takes: the size per file, the files and bytes left after what this
 * visitor sent, the accepted types and until when.
 */
export function RequestAllowances({
  request,
  committed,
}: {
  request: PublicUploadRequest;
  committed: Committed;
}) {
  const { t, i18n } = useTranslation();
  const words = 'uploadRequests.view.accepts';
  const bytes = (value: number) => formatBytes(value, i18n.language);
  const filesLeft =
    request.remaining_files == null ? null : Math.max(0, request.remaining_files - committed.files);
  const bytesLeft =
    request.remaining_bytes == null ? null : Math.max(0, request.remaining_bytes - committed.bytes);
  const access = useShareAccessTexts('uploadRequest', {
    expires_at: request.expires_at ?? null,
    remaining_views: filesLeft,
  });
  const types = request.allowed_types ?? [];
  return (
    <Card p={{ base: 'md', sm: 'lg' }} data-testid="upload-request-allowances">
      <Stack gap="sm">
        <Title order={2} fz="md" c="bright">
          {t(`${words}.title`)}
        </Title>
        <Stack gap={8}>
          {request.max_file_size !== undefined && (
            <SharedFileFact label={t(`${words}.perFile`)} testId="upload-request-per-file">
              {t(`${words}.upTo`, { value: bytes(request.max_file_size) })}
            </SharedFileFact>
          )}
          <SharedFileFact label={t(`${words}.filesLeft`)} testId="upload-request-files-left">
            {access.viewsLeft}
          </SharedFileFact>
          <SharedFileFact label={t(`${words}.bytesLeft`)} testId="upload-request-bytes-left">
            {bytesLeft === null ? t('uploadRequests.limits.noLimit') : bytes(bytesLeft)}
          </SharedFileFact>
          <SharedFileFact label={t(`${words}.expires`)} testId="upload-request-expiry">
            {access.expiry}
          </SharedFileFact>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t(`${words}.types`)}
            </Text>
            <Group gap={6} data-testid="upload-request-types">
              {types.length === 0 ? (
                <Text size="sm" fw={500}>
                  {t('uploadRequests.limits.anyType')}
                </Text>
              ) : (
                types.map((type) => (
                  <Badge key={type} variant="light" color="gray" tt="none" ff="monospace">
                    {type}
                  </Badge>
                ))
              )}
            </Group>
          </Stack>
        </Stack>
        <Divider />
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconEyeOff
            size={16}
            stroke={1.7}
            color="var(--mantine-color-dimmed)"
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="xs" c="dimmed">
            {t(`${words}.privacy`)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
