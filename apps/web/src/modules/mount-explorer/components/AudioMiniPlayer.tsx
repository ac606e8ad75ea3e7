import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMusic, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveBackendUrl } from '../../../shared/backend';
import { useAuth } from '../../auth';
import { baseName } from '../explorer.paths';
import { fsApi } from '../fs.api';
import {
  type AudioPlaylist,
  closePlaylist,
  currentTrack,
  setPlaying,
  step,
  useAudioPlaylist,
} from '../media/audio-playlist';
import { AudioControls, ControlButton } from './AudioControls';
import classes from './media.module.css';

const clock = (seconds: number) => {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
};

/** Play, pause and the track keys of the keyboard, headsets and the lock screen. */
function useMediaSession(playlist: AudioPlaylist) {
  const track = currentTrack(playlist);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, () => void][] = [
      ['play', () => setPlaying(true)],
      ['pause', () => setPlaying(false)],
      ['previoustrack', () => step('previous')],
      ['nexttrack', () => step('next')],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
      session.metadata = null;
    };
  }, []);
  useEffect(() => {
    if (!('mediaSession' in navigator) || !track || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.name,
      album: baseName(playlist.folder),
    });
  }, [track, playlist.folder]);
  useEffect(() => {
    if ('mediaSession' in navigator) {
      navigator.mediaSession.playbackState = playlist.playing ? 'playing' : 'paused';
    }
  }, [playlist.playing]);
}

/** The docked player of the explorer's audio playlist (the layout shows it on every page). */
function DockedPlayer({ playlist }: { playlist: AudioPlaylist }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const track = currentTrack(playlist);
  const [failed, setFailed] = useState<string | null>(null);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  // While a new track's address is fetched and loaded, its pauses are not the user's.
  const switching = useRef(false);
  const latestPlaying = useRef(playlist.playing);
  latestPlaying.current = playlist.playing;
  useMediaSession(playlist);

  // Links last an hour: each start of a track asks for a fresh one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `serial` is what starts a track
  useEffect(() => {
    const element = audio.current;
    if (!element || !track) return;
    let live = true;
    switching.current = true;
    setFailed(null);
    setTime({ current: 0, duration: 0 });
    fsApi.fileLink(track.path, false).then(
      (link) => {
        if (!live) return;
        element.src = resolveBackendUrl(link.url);
        switching.current = false;
        if (latestPlaying.current) {
          element.play().catch((error: unknown) => {
            if (live && (error as Error).name !== 'AbortError') setPlaying(false);
          });
        }
      },
      () => {
        if (!live) return;
        switching.current = false;
        setFailed(track.path);
        setPlaying(false);
      },
    );
    return () => {
      live = false;
    };
  }, [playlist.serial]);

  useEffect(() => {
    const element = audio.current;
    if (!element || switching.current || !element.src) return;
    if (playlist.playing && element.paused) {
      element.play().catch(() => setPlaying(false));
    } else if (!playlist.playing && !element.paused) {
      element.pause();
    }
  }, [playlist.playing]);

  if (!track) return null;
  const position = playlist.position + 1;
  return (
    <section
      className={classes.dock}
      aria-label={t('media.player.label')}
      data-testid="audio-player"
      data-playing={playlist.playing || undefined}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: music from the user's own folders has no captions */}
      <audio
        ref={audio}
        preload="auto"
        onEnded={() => step('ended')}
        onPause={() => {
          if (!switching.current && !audio.current?.ended) setPlaying(false);
        }}
        onPlay={() => setPlaying(true)}
        onError={() => {
          if (switching.current || !audio.current?.src) return;
          setFailed(track.path);
          setPlaying(false);
        }}
        onTimeUpdate={(event) =>
          setTime({
            current: event.currentTarget.currentTime,
            duration: event.currentTarget.duration,
          })
        }
        onDurationChange={(event) => {
          const { duration } = event.currentTarget;
          setTime((before) => ({ ...before, duration }));
        }}
        data-testid="audio-element"
      />
      <div className={classes.dockInner}>
        <Group gap="sm" wrap="nowrap" className={classes.dockTitle}>
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconMusic size={18} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end" data-testid="player-track">
              {track.name}
            </Text>
            <Text size="xs" c={failed ? 'red' : 'dimmed'} truncate="end">
              {failed
                ? t('media.player.failed', { name: track.name })
                : t('media.player.trackOf', { current: position, total: playlist.order.length })}
            </Text>
          </div>
        </Group>
        <div className={classes.dockControls}>
          <AudioControls playlist={playlist} />
        </div>
        <Group gap="xs" wrap="nowrap" className={classes.dockProgress}>
          <Text size="xs" c="dimmed" className={classes.time}>
            {clock(time.current)}
          </Text>
          {/* A native range, not Mantine's Slider: the Slider would join the Mantine chunk that
              every page loads first (2.4 KB gzip), for a control only the player has. */}
          <input
            type="range"
            className={classes.seek}
            min={0}
            max={Number.isFinite(time.duration) && time.duration > 0 ? time.duration : 1}
            step={0.1}
            value={Math.min(time.current, time.duration || 0)}
            aria-label={t('media.player.seek')}
            aria-valuetext={clock(time.current)}
            onChange={(event) => {
              const value = Number(event.currentTarget.value);
              if (audio.current) audio.current.currentTime = value;
              setTime((before) => ({ ...before, current: value }));
            }}
            data-testid="player-seek"
          />
          <Text size="xs" c="dimmed" className={classes.time}>
            {clock(time.duration)}
          </Text>
        </Group>
        <div className={classes.dockClose}>
          <ControlButton
            label={t('media.player.close')}
            onClick={closePlaylist}
            size="md"
            testId="player-close"
          >
            <IconX size={18} />
          </ControlButton>
        </div>
      </div>
    </section>
  );
}

/** The layout's slot for the player: there while a playlist is, and for a signed-in user only. */
export default function AudioMiniPlayer() {
  const playlist = useAudioPlaylist();
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    if (!isAuthenticated) closePlaylist();
  }, [isAuthenticated]);
  return playlist ? <DockedPlayer playlist={playlist} /> : null;
}
