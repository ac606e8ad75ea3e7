import { Center, Loader, Stack, Text } from '@mantine/core';
import type { FsEntry } from '@sharebin/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveBackendUrl } from '../../../shared/backend';
import { FilePreview } from '../../files';
import { fsApi } from '../fs.api';
import { toWebVtt } from '../media/srt';
import { findSubtitles, type SubtitleFile } from '../media/subtitles';

/** Subtitles are read whole into memory: a file larger than this is no subtitle file. */
const SUBTITLE_MAX_BYTES = 5 * 1024 * 1024;

interface SubtitleTrack {
  key: string;
  src: string;
  language: string | null;
}

/** The subtitle's text, fetched by its own link and made WebVTT. */
async function webVttOf(subtitle: SubtitleFile<FsEntry>): Promise<Blob> {
  const link = await fsApi.fileLink(subtitle.entry.path, false);
  const response = await fetch(resolveBackendUrl(link.url), { credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Blob([toWebVtt(await response.text(), subtitle.format)], { type: 'text/vtt' });
}

/**
 * The subtitles beside a video as `<track>` sources: object URLs of WebVTT made in the
 * browser, revoked when the preview closes or shows another video. Null while they load.
 */
function useSubtitleTracks(subtitles: SubtitleFile<FsEntry>[]) {
  const [loaded, setLoaded] = useState<{ tracks: SubtitleTrack[]; failed: string[] } | null>(null);
  const identity = subtitles.map(({ entry }) => `${entry.path}|${entry.etag ?? ''}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `identity` names the files
  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    setLoaded(null);
    void Promise.all(
      subtitles.map((subtitle) =>
        webVttOf(subtitle).then(
          (blob) => {
            const src = URL.createObjectURL(blob);
            if (live) urls.push(src);
            else URL.revokeObjectURL(src);
            return { key: subtitle.entry.path, src, language: subtitle.language };
          },
          () => subtitle.entry.name,
        ),
      ),
    ).then((results) => {
      if (!live) return;
      setLoaded({
        tracks: results.filter((result): result is SubtitleTrack => typeof result !== 'string'),
        failed: results.filter((result): result is string => typeof result === 'string'),
      });
    });
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [identity]);
  return subtitles.length === 0 ? { tracks: [], failed: [] } : loaded;
}

/** A video with the subtitles found beside it in its folder (`.vtt`, `.srt` converted). */
export function VideoPreview({
  entry,
  url,
  siblings,
}: {
  entry: FsEntry;
  url: string;
  siblings: readonly FsEntry[];
}) {
  const { t } = useTranslation();
  const subtitles = useMemo(
    () =>
      findSubtitles(entry.name, siblings).filter(
        (subtitle) => (subtitle.entry.size ?? 0) <= SUBTITLE_MAX_BYTES,
      ),
    [entry.name, siblings],
  );
  const loaded = useSubtitleTracks(subtitles);
  if (loaded === null) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }
  return (
    <Stack gap="xs">
      <FilePreview
        file={{
          filename: entry.name,
          mimetype: entry.mimetype ?? 'video/mp4',
          size: entry.size ?? 0,
          previewUrl: url,
          downloadUrl: url,
          subtitles: loaded.tracks.map((track) => ({
            src: track.src,
            label: track.language ?? t('media.video.subtitles'),
            language: track.language ?? undefined,
          })),
        }}
      />
      {loaded.tracks.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="video-subtitles">
          {t('media.video.found', { count: loaded.tracks.length })}
        </Text>
      )}
      {loaded.failed.map((name) => (
        <Text key={name} size="xs" c="red">
          {t('media.video.failed', { name })}
        </Text>
      ))}
    </Stack>
  );
}
