import {
  Alert,
  Button,
  Center,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCode, IconDownload, IconEye, IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withTextPart } from '../../../../i18n';
import { formatBytes } from '../../../../shared/format-bytes';
import type { ReferenceResolver } from '../../../markdown';
import {
  type PreviewKind,
  previewKind,
  TEXT_PREVIEW_MAX_BYTES,
  textLanguage,
} from '../../share/file-preview';
import { useTextPreview } from '../../share/file-share.hooks';
import { useTextEncoding } from '../../share/use-text-encoding';
import { fileTypeIcon } from './file-type-icon';
import classes from './share.module.css';

// The Markdown and highlighting pipeline loads only for the files that need it.
const loadPasteContent = () => import('../../../pastes/components/PasteContent');
const PasteContent = lazy(() =>
  loadPasteContent().then((module) => ({ default: module.PasteContent })),
);
// With its texts, which only previews read.
const EncodingSelect = lazy(() =>
  withTextPart(import('./EncodingSelect'), 'documents').then((module) => ({
    default: module.EncodingSelect,
  })),
);

export interface PreviewableFile {
  filename: string;
  mimetype: string;
  size: number;
  /** Absolute addresses carrying the access token. */
  previewUrl: string;
  downloadUrl: string;
  /**
   * What changes when the file's bytes do (its ETag or time), for files that can be edited:
   * a link signed in the same second before and after an edit is the same address.
   */
  version?: string;
  /** Who the file is across links and edits (its path), for choices kept per file. */
  id?: string;
  /** A video's subtitle tracks: WebVTT at addresses of this page's origin (object URLs). */
  subtitles?: readonly { src: string; label: string; language?: string }[];
}

function NoPreview({
  file,
  kind,
  reason,
}: {
  file: PreviewableFile;
  kind: PreviewKind;
  reason: 'type' | 'failed';
}) {
  const { t } = useTranslation();
  const TypeIcon = fileTypeIcon(kind, file.mimetype);
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="preview-none">
      <ThemeIcon size={72} radius="xl" variant="light" color="gray">
        <TypeIcon size={38} stroke={1.4} />
      </ThemeIcon>
      <Text fw={600}>
        {reason === 'type' ? t('fileShare.preview.noneTitle') : t('fileShare.preview.failed')}
      </Text>
      <Text size="sm" c="dimmed" maw={380}>
        {t('fileShare.preview.noneBody')}
      </Text>
      <Button
        component="a"
        href={file.downloadUrl}
        download={file.filename}
        variant="light"
        leftSection={<IconDownload size={16} />}
      >
        {t('common.download')}
      </Button>
    </Stack>
  );
}

/** The start of a text file, highlighted (or rendered, for Markdown). */
function TextPreview({
  file,
  kind,
  format,
  resolveReference,
}: {
  file: PreviewableFile;
  kind: PreviewKind;
  format: 'markdown' | 'text';
  resolveReference?: ReferenceResolver;
}) {
  const { t, i18n } = useTranslation();
  const preview = useTextPreview(file.previewUrl, file.size, true, file.version);
  const decoded = useTextEncoding(
    file.id ?? `${file.filename}|${file.size}|${file.version ?? ''}`,
    preview.data?.bytes,
  );
  // The renderer loads while the text does, not after it.
  useEffect(() => {
    void loadPasteContent();
  }, []);
  if (preview.isPending) {
    return (
      <Stack gap="xs" data-testid="preview-loading">
        <Skeleton h={14} w="70%" />
        <Skeleton h={14} w="90%" />
        <Skeleton h={14} w="55%" />
        <Skeleton h={14} w="80%" />
      </Stack>
    );
  }
  if (preview.isError) return <NoPreview file={file} kind={kind} reason="failed" />;
  const language =
    format === 'text'
      ? kind === 'html' || kind === 'svg'
        ? 'xml'
        : textLanguage(file.mimetype, file.filename)
      : null;
  return (
    <Stack gap="sm">
      <Suspense fallback={<Skeleton h={30} w={260} />}>
        <EncodingSelect
          encoding={decoded.encoding}
          detected={decoded.detected}
          onChange={decoded.choose}
        />
      </Suspense>
      {preview.data.truncated && (
        <Alert color="gray" variant="light" py={8} data-testid="preview-truncated">
          <Text size="xs">
            {t('fileShare.preview.truncated', {
              shown: formatBytes(TEXT_PREVIEW_MAX_BYTES, i18n.language),
              total: formatBytes(file.size, i18n.language),
            })}
          </Text>
        </Alert>
      )}
      <div
        className={classes.text}
        data-testid={format === 'markdown' ? 'preview-markdown' : 'preview-text'}
      >
        <Suspense fallback={<Skeleton h={120} />}>
          <PasteContent
            content={decoded.text}
            format={format}
            language={language}
            resolveReference={resolveReference}
          />
        </Suspense>
      </div>
    </Stack>
  );
}

/**
 * HTML and SVG: the source, or the file rendered in a sandboxed frame (no scripts, an opaque
 * origin; the server adds a CSP sandbox too). Never drawn into the app's own page.
 */
function ActiveContentPreview({ file, kind }: { file: PreviewableFile; kind: 'html' | 'svg' }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'source' | 'rendered'>(kind === 'svg' ? 'rendered' : 'source');
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(value) => setMode(value === 'rendered' ? 'rendered' : 'source')}
          data-testid="preview-mode"
          data={[
            {
              value: 'source',
              label: (
                <Center style={{ gap: 6 }}>
                  <IconCode size={14} />
                  <span>{t('fileShare.preview.source')}</span>
                </Center>
              ),
            },
            {
              value: 'rendered',
              label: (
                <Center style={{ gap: 6 }}>
                  <IconEye size={14} />
                  <span>{t('fileShare.preview.rendered')}</span>
                </Center>
              ),
            },
          ]}
        />
        {mode === 'rendered' && (
          <Group gap={6} wrap="nowrap">
            <IconShieldLock size={14} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {t('fileShare.preview.sandboxed')}
            </Text>
          </Group>
        )}
      </Group>
      {mode === 'rendered' ? (
        <iframe
          src={file.previewUrl}
          title={file.filename}
          sandbox=""
          referrerPolicy="no-referrer"
          className={`${classes.frame} ${classes.sandboxFrame}`}
          data-testid="preview-sandbox"
        />
      ) : (
        <TextPreview file={file} kind={kind} format="text" />
      )}
    </Stack>
  );
}

/** What a shared file looks like, by its type (SPEC §2 file view and preview). */
export function FilePreview({
  file,
  resolveReference,
}: {
  file: PreviewableFile;
  /** Resolves a Markdown file's relative images and links (a file in a folder). */
  resolveReference?: ReferenceResolver;
}) {
  const { t } = useTranslation();
  const kind = previewKind(file.mimetype, file.filename);
  const [failed, setFailed] = useState(false);
  if (failed) return <NoPreview file={file} kind={kind} reason="failed" />;

  switch (kind) {
    case 'image':
      return (
        <div className={classes.stage}>
          <img
            src={file.previewUrl}
            alt={file.filename}
            className={classes.image}
            onError={() => setFailed(true)}
            data-testid="preview-image"
          />
        </div>
      );
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: shared user videos come without captions
        <video
          src={file.previewUrl}
          controls
          preload="metadata"
          playsInline
          className={classes.video}
          onError={() => setFailed(true)}
          data-testid="preview-video"
        >
          {file.subtitles?.map((track, index) => (
            <track
              key={track.src}
              kind="subtitles"
              src={track.src}
              label={track.label}
              srcLang={track.language}
              default={index === 0}
            />
          ))}
        </video>
      );
    case 'audio':
      return (
        <div className={classes.stage}>
          {/* biome-ignore lint/a11y/useMediaCaption: shared user audio comes without captions */}
          <audio
            src={file.previewUrl}
            controls
            preload="metadata"
            className={classes.audio}
            onError={() => setFailed(true)}
            data-testid="preview-audio"
          />
        </div>
      );
    case 'pdf':
      return (
        <iframe
          src={file.previewUrl}
          title={t('fileShare.preview.pdfTitle', { name: file.filename })}
          className={classes.frame}
          data-testid="preview-pdf"
        />
      );
    case 'markdown':
      return (
        <TextPreview
          file={file}
          kind={kind}
          format="markdown"
          resolveReference={resolveReference}
        />
      );
    case 'text':
      return <TextPreview file={file} kind={kind} format="text" />;
    case 'html':
    case 'svg':
      return <ActiveContentPreview file={file} kind={kind} />;
    case 'none':
      return <NoPreview file={file} kind={kind} reason="type" />;
  }
}
