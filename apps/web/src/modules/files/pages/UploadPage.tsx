import {
  Alert,
  Card,
  Container,
  Grid,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DEFAULT_MAX_UPLOAD_SIZE_MB, UPLOAD_SIZE_UNIT_BYTES } from '@sharebin/shared';
import { IconAlertCircle, IconDatabaseOff, IconUpload, IconWorld } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { notifyError } from '../../../app/notify';
import { usePageTitle } from '../../../app/page-title';
import { formatBytes } from '../../../shared/format-bytes';
import { useAuth } from '../../auth';
import { RecentUploadsCard } from '../components/upload/RecentUploadsCard';
import { UploadAccessNotice, useUploadAccess } from '../components/upload/UploadAccessNotice';
import { UploadDropZone } from '../components/upload/UploadDropZone';
import { UploadQueueCard } from '../components/upload/UploadQueueCard';
import { UploadSettingsForm } from '../components/upload/UploadSettingsForm';
import { UrlUploadPanel } from '../components/upload/UrlUploadPanel';
import { namePastedFile } from '../upload/file-upload';
import { type UrlInfo, uploadApi } from '../upload/upload.api';
import {
  emptyUploadForm,
  toShareRequestOptions,
  type UploadFormErrors,
  type UploadFormValues,
  validateUploadForm,
} from '../upload/upload.form';
import { useUploadQueue } from '../upload/use-upload-queue';

type UploadTab = 'file' | 'url';

const DEFAULT_MAX_UPLOAD_BYTES = DEFAULT_MAX_UPLOAD_SIZE_MB * UPLOAD_SIZE_UNIT_BYTES.MB;

/** Dragging files over the page must not make the browser open them when dropped off target. */
function useNoStrayFileDrops() {
  useEffect(() => {
    const block = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', block);
    window.addEventListener('drop', block);
    return () => {
      window.removeEventListener('dragover', block);
      window.removeEventListener('drop', block);
    };
  }, []);
}

/** /upload (SPEC §2): files and URL direct links uploaded as shares. */
export default function UploadPage() {
  const { t, i18n } = useTranslation();
  usePageTitle([t('titles.upload')]);
  const access = useUploadAccess();
  const allowed = access === 'allowed';
  const auth = useAuth();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  useNoStrayFileDrops();

  const maxSize = useQuery({
    queryKey: ['system', 'max-upload-size'],
    queryFn: uploadApi.maxUploadSize,
    staleTime: 60_000,
  });
  // SPEC §9: 100 MB when the server does not say.
  const maxBytes = maxSize.data?.max_upload_size_bytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const storages = useQuery({
    queryKey: ['upload', 'storages', auth.authType, auth.apiKeyInfo?.id ?? null],
    queryFn: uploadApi.storages,
    enabled: allowed,
  });
  const storageList = storages.data ?? [];
  const queryClient = useQueryClient();
  const queue = useUploadQueue({
    maxBytes,
    // A new share fills its storage and joins the file lists.
    onUploaded: () => {
      void queryClient.invalidateQueries({ queryKey: ['upload', 'storages'] });
      void queryClient.invalidateQueries({ queryKey: ['storage'] });
      void queryClient.invalidateQueries({ queryKey: ['files', 'managed'] });
    },
  });
  const [tab, setTab] = useState<UploadTab>('file');
  const [values, setValues] = useState<UploadFormValues>(emptyUploadForm);
  const [errors, setErrors] = useState<UploadFormErrors>({});

  const storageId =
    values.storageId && storageList.some((storage) => storage.id === values.storageId)
      ? values.storageId
      : (storageList.find((storage) => storage.is_default)?.id ?? storageList[0]?.id ?? null);
  const noStorage = storages.isSuccess && storageList.length === 0;
  const canUpload = allowed && storages.isSuccess && !noStorage;

  const change = <K extends keyof UploadFormValues>(field: K, value: UploadFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The share settings for the next `count` uploads, or null (with the mistakes shown). */
  const optionsFor = (count: number) => {
    const found = validateUploadForm(values, count);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifyError(new Error(t('upload.form.fix')), t('upload.form.invalidTitle'));
      return null;
    }
    return toShareRequestOptions({ ...values, storageId });
  };

  const startReady = () => {
    const ids = queue.items
      .filter((item) => item.status === 'pending' && !item.queued)
      .map((item) => item.id);
    const options = optionsFor(ids.length);
    if (options && ids.length > 0) queue.start(ids, options);
  };

  /** A custom suffix fits one file: the first ready row goes alone, the others wait. */
  const startFirst = () => {
    const first = queue.items.find((item) => item.status === 'pending' && !item.queued);
    const options = optionsFor(1);
    if (options && first) queue.start([first.id], options);
  };

  const retry = (id: string) => {
    const options = optionsFor(1);
    if (options) queue.start([id], options);
  };

  const startUrl = (info: UrlInfo, filename: string) => {
    const options = optionsFor(1);
    if (!options) return false;
    const id = queue.addUrl(info, filename);
    queue.start([id], options);
    return true;
  };

  const { addFiles } = queue;
  const add = useCallback((files: File[]) => addFiles(files), [addFiles]);

  // Ctrl+V with files in the clipboard adds them (text pasted into the fields is left alone).
  useEffect(() => {
    if (!canUpload || tab !== 'file') return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      add(files.map((file) => namePastedFile(file)));
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [add, canUpload, tab]);

  const limit = formatBytes(maxBytes, i18n.language);

  const settings = (
    <Card p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <div>
          <Text fw={650}>{t('upload.form.title')}</Text>
          <Text size="xs" c="dimmed">
            {t('upload.form.subtitle')}
          </Text>
        </div>
        {storages.isPending ? (
          <Stack gap="sm">
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : storages.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {errorMessage(storages.error)}
          </Alert>
        ) : noStorage ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconDatabaseOff size={18} />}
            title={t('upload.storage.noneTitle')}
            data-testid="no-storage"
          >
            {t('upload.storage.noneBody')}
          </Alert>
        ) : (
          <UploadSettingsForm
            values={{ ...values, storageId }}
            onChange={change}
            errors={errors}
            storages={storageList}
          />
        )}
      </Stack>
    </Card>
  );

  const source = (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Tabs value={tab} onChange={(value) => setTab(value === 'url' ? 'url' : 'file')}>
        <Tabs.List mb="md">
          <Tabs.Tab value="file" leftSection={<IconUpload size={16} />} data-testid="tab-file">
            {t('upload.tabs.file')}
          </Tabs.Tab>
          <Tabs.Tab value="url" leftSection={<IconWorld size={16} />} data-testid="tab-url">
            {t('upload.tabs.url')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="file">
          <UploadDropZone onFiles={add} limit={limit} disabled={!canUpload} />
        </Tabs.Panel>
        <Tabs.Panel value="url">
          <UrlUploadPanel onStart={startUrl} disabled={!canUpload} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );

  const queueCard = (
    <UploadQueueCard
      items={queue.items}
      canStart={canUpload}
      onStart={startReady}
      onStartFirst={values.slug.trim() !== '' ? startFirst : null}
      onCancel={queue.cancel}
      onRetry={retry}
      onRemove={queue.remove}
      onClearFinished={queue.clearFinished}
    />
  );

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('upload.title')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('upload.subtitle')}
            </Text>
          </div>
          {access !== 'denied' && <UploadAccessNotice access={access} />}
        </Group>

        {access === 'denied' ? (
          <>
            <UploadAccessNotice access={access} />
            <RecentUploadsCard />
          </>
        ) : wide ? (
          <Grid gutter="md" align="flex-start">
            <Grid.Col span={8}>
              <Stack gap="md">
                {source}
                {queueCard}
              </Stack>
            </Grid.Col>
            <Grid.Col span={4}>
              <Stack gap="md">
                {settings}
                <RecentUploadsCard />
              </Stack>
            </Grid.Col>
          </Grid>
        ) : (
          // Phones and tablets: the settings come before the queue and its start button.
          <Stack gap="md">
            {source}
            {settings}
            {queueCard}
            <RecentUploadsCard />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
