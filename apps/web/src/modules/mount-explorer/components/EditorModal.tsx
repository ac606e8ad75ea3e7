import { Alert, Button, Center, Group, Loader, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { EDIT_CONTENT_MAX_BYTES, type FsEntry } from '@sharebin/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { notifySuccess } from '../../../app/notify';
import { resolveBackendUrl } from '../../../shared/backend';
import { formatBytes } from '../../../shared/format-bytes';
import { textLanguage } from '../../files';
import { entryKind } from '../explorer.format';
import { FS_QUERY_ROOT } from '../explorer.hooks';
import { fsApi } from '../fs.api';
import classes from './explorer.module.css';

const CodeEditor = lazy(() => import('../../editor/components/CodeEditor'));

/** SPEC §5: edited content is at most 10 MB, measured in UTF-8 bytes as the server does. */
export const contentTooLarge = (content: string) =>
  new TextEncoder().encode(content).byteLength > EDIT_CONTENT_MAX_BYTES;

async function loadText(entry: FsEntry): Promise<string> {
  const link = await fsApi.fileLink(entry.path, false);
  const response = await fetch(resolveBackendUrl(link.url), { credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/** A text, code or Markdown file in CodeMirror, saved through the update call. */
export function EditorModal({
  entry,
  onClose,
  onSaved,
}: {
  entry: FsEntry | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const limit = formatBytes(EDIT_CONTENT_MAX_BYTES, i18n.language);
  const tooLargeToEdit = (entry?.size ?? 0) > EDIT_CONTENT_MAX_BYTES;
  const original = useQuery({
    queryKey: [FS_QUERY_ROOT, 'edit', entry?.path, entry?.etag, entry?.modified],
    queryFn: () => loadText(entry as FsEntry),
    enabled: entry !== null && !tooLargeToEdit,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [content, setContent] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (original.data !== undefined) setContent(original.data);
    setFailure(null);
  }, [original.data]);

  const dirty = original.data !== undefined && content !== original.data;
  const close = () => {
    if (!dirty) return onClose();
    modals.openConfirmModal({
      title: t('mountExplorer.editor.discardTitle'),
      children: <Text size="sm">{t('mountExplorer.editor.discardBody')}</Text>,
      labels: { confirm: t('mountExplorer.editor.discard'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };

  const save = async () => {
    if (!entry) return;
    if (contentTooLarge(content)) {
      setFailure(t('mountExplorer.editor.tooLarge', { limit }));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await fsApi.update(entry.path, content);
      notifySuccess(t('mountExplorer.editor.saved', { name: entry.name }));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const markdown = entry !== null && entryKind(entry) === 'markdown';
  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      size="90rem"
      fullScreen={phone}
      title={<Text fw={600}>{t('mountExplorer.editor.title', { name: entry?.name ?? '' })}</Text>}
      data-testid="editor-modal"
    >
      {tooLargeToEdit ? (
        <Alert color="orange">{t('mountExplorer.editor.tooLargeToEdit', { limit })}</Alert>
      ) : original.isError ? (
        <Alert color="red" title={t('mountExplorer.editor.loadFailed')}>
          {errorMessage(original.error)}
        </Alert>
      ) : original.isPending ? (
        <Center h={300}>
          <Loader type="dots" />
        </Center>
      ) : (
        <Stack>
          <div className={classes.editor}>
            <Suspense fallback={<Skeleton h="100%" />}>
              <CodeEditor
                value={content}
                onChange={setContent}
                format={markdown ? 'markdown' : 'text'}
                language={
                  entry ? (textLanguage(entry.mimetype ?? '', entry.name) ?? 'auto') : 'auto'
                }
                placeholder={t('mountExplorer.editor.placeholder')}
                label={t('mountExplorer.editor.label')}
              />
            </Suspense>
          </div>
          {failure && (
            <Alert color="red" data-testid="editor-error">
              {failure}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="xs" c={dirty ? 'orange' : 'dimmed'}>
              {dirty ? t('mountExplorer.editor.unsaved') : ''}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() => void save()}
                loading={saving}
                disabled={!dirty}
                data-testid="editor-save"
              >
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
