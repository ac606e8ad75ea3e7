import { Group, Stack, Text } from '@mantine/core';
import type { FsEntry } from '@sharebin/shared';
import { IconPlayerPlayFilled, IconVolume } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { baseName, parentPath } from '../explorer.paths';
import {
  currentTrack,
  playPosition,
  startPlaylist,
  useAudioPlaylist,
} from '../media/audio-playlist';
import { AudioControls } from './AudioControls';
import classes from './media.module.css';

/**
 * The explorer's preview of an audio file: it starts the folder's playlist at this file in the
 * player docked at the bottom of the app (which goes on after the preview closes), and lists it.
 */
export function AudioPlaylistPreview({
  entry,
  tracks,
}: {
  entry: FsEntry;
  /** The folder's audio files, in the explorer's order. */
  tracks: readonly FsEntry[];
}) {
  const { t } = useTranslation();
  const playlist = useAudioPlaylist();
  const list = useMemo(() => tracks.map(({ path, name }) => ({ path, name })), [tracks]);
  const playingPath = playlist ? currentTrack(playlist)?.path : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening this file starts it, once
  useEffect(() => {
    if (playingPath === entry.path) return;
    const start = list.findIndex((track) => track.path === entry.path);
    if (start >= 0) startPlaylist(list, start, parentPath(entry.path));
  }, [entry.path]);

  if (!playlist) return null;
  return (
    <Stack gap="sm" data-testid="audio-preview">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} truncate="end">
          {t('media.player.playlist', { folder: baseName(playlist.folder) || '/' })}
        </Text>
        <AudioControls playlist={playlist} />
      </Group>
      <div className={classes.trackList}>
        {playlist.order.map((index, position) => {
          const track = playlist.tracks[index];
          if (!track) return null;
          const current = position === playlist.position;
          return (
            <button
              key={track.path}
              type="button"
              className={classes.trackRow}
              data-current={current || undefined}
              aria-current={current || undefined}
              aria-label={t('media.player.playTrack', { name: track.name })}
              onClick={() => playPosition(position)}
              data-testid="playlist-track"
            >
              {current ? (
                <IconVolume size={16} />
              ) : (
                <IconPlayerPlayFilled size={14} opacity={0.4} />
              )}
              <span className={classes.trackName}>{track.name}</span>
            </button>
          );
        })}
      </div>
      <Text size="xs" c="dimmed">
        {t('media.player.keepsPlaying')}
      </Text>
    </Stack>
  );
}
