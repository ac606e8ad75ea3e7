import {
  ActionIcon,
  Box,
  Button,
  Code,
  Divider,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PasteSummary } from '@sharebin/shared';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { LoadFailed } from '../../management/components/CollectionStatus';
import { MarkdownView } from '../../markdown/components/MarkdownView';
import { PreviewTitle, ShareLinkPanel } from '../../shares/components/ShareLinkPanel';
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
    content = <LoadFailed query={detail} />;
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
      title={<PreviewTitle title={t('textManagement.preview.title')} slug={paste?.slug} />}
      size="xl"
      fullScreen={fullScreen}
      styles={{ title: { minWidth: 0 } }}
    >
      {paste && (
        <Stack gap="md" data-testid="paste-preview-modal">
          <ShareLinkPanel
            url={url}
            texts="textManagement.preview"
            testIdPrefix="paste"
            fullScreen={fullScreen}
            afterUrl={
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
            }
          >
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
          </ShareLinkPanel>
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
