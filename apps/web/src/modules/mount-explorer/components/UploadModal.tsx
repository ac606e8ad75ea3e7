import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCloudUpload, IconFiles, IconFolderUp, IconX } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { droppedFiles, type PickedFile, pickedFiles } from '../upload/dropped-files';
import type { MountUploadItem, useMountUploads } from '../upload/use-mount-uploads';
import classes from './explorer.module.css';

const STATUS_COLORS = {
  pending: 'gray',
  uploading: 'indigo',
  success: 'teal',
  error: 'red',
  cancelled: 'gray',
} as const;

function UploadRow({ item, onCancel }: { item: MountUploadItem; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const running = item.status === 'pending' || item.status === 'uploading';
  const status =
    item.status === 'uploading'
      ? t(`upload.stage.${item.stage}`)
      : t(`upload.status.${item.status}`);
  return (
    <Stack
      gap={6}
      className={classes.uploadRow}
      data-testid="mount-upload-item"
      data-status={item.status}
      data-name={item.relativePath}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate="end" title={item.relativePath}>
            {item.relativePath}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(item.file.size, i18n.language)}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" color={STATUS_COLORS[item.status]}>
            {status}
          </Badge>
          {running && (
            <Tooltip label={t('mountExplorer.upload.cancel')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                onClick={onCancel}
                aria-label={t('mountExplorer.upload.cancel')}
              >
                <IconX size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {item.status === 'uploading' && <Progress value={item.percent} size="sm" animated />}
      {item.error && item.status === 'error' && (
        <Text size="xs" c="red">
          {item.error.describe()}
        </Text>
      )}
    </Stack>
  );
}

/** Files and folders to upload into the current folder: picked, or dropped on the zone. */
export function UploadModal({
  opened,
  folder,
  uploads,
  onClose,
}: {
  opened: boolean;
  folder: string;
  uploads: ReturnType<typeof useMountUploads>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const add = (files: PickedFile[]) => {
    if (files.length > 0) uploads.add(files, folder);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void droppedFiles(event.dataTransfer).then(add);
  };
  const done = uploads.items.filter((item) => item.status === 'success').length;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('mountExplorer.upload.title', { path: folder })}
      size="lg"
      centered
    >
      <Stack>
        <Stack
          align="center"
          gap="xs"
          p="lg"
          style={{
            border: `2px dashed ${over ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
            borderRadius: 'var(--mantine-radius-md)',
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          data-testid="upload-dropzone"
        >
          <IconCloudUpload size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={500}>{t('mountExplorer.upload.drop')}</Text>
          <Text size="xs" c="dimmed" ta="center">
            {t('mountExplorer.upload.hint')}
          </Text>
          <Group gap="xs" mt="xs">
            <Button
              size="xs"
              leftSection={<IconFiles size={14} />}
              onClick={() => filesInput.current?.click()}
            >
              {t('common.chooseFiles')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFolderUp size={14} />}
              onClick={() => folderInput.current?.click()}
            >
              {t('mountExplorer.upload.pickFolder')}
            </Button>
          </Group>
          <input
            ref={filesInput}
            type="file"
            multiple
            hidden
            data-testid="upload-files-input"
            onChange={(event) => {
              add(pickedFiles(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
          />
          <input
            ref={folderInput}
            type="file"
            hidden
            data-testid="upload-folder-input"
            // React does not know the attribute; the browser picks a whole folder with it.
            {...{ webkitdirectory: '', directory: '' }}
            onChange={(event) => {
              add(pickedFiles(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
          />
        </Stack>
        {uploads.items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center">
            {t('mountExplorer.upload.empty')}
          </Text>
        ) : (
          <>
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="upload-summary">
                {t('mountExplorer.upload.summary', { done, total: uploads.items.length })}
              </Text>
              <Group gap="xs">
                {uploads.active && (
                  <Button size="xs" variant="subtle" color="red" onClick={uploads.cancelAll}>
                    {t('mountExplorer.upload.cancelAll')}
                  </Button>
                )}
                <Button size="xs" variant="subtle" onClick={uploads.clearFinished}>
                  {t('common.clearFinished')}
                </Button>
              </Group>
            </Group>
            <ScrollArea.Autosize mah={320}>
              {uploads.items.map((item) => (
                <UploadRow key={item.id} item={item} onCancel={() => uploads.cancel(item.id)} />
              ))}
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Modal>
  );
}
