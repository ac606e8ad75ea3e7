import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClipboard, IconCloudUpload, IconFolderOpen } from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../../../../app/notify';
import { namePastedFile } from '../../upload/file-upload';
import classes from './upload.module.css';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Files held by the system clipboard (screenshots, copied images), through the async API. */
async function readClipboardFiles(): Promise<File[]> {
  const items = await navigator.clipboard.read();
  const files: File[] = [];
  for (const item of items) {
    const type = item.types.find((candidate) => !candidate.startsWith('text/'));
    if (!type) continue;
    const blob = await item.getType(type);
    files.push(namePastedFile(new File([blob], '', { type })));
  }
  return files;
}

const canReadClipboard = () =>
  typeof navigator !== 'undefined' &&
  window.isSecureContext &&
  typeof navigator.clipboard?.read === 'function';

/**
 * Where files enter the queue: dropped (native drag and drop), picked, or read from the
 * clipboard. Ctrl+V anywhere on the page is handled by the page.
 */
export function UploadDropZone({
  onFiles,
  limit,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  /** The largest file accepted, formatted. */
  limit: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  const [reading, setReading] = useState(false);

  const choose = () => {
    if (!disabled) input.current?.click();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setActive(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  const pasteFromClipboard = async () => {
    setReading(true);
    try {
      const files = await readClipboardFiles();
      if (files.length === 0) notifyWarning(t('upload.drop.pasteEmpty'));
      else onFiles(files);
    } catch {
      notifyWarning(t('upload.drop.pasteDenied'));
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack gap="sm">
      {/* biome-ignore lint/a11y/useSemanticElements: a drop target holding text and an icon; a <button> cannot take the drag events' layout */}
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        aria-label={t('upload.drop.title')}
        className={classes.dropZone}
        data-active={active || undefined}
        data-disabled={disabled || undefined}
        data-testid="upload-dropzone"
        onClick={choose}
        onKeyDown={onKeyDown}
        onDragEnter={(event) => carriesFiles(event) && setActive(true)}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
          setActive(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setActive(false);
        }}
        onDrop={onDrop}
      >
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCloudUpload size={30} stroke={1.5} />
        </ThemeIcon>
        <Text fw={650} fz={{ base: 'md', sm: 'lg' }}>
          {active ? t('upload.drop.active') : t('upload.drop.title')}
        </Text>
        <Text size="sm" c="dimmed" maw={440}>
          {t('upload.drop.hint')}
        </Text>
        {limit && (
          <Text size="xs" c="dimmed" data-testid="upload-limit">
            {t('upload.drop.limit', { limit })}
          </Text>
        )}
      </div>
      {/* Outside the zone: its click would bubble back to the zone and open the picker again. */}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="upload-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Group gap="xs" justify="center">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFolderOpen size={15} />}
          onClick={choose}
          disabled={disabled}
        >
          {t('common.chooseFiles')}
        </Button>
        {canReadClipboard() && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconClipboard size={15} />}
            onClick={() => void pasteFromClipboard()}
            loading={reading}
            disabled={disabled}
            data-testid="paste-clipboard"
          >
            {t('upload.drop.paste')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
