import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Divider,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PasteSummary } from '@sharebin/shared';
import {
  IconAlertCircle,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconPencil,
} from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { formatDateTime } from '../../../app/format';
import { MarkdownView } from '../../markdown/components/MarkdownView';
import { useManagedPaste } from '../paste-management.hooks';
import { formatBytes, pasteShareUrl } from '../paste-management.utils';
import { PasteExpiry, PasteKindBadges, PasteViews } from './PasteBadges';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The paste's content as its visitors see it, with its link as text and as a QR code. */
export function PastePreviewModal({
  paste,
  opened,
  onClose,
  onExited,
  onEdit,
}: {
  paste: PasteSummary | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
  onEdit: (paste: PasteSummary) => void;
}) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, {
    getInitialValueInEffect: false,
  });
  const detail = useManagedPaste(paste?.id ?? null);
  const url = paste ? pasteShareUrl(paste.slug) : '';

  let content: ReactNode;
  if (detail.isPending) {
    content = (
      <Stack gap="xs" data-testid="paste-content-loading">
        <Skeleton h={14} w="70%" />
        <Skeleton h={14} w="90%" />
        <Skeleton h={14} w="55%" />
      </Stack>
    );
  } else if (detail.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(detail.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => detail.refetch()}>
            {t('textManagement.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (detail.data.format === 'markdown') {
    content = <MarkdownView source={detail.data.content} />;
  } else {
    content = (
      <Code
        block
        fz="sm"
        bg="transparent"
        p={0}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        data-testid="paste-text-content"
      >
        {detail.data.content}
      </Code>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }}>
            {t('textManagement.preview.title')}
          </Text>
          {paste && (
            <Code fz="sm" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {paste.slug}
            </Code>
          )}
        </Group>
      }
      size="xl"
      fullScreen={fullScreen}
      styles={{ title: { minWidth: 0 } }}
    >
      {paste && (
        <Stack gap="md" data-testid="paste-preview-modal">
          <Group align="stretch" gap="md" wrap="wrap">
            <Paper
              withBorder
              radius="md"
              p={8}
              bg="white"
              style={{ flexShrink: 0, alignSelf: 'center' }}
              mx={fullScreen ? 'auto' : undefined}
            >
              <QRCodeSVG
                value={url}
                size={132}
                level="M"
                bgColor="#ffffff"
                fgColor="#1a1b1e"
                title={t('textManagement.preview.qrCode')}
                data-testid="paste-qr-code"
              />
            </Paper>
            <Stack gap="sm" style={{ flex: '1 1 280px' }} miw={0}>
              <Group gap="xs" wrap="wrap" align="flex-end">
                <TextInput
                  label={t('textManagement.preview.shareLink')}
                  value={url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  style={{ flex: '1 1 240px' }}
                  miw={0}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  data-testid="paste-share-url"
                />
                <CopyButton value={url} timeout={2000}>
                  {({ copied, copy }) => (
                    <Button
                      variant={copied ? 'light' : 'default'}
                      color={copied ? 'teal' : undefined}
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      onClick={copy}
                      style={{ flexShrink: 0 }}
                    >
                      {copied
                        ? t('textManagement.preview.copied')
                        : t('textManagement.preview.copyLink')}
                    </Button>
                  )}
                </CopyButton>
                <Tooltip label={t('textManagement.openInNewTab')}>
                  <ActionIcon
                    component="a"
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="default"
                    size={36}
                    aria-label={t('textManagement.openInNewTab')}
                    style={{ flexShrink: 0 }}
                  >
                    <IconExternalLink size={18} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <PasteKindBadges paste={paste} />
              <Group gap="lg" wrap="wrap" align="flex-start">
                <Fact label={t('textManagement.columns.expires')}>
                  <PasteExpiry paste={paste} />
                </Fact>
                <Fact label={t('textManagement.columns.views')}>
                  <PasteViews paste={paste} />
                </Fact>
                <Fact label={t('textManagement.columns.size')}>
                  <Text size="sm">{formatBytes(paste.size, i18n.language)}</Text>
                </Fact>
                <Fact label={t('textManagement.columns.created')}>
                  <Text size="sm">{formatDateTime(paste.created_at, i18n.language)}</Text>
                </Fact>
              </Group>
            </Stack>
          </Group>
          {paste.remark && (
            <Fact label={t('textManagement.form.remark')}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {paste.remark}
              </Text>
            </Fact>
          )}
          <Divider label={t('textManagement.preview.content')} labelPosition="left" />
          <Paper withBorder radius="md" p={0}>
            <ScrollArea.Autosize mah={fullScreen ? undefined : '50vh'} type="auto">
              <Box p="md" data-testid="paste-content">
                {content}
              </Box>
            </ScrollArea.Autosize>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('textManagement.preview.close')}
            </Button>
            <Button leftSection={<IconPencil size={16} />} onClick={() => onEdit(paste)}>
              {t('textManagement.edit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
