import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload, IconFiles } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './upload-request-view.module.css';

/**
 * Where the visitor drops or picks files (several at once). `accept` narrows the picker to the
 * request's types; `hint` says what the request still takes.
 */
export function DropZone({
  accept,
  hint,
  onFiles,
}: {
  accept: string | undefined;
  hint: string;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles(Array.from(event.dataTransfer.files));
  };
  return (
    <Paper
      className={classes.dropZone}
      data-over={over || undefined}
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      onDragEnter={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      data-testid="upload-request-dropzone"
    >
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconCloudUpload size={34} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600} fz="lg" visibleFrom="sm">
          {over ? t('uploadRequests.view.drop.titleActive') : t('uploadRequests.view.drop.title')}
        </Text>
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {t('uploadRequests.view.drop.or')}
        </Text>
        <Button
          size="md"
          leftSection={<IconFiles size={18} />}
          onClick={() => input.current?.click()}
          data-testid="upload-request-choose"
        >
          {t('uploadRequests.view.drop.choose')}
        </Button>
        <Text size="xs" c="dimmed" mt={4} data-testid="upload-request-drop-hint">
          {hint}
        </Text>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={accept}
          data-testid="upload-request-input"
          onChange={(event) => {
            onFiles(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
      </Stack>
    </Paper>
  );
}
