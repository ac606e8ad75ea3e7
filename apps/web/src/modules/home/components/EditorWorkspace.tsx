import {
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { EDIT_CONTENT_MAX_BYTES, type PasteFormat } from '@sharebin/shared';
import {
  IconEye,
  IconFileImport,
  IconFileText,
  IconLayoutColumns,
  IconMarkdown,
  IconPencil,
} from '@tabler/icons-react';
import { type DragEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { notifyError, notifySuccess } from '../../../app/notify';
import { formatBytes } from '../../../shared/format-bytes';
import {
  AUTO_LANGUAGE,
  CODE_LANGUAGES,
  IMPORT_ACCEPT,
  importTarget,
  looksBinary,
  PLAIN_LANGUAGE,
  pasteLanguage,
} from '../../editor';
import classes from './EditorWorkspace.module.css';

// CodeMirror and the Markdown renderer load after the page: the first load stays small.
const CodeEditor = lazy(() => import('../../editor/components/CodeEditor'));
const PasteContent = lazy(() =>
  import('../../pastes/components/PasteContent').then((module) => ({
    default: module.PasteContent,
  })),
);

type ViewMode = 'edit' | 'split' | 'preview';

const PREVIEW_DELAY_MS = 300;

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

interface EditorWorkspaceProps {
  content: string;
  onContentChange: (content: string) => void;
  format: PasteFormat;
  onFormatChange: (format: PasteFormat) => void;
  /** The plain-text language: a highlight.js name, `auto` or `plaintext`. */
  language: string;
  onLanguageChange: (language: string) => void;
  /** When the draft was last saved (epoch milliseconds), for the status line. */
  draftSavedAt: number | null;
}

/**
 * The editor and its live preview side by side (one above the other on phones, or either
 * alone), the format and language, and files opened by the import button or dropped on it.
 */
export function EditorWorkspace({
  content,
  onContentChange,
  format,
  onFormatChange,
  language,
  onLanguageChange,
  draftSavedAt,
}: EditorWorkspaceProps) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [view, setView] = useState<ViewMode>(wide ? 'split' : 'edit');
  const [previewContent] = useDebouncedValue(content, PREVIEW_DELAY_MS);
  const [dragging, setDragging] = useState(false);

  const importFile = async (file: File) => {
    const target = importTarget(file);
    const notText = () =>
      notifyError(
        new Error(t('editor.import.notText', { name: file.name })),
        t('editor.import.failedTitle'),
      );
    if (!target) return notText();
    if (file.size > EDIT_CONTENT_MAX_BYTES) {
      return notifyError(
        new Error(
          t('editor.import.tooLarge', {
            name: file.name,
            limit: formatBytes(EDIT_CONTENT_MAX_BYTES, i18n.language),
          }),
        ),
        t('editor.import.failedTitle'),
      );
    }
    const text = await file.text();
    if (looksBinary(text)) return notText();
    const apply = () => {
      onContentChange(text);
      onFormatChange(target.format);
      if (target.format === 'text') onLanguageChange(target.language);
      notifySuccess(t('editor.import.done', { name: file.name }));
    };
    if (content.trim() === '' || content === text) return apply();
    modals.openConfirmModal({
      title: <Text fw={700}>{t('editor.import.replaceTitle')}</Text>,
      children: <Text size="sm">{t('editor.import.replaceBody', { name: file.name })}</Text>,
      labels: { confirm: t('editor.import.replace'), cancel: t('common.cancel') },
      onConfirm: apply,
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void importFile(file);
  };

  const viewOptions = [
    { value: 'edit', icon: IconPencil, label: t('editor.view.edit') },
    { value: 'split', icon: IconLayoutColumns, label: t('editor.view.split') },
    { value: 'preview', icon: IconEye, label: t('editor.view.preview') },
  ].map((option) => ({
    value: option.value,
    label: (
      <Center style={{ gap: 6 }}>
        <option.icon size={15} stroke={1.8} />
        <span>{option.label}</span>
      </Center>
    ),
  }));

  const languageOptions = [
    { value: AUTO_LANGUAGE, label: t('editor.language.auto') },
    { value: PLAIN_LANGUAGE, label: t('editor.language.plain') },
    ...CODE_LANGUAGES,
  ];

  return (
    <Card
      p={0}
      onDragEnter={(event) => hasFiles(event) && setDragging(true)}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="editor-workspace"
    >
      <Group justify="space-between" gap="xs" px="sm" py={8} className={classes.bar}>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={format}
            onChange={(value) => onFormatChange(value as PasteFormat)}
            aria-label={t('editor.format.label')}
            data-testid="format-switch"
            data={[
              {
                value: 'markdown',
                label: (
                  <Center style={{ gap: 6 }}>
                    <IconMarkdown size={16} stroke={1.7} />
                    <span>{t('editor.format.markdown')}</span>
                  </Center>
                ),
              },
              {
                value: 'text',
                label: (
                  <Center style={{ gap: 6 }}>
                    <IconFileText size={15} stroke={1.7} />
                    <span>{t('editor.format.text')}</span>
                  </Center>
                ),
              },
            ]}
          />
          {format === 'text' && (
            <Select
              size="xs"
              w={170}
              data={languageOptions}
              value={language}
              onChange={(value) => value && onLanguageChange(value)}
              allowDeselect={false}
              aria-label={t('editor.language.label')}
              data-testid="language-select"
            />
          )}
        </Group>
        <Group gap="xs">
          <FileButton onChange={(file) => file && void importFile(file)} accept={IMPORT_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconFileImport size={15} stroke={1.7} />}
                data-testid="import-file"
              >
                {t('editor.import.button')}
              </Button>
            )}
          </FileButton>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => setView(value as ViewMode)}
            data={viewOptions}
            aria-label={t('editor.view.label')}
            data-testid="view-switch"
          />
        </Group>
      </Group>

      <div className={classes.workspace} data-view={view}>
        <div className={classes.pane} hidden={view === 'preview'}>
          <Suspense
            fallback={
              <Center h="100%">
                <Loader type="dots" aria-label={t('editor.loading')} />
              </Center>
            }
          >
            <CodeEditor
              value={content}
              onChange={onContentChange}
              format={format}
              language={language}
              placeholder={
                format === 'markdown'
                  ? t('editor.placeholder.markdown')
                  : t('editor.placeholder.text')
              }
              label={t('editor.label')}
            />
          </Suspense>
        </div>
        {view !== 'edit' && (
          <section
            className={`${classes.pane} ${classes.preview}`}
            data-testid="editor-preview"
            aria-label={t('editor.view.preview')}
          >
            {previewContent.trim() === '' ? (
              <Text c="dimmed" size="sm">
                {t('editor.previewEmpty')}
              </Text>
            ) : (
              <Suspense fallback={<Skeleton h={120} />}>
                <PasteContent
                  content={previewContent}
                  format={format}
                  language={pasteLanguage(format, language)}
                />
              </Suspense>
            )}
          </section>
        )}
        {dragging && (
          <div className={classes.dropOverlay}>
            <Stack align="center" gap={6}>
              <IconFileImport size={32} stroke={1.5} color="var(--mantine-color-indigo-6)" />
              <Text fw={600}>{t('editor.import.drop')}</Text>
            </Stack>
          </div>
        )}
      </div>

      <Group justify="space-between" gap="xs" px="sm" py={6} className={classes.footer}>
        <Text size="xs" c="dimmed" data-testid="editor-stats">
          {t('editor.stats', { count: content.length })}
        </Text>
        <Text size="xs" c="dimmed" data-testid="draft-status">
          {draftSavedAt !== null
            ? t('editor.draft.savedAt', {
                time: formatDateTime(new Date(draftSavedAt).toISOString(), i18n.language),
              })
            : t('editor.draft.autosave')}
        </Text>
      </Group>
    </Card>
  );
}
