import { Box, Button, Card, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconDownload, IconExternalLink, IconLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../app/clipboard';
import { ShareQrCode } from '../components/ShareQrCode';

/**
 * A shared file's page below its heading: the preview beside the details on wide screens, the
 * details first on a phone, where the download button is what the visitor came for.
 */
export function SharedFileLayout({
  preview,
  previewTestId,
  details,
}: {
  preview: ReactNode;
  previewTestId: string;
  details: ReactNode;
}) {
  return (
    <Grid gutter="md" align="flex-start">
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Card p={{ base: 'sm', sm: 'lg' }} data-testid={previewTestId}>
          {preview}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        {details}
      </Grid.Col>
    </Grid>
  );
}

/** One fact of a shared file: its label, and its value on the right, broken anywhere if long. */
export function SharedFileFact({
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

/**
 * A shared file's details: its download, the share's link to copy, the file opened in a tab of
 * its own, its facts (`children`, SharedFileFact each) and a QR code to open it elsewhere.
 */
export function SharedFileDetails({
  shareUrl,
  download,
  openUrl,
  texts,
  testIds,
  children,
}: {
  shareUrl: string;
  download: { url: string; filename?: string; onClick?: () => void };
  /** The file on its own in a new tab; null leaves the button out. */
  openUrl: string | null;
  texts: { open: string; qrTitle: string; qrHint: string };
  /** The test hooks the e2e suite drives. */
  testIds: { card: string; download: string; copyLink?: string; qr: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <Card p={{ base: 'md', sm: 'lg' }} data-testid={testIds.card}>
      <Stack gap="md">
        <Button
          component="a"
          href={download.url}
          download={download.filename}
          size="md"
          leftSection={<IconDownload size={18} />}
          fullWidth
          onClick={download.onClick}
          data-testid={testIds.download}
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
            data-testid={testIds.copyLink}
          >
            {copied ? t('common.copied') : t('common.copyLink')}
          </Button>
          {openUrl && (
            <Button
              component="a"
              href={openUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="xs"
              leftSection={<IconExternalLink size={15} />}
            >
              {texts.open}
            </Button>
          )}
        </Group>
        <Divider />
        <Stack gap={8}>{children}</Stack>
        {/* A phone showing the page has little use for a code to scan with a phone. */}
        <Divider visibleFrom="sm" />
        <Box visibleFrom="sm">
          <ShareQrCode
            url={shareUrl}
            size={136}
            title={texts.qrTitle}
            testId={testIds.qr}
            hint={texts.qrHint}
            withBorder
          />
        </Box>
      </Stack>
    </Card>
  );
}
