import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FsMultipartUpload } from '@sharebin/shared';
import { IconPlayerPause } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { formatDateTime } from '../../../app/format';
import { notifyError } from '../../../app/notify';
import { formatBytes } from '../../../shared/format-bytes';
import { useRefreshFs, useUnfinishedUploads } from '../explorer.hooks';
import { baseName, childPath } from '../explorer.paths';
import { fsApi } from '../fs.api';
import type { useMountUploads } from '../upload/use-mount-uploads';

const storedBytes = (upload: FsMultipartUpload) =>
  upload.parts.reduce((sum, part) => sum + part.size, 0);

/**
 * The folder's uploads that stopped half way (a reload, a lost network, a closed laptop), with
 * what the server holds of each: Resume asks for the file (the same file goes on from its stored
 * parts), Discard drops the parts. Uploads running in this tab are not listed.
 */
export function UnfinishedUploads({
  folder,
  uploads,
}: {
  folder: string;
  uploads: ReturnType<typeof useMountUploads>;
}) {
  const { t, i18n } = useTranslation();
  const query = useUnfinishedUploads(folder, true);
  const refresh = useRefreshFs();
  const picker = useRef<HTMLInputElement>(null);
  const [discarding, setDiscarding] = useState<string | null>(null);
  const running = new Set(
    uploads.items
      .filter((item) => item.status === 'pending' || item.status === 'uploading')
      .map((item) => childPath(item.folder, baseName(item.name))),
  );
  const shown = (query.data?.uploads ?? []).filter((upload) => !running.has(upload.path));
  if (shown.length === 0) return null;

  async function discard(upload: FsMultipartUpload) {
    setDiscarding(upload.uploadId);
    try {
      await fsApi.multipartAbort({ path: upload.path, uploadId: upload.uploadId, key: upload.key });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDiscarding(null);
      await refresh();
    }
  }

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlayerPause size={18} />}
      title={t('mountExplorer.unfinished.title', { count: shown.length })}
      data-testid="unfinished-uploads"
    >
      <Text size="sm">{t('mountExplorer.unfinished.hint')}</Text>
      <Stack gap="xs" mt="xs" mah={180} style={{ overflowY: 'auto' }}>
        {shown.map((upload) => {
          const name = baseName(upload.path);
          return (
            <Group
              key={upload.uploadId}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="unfinished-upload"
              data-name={name}
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('mountExplorer.unfinished.progress', {
                    stored: formatBytes(storedBytes(upload), i18n.language),
                    total: formatBytes(upload.fileSize, i18n.language),
                    until: formatDateTime(new Date(upload.expiresAt).toISOString(), i18n.language),
                  })}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => picker.current?.click()}>
                  {t('mountExplorer.unfinished.resume')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={discarding === upload.uploadId}
                  onClick={() => void discard(upload)}
                  aria-label={t('mountExplorer.unfinished.discardNamed', { name })}
                >
                  {t('mountExplorer.unfinished.discard')}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <input
        ref={picker}
        type="file"
        hidden
        multiple
        data-testid="unfinished-upload-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          uploads.add(
            files.map((file) => ({ file, relativePath: '' })),
            folder,
          );
        }}
      />
    </Alert>
  );
}
