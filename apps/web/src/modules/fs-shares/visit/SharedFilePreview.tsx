import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PublicFsEntry } from '@sharebin/shared';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { formatBytes } from '../../../shared/format-bytes';
import { FilePreview, fileTypeIcon, previewKind } from '../../files';
import { fsShareVisitApi } from '../fs-shares.api';
import { useShareReferences } from './use-share-references';

type PreviewableFile = ComponentProps<typeof FilePreview>['file'];

/**
 * A shared file's preview. Reading a file from its first byte counts one download, so a share
 * with a limit shows its preview only when asked (and says so); `onShown` then runs, as after
 * a download.
 */
export function SharedFilePreview({
  file,
  limited,
  onShown,
  resolveReference,
}: {
  file: PreviewableFile;
  limited: boolean;
  onShown: () => void;
  /** A Markdown file's relative images and links, inside a shared folder. */
  resolveReference?: ComponentProps<typeof FilePreview>['resolveReference'];
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(!limited);
  if (shown) return <FilePreview file={file} resolveReference={resolveReference} />;
  const TypeIcon = fileTypeIcon(previewKind(file.mimetype, file.filename), file.mimetype);
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="fs-share-preview-gate">
      <ThemeIcon size={72} radius="xl" variant="light" color="gray">
        <TypeIcon size={38} stroke={1.4} />
      </ThemeIcon>
      <Text size="sm" c="dimmed" maw={420}>
        {t('fsShares.view.file.previewCounts')}
      </Text>
      <Button
        variant="light"
        leftSection={<IconEye size={16} />}
        onClick={() => {
          setShown(true);
          onShown();
        }}
        data-testid="fs-share-show-preview"
      >
        {t('fsShares.view.file.showPreview')}
      </Button>
    </Stack>
  );
}

/** The addresses of a file of the share: inline for its preview, and as a download. */
export function sharedFile(
  slug: string,
  token: string | null,
  file: { path?: string; name: string; size: number | null; mimetype: string | null },
): PreviewableFile {
  return {
    id: `share:${slug}:${file.path ?? ''}`,
    filename: file.name,
    mimetype: file.mimetype ?? 'application/octet-stream',
    size: file.size ?? 0,
    previewUrl: fsShareVisitApi.contentUrl(slug, { path: file.path, token }),
    downloadUrl: fsShareVisitApi.contentUrl(slug, { path: file.path, token, download: true }),
  };
}

/** A file of a shared folder, opened from its list: its facts, download and preview. */
export function SharedFileModal({
  slug,
  token,
  entry,
  opened,
  limited,
  onClose,
  onExited,
  onDownload,
  onOpenFile,
}: {
  slug: string;
  token: string | null;
  entry: PublicFsEntry | null;
  opened: boolean;
  limited: boolean;
  onClose: () => void;
  onExited: () => void;
  /** A download (or a preview) used one of the share's downloads. */
  onDownload: () => void;
  /** Previews another file of the share (a Markdown file's link to it). */
  onOpenFile: (entry: PublicFsEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const file = entry && sharedFile(slug, token, entry);
  const references = useShareReferences({ slug, token, entry, limited, onOpenFile });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      size="xl"
      fullScreen={phone}
      centered
      title={
        <Text fw={600} truncate="end" maw={phone ? 260 : 640}>
          {entry?.name}
        </Text>
      }
      data-testid="fs-share-preview"
    >
      {entry && file && (
        <Stack>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {[
                entry.size === null ? '' : formatBytes(entry.size, i18n.language),
                formatDateTime(entry.modified, i18n.language),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Button
              size="xs"
              leftSection={<IconDownload size={14} />}
              component="a"
              href={file.downloadUrl}
              download={entry.name}
              onClick={onDownload}
              data-testid="fs-share-preview-download"
            >
              {t('common.download')}
            </Button>
          </Group>
          <SharedFilePreview
            key={entry.path}
            file={file}
            limited={limited}
            onShown={onDownload}
            resolveReference={references}
          />
        </Stack>
      )}
    </Modal>
  );
}
