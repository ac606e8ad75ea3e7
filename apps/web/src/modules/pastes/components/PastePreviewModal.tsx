import {
  ActionIcon,
  Box,
  Code,
  Divider,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { PasteSummary } from '@sharebin/shared';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { formatBytes } from '../../../shared/format-bytes';
import { LoadFailed } from '../../management';
import { MarkdownView } from '../../markdown';
import { ShareFact, ShareLinkPanel, SharePreviewModal } from '../../shares';
import { useManagedPaste } from '../paste-management.hooks';
import { pasteShareUrl } from '../paste-management.utils';
import { PasteExpiry, PasteKindBadges, PasteViews } from './PasteBadges';

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
  const detail = useManagedPaste(paste?.id ?? null);

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
    <SharePreviewModal
      kind="paste"
      share={paste}
      opened={opened}
      onClose={onClose}
      onExited={onExited}
      onEdit={onEdit}
    >
      {(paste, fullScreen) => {
        const url = pasteShareUrl(paste.slug);
        return (
          <>
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
                <ShareFact label={t('common.expires')}>
                  <PasteExpiry paste={paste} />
                </ShareFact>
                <ShareFact label={t('textManagement.columns.views')}>
                  <PasteViews paste={paste} />
                </ShareFact>
                <ShareFact label={t('common.size')}>
                  <Text size="sm">{formatBytes(paste.size, i18n.language)}</Text>
                </ShareFact>
                <ShareFact label={t('common.created')}>
                  <Text size="sm">{formatDateTime(paste.created_at, i18n.language)}</Text>
                </ShareFact>
              </Group>
            </ShareLinkPanel>
            {paste.remark && (
              <ShareFact label={t('common.remark')}>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {paste.remark}
                </Text>
              </ShareFact>
            )}
            <Divider label={t('textManagement.preview.content')} labelPosition="left" />
            <Paper withBorder radius="md" p={0}>
              <ScrollArea.Autosize mah={fullScreen ? undefined : '50vh'} type="auto">
                <Box p="md" data-testid="paste-content">
                  {content}
                </Box>
              </ScrollArea.Autosize>
            </Paper>
          </>
        );
      }}
    </SharePreviewModal>
  );
}
