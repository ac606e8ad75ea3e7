import { Box, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import type { PublicFile } from '@sharebin/shared';
import { IconCheck, IconDownload, IconExternalLink, IconLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../../app/clipboard';
import { formatDateTime } from '../../../../app/format';
import { formatBytes } from '../../../../shared/format-bytes';
import { ShareQrCode, useShareAccessTexts } from '../../../shares';
import { fileShareUrl } from '../../share/file-share.api';
import classes from './share.module.css';

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
      <Text size="sm" c="dimmed" className={classes.factLabel}>
        {label}
      </Text>
      <Text size="sm" fw={500} className={classes.factValue} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/** A share's facts, its download and link, and a QR code to open it elsewhere. */
export function FileShareDetails({
  file,
  previewUrl,
  downloadUrl,
}: {
  file: PublicFile;
  previewUrl: string;
  downloadUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const { copied, copy } = useCopy();
  const shareUrl = fileShareUrl(file.slug);
  const access = useShareAccessTexts('file', file);

  return (
    <Card p={{ base: 'md', sm: 'lg' }} data-testid="file-details">
      <Stack gap="md">
        <Button
          component="a"
          href={downloadUrl}
          download={file.filename}
          size="md"
          leftSection={<IconDownload size={18} />}
          fullWidth
          data-testid="file-download"
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
            data-testid="file-copy-link"
          >
            {copied ? t('common.copied') : t('common.copyLink')}
          </Button>
          <Button
            component="a"
            href={previewUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="xs"
            leftSection={<IconExternalLink size={15} />}
          >
            {t('fileShare.actions.open')}
          </Button>
        </Group>
        <Divider />
        <Stack gap={8}>
          <Fact label={t('common.size')} testId="file-size">
            {formatBytes(file.size ?? 0, i18n.language)}
          </Fact>
          <Fact label={t('common.type')} testId="file-type">
            {file.mimetype}
          </Fact>
          {file.created_at && (
            <Fact label={t('fileShare.meta.uploaded')}>
              {formatDateTime(file.created_at, i18n.language)}
            </Fact>
          )}
          <Fact label={t('common.expires')} testId="file-expiry">
            {access.expiry}
          </Fact>
          <Fact label={t('fileShare.meta.viewsLeft')} testId="file-views-left">
            {access.viewsLeft}
          </Fact>
        </Stack>
        {/* A phone showing the page has little use for a code to scan with a phone. */}
        <Divider visibleFrom="sm" />
        <Box visibleFrom="sm">
          <ShareQrCode
            url={shareUrl}
            size={136}
            title={t('fileShare.actions.qrCode')}
            testId="file-qr"
            hint={t('fileShare.actions.qrHint')}
            withBorder
          />
        </Box>
      </Stack>
    </Card>
  );
}
