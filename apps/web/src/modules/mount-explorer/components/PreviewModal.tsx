import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FsEntry } from '@sharebin/shared';
import { IconDownload, IconEdit, IconLink } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { withTextPart } from '../../../i18n';
import { resolveBackendUrl } from '../../../shared/backend';
import { FilePreview } from '../../files';
import { isDocument } from '../documents/document-kind';
import { useEntryActions } from '../explorer.actions-context';
import { formatModified, formatSize, isArchive, isEditable } from '../explorer.format';
import { isFolderMedia } from '../media/folder-media';
import { useFileLink } from '../use-file-link';
import { useMountReferences } from '../use-mount-references';
import { ArchivePreview } from './ArchivePreview';

// The gallery, the playlist and the subtitles load with the first media file opened.
const MediaPreview = lazy(() => import('./MediaPreview'));
// Word, spreadsheet, CSV and EPUB readers load with the first such file opened, with their texts.
const DocumentPreview = lazy(() => withTextPart(import('./DocumentPreview'), 'documents'));

/**
 * `?preview=<name>`: the file shown by the share page's previews (images, video, audio, PDF,
 * text, code, Markdown) from a time-limited link, with download, copy link and edit.
 */
export function PreviewModal({
  entry,
  missingName,
  writable,
  onClose,
  siblings,
  onShow,
}: {
  entry: FsEntry | null;
  /** A preview asked for by the address whose file is not in the folder. */
  missingName: string | null;
  writable: boolean;
  onClose: () => void;
  /** The folder's entries in the explorer's order: the gallery's images, the playlist. */
  siblings: readonly FsEntry[];
  /** Previews another file of the folder (the gallery's previous and next). */
  onShow: (entry: FsEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const actions = useEntryActions();
  const inline = useFileLink(entry?.path ?? null, false);
  const download = useFileLink(entry?.path ?? null, true);
  const references = useMountReferences(entry);
  const opened = entry !== null || missingName !== null;
  const editable = entry !== null && writable && isEditable(entry);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      centered
      title={
        <Text fw={600} truncate="end" maw={phone ? 260 : 640}>
          {entry?.name ?? missingName}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('mountExplorer.preview.close') }}
      data-testid="preview-modal"
    >
      {entry === null ? (
        <Alert color="orange">{t('mountExplorer.preview.missing', { name: missingName })}</Alert>
      ) : (
        <Stack>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {[formatSize(entry, i18n.language), formatModified(entry.modified, i18n.language)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                component="a"
                href={download.data ? resolveBackendUrl(download.data.url) : undefined}
                download={entry.name}
                disabled={!download.data}
                data-testid="preview-download"
              >
                {t('common.download')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLink size={14} />}
                onClick={() => actions.copyLink(entry)}
              >
                {t('common.copyLink')}
              </Button>
              {editable && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => actions.edit(entry)}
                  data-testid="preview-edit"
                >
                  {t('common.edit')}
                </Button>
              )}
            </Group>
          </Group>
          {isArchive(entry) ? (
            <ArchivePreview entry={entry} />
          ) : inline.isPending ? (
            <Center py="xl">
              <Stack align="center" gap="xs">
                <Loader type="dots" />
                <Text size="sm" c="dimmed">
                  {t('mountExplorer.preview.loading')}
                </Text>
              </Stack>
            </Center>
          ) : inline.isError ? (
            <Alert color="red" title={t('mountExplorer.preview.linkFailed')}>
              {errorMessage(inline.error)}
            </Alert>
          ) : isFolderMedia(entry) ? (
            <Suspense fallback={<Loader type="dots" mx="auto" my="xl" />}>
              <MediaPreview
                entry={entry}
                url={resolveBackendUrl(inline.data.url)}
                siblings={siblings}
                onShow={onShow}
              />
            </Suspense>
          ) : isDocument(entry) ? (
            <Suspense fallback={<Loader type="dots" mx="auto" my="xl" />}>
              <DocumentPreview
                key={inline.data.url}
                entry={entry}
                url={resolveBackendUrl(inline.data.url)}
                downloadUrl={resolveBackendUrl(download.data?.url ?? inline.data.url)}
              />
            </Suspense>
          ) : (
            <FilePreview
              key={inline.data.url}
              resolveReference={references}
              file={{
                version: `${entry.etag ?? ''}|${entry.modified ?? ''}|${entry.size ?? ''}`,
                id: `mount:${entry.path}`,
                filename: entry.name,
                mimetype: entry.mimetype ?? 'application/octet-stream',
                size: entry.size ?? 0,
                previewUrl: resolveBackendUrl(inline.data.url),
                downloadUrl: resolveBackendUrl(download.data?.url ?? inline.data.url),
              }}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
