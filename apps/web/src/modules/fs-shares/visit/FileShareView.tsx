import { Box, Button, Card, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import type { PublicFsShare } from '@sharebin/shared';
import { IconCheck, IconDownload, IconExternalLink, IconLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../app/clipboard';
import { appPageUrl } from '../../../app/runtime-config';
import { formatBytes } from '../../../shared/format-bytes';
import { fileTypeIcon, previewKind } from '../../files';
import { ShareQrCode, ShareViewFrame, useShareAccessTexts } from '../../shares';
import { shareHref } from '../fs-share.paths';
import { SharedFilePreview, sharedFile } from './SharedFilePreview';
import { ShareHeading, shareLimits } from './ShareHeading';
import { RECOUNT_DELAY_MS, type ShareAccess } from './share-visit.hooks';

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={500}
        ta="right"
        miw={0}
        style={{ overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {children}
      </Text>
    </Group>
  );
}

/** A shared file of a mount, as the file-share page shows an uploaded one. */
export function FileShareView({
  slug,
  share,
  access,
}: {
  slug: string;
  share: PublicFsShare;
  access: ShareAccess;
}) {
  const { t, i18n } = useTranslation();
  const { copied, copy } = useCopy();
  const name = share.name ?? '';
  const mimetype = share.mimetype ?? 'application/octet-stream';
  const file = sharedFile(slug, access.token, { name, size: share.size ?? null, mimetype });
  const limits = shareLimits(share, access);
  const texts = useShareAccessTexts('fs', limits);
  const limited = limits.remaining_views !== null;
  const shareUrl = appPageUrl(shareHref(slug));
  const downloaded = () => {
    if (limited) window.setTimeout(access.refresh, RECOUNT_DELAY_MS);
  };
  return (
    <ShareViewFrame>
      <ShareHeading
        icon={fileTypeIcon(previewKind(mimetype, name), mimetype)}
        label={t('fsShares.view.file.label')}
        share={share}
        access={access}
        withLimits={false}
      />
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Card p={{ base: 'sm', sm: 'lg' }} data-testid="fs-share-file-preview">
            <SharedFilePreview file={file} limited={limited} onShown={downloaded} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Card p={{ base: 'md', sm: 'lg' }} data-testid="fs-share-file-details">
            <Stack gap="md">
              <Button
                component="a"
                href={file.downloadUrl}
                download={name}
                size="md"
                leftSection={<IconDownload size={18} />}
                fullWidth
                onClick={downloaded}
                data-testid="fs-share-download"
              >
                {t('common.download')}
              </Button>
              <Group grow gap="xs">
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  size="xs"
                  leftSection={copied ? <IconCheck size={15} /> : <IconLink size={15} />}
                  onClick={() => void copy(shareUrl)}
                >
                  {copied ? t('common.copied') : t('common.copyLink')}
                </Button>
                {!limited && (
                  <Button
                    component="a"
                    href={file.previewUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="default"
                    size="xs"
                    leftSection={<IconExternalLink size={15} />}
                  >
                    {t('fsShares.view.file.openInTab')}
                  </Button>
                )}
              </Group>
              <Divider />
              <Stack gap={8}>
                <Fact label={t('common.size')} testId="fs-share-file-size">
                  {formatBytes(share.size ?? 0, i18n.language)}
                </Fact>
                <Fact label={t('common.type')} testId="fs-share-file-type">
                  {mimetype}
                </Fact>
                <Fact label={t('common.expires')}>{texts.expiry}</Fact>
                <Fact label={t('fsShares.view.meta.downloadsLeft')} testId="fs-share-file-left">
                  {texts.viewsLeft}
                </Fact>
              </Stack>
              {/* A phone showing the page has little use for a code to scan with a phone. */}
              <Divider visibleFrom="sm" />
              <Box visibleFrom="sm">
                <ShareQrCode
                  url={shareUrl}
                  size={136}
                  title={t('fsShares.link.qrCode')}
                  testId="fs-share-qr"
                  hint={t('fsShares.view.file.qrHint')}
                  withBorder
                />
              </Box>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </ShareViewFrame>
  );
}
