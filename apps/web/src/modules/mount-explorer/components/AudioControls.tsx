import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconArrowsShuffle,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
  IconRepeat,
  IconRepeatOff,
  IconRepeatOnce,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AudioPlaylist,
  cycleRepeat,
  setPlaying,
  step,
  toggleShuffle,
} from '../media/audio-playlist';

const REPEAT_ICONS = { off: IconRepeatOff, all: IconRepeat, one: IconRepeatOnce };

/** A round icon button of the player, named by its tooltip. */
export function ControlButton({
  label,
  onClick,
  active,
  variant,
  size = 'lg',
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  /** A switch (shuffle, repeat): on or off. */
  active?: boolean;
  variant?: 'filled';
  size?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={variant ?? (active ? 'light' : 'subtle')}
        color={variant || active ? undefined : 'gray'}
        size={size}
        radius="xl"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Shuffle, previous, play or pause, next and repeat: the docked player's and the preview's. */
export function AudioControls({ playlist }: { playlist: AudioPlaylist }) {
  const { t } = useTranslation();
  const RepeatIcon = REPEAT_ICONS[playlist.repeat];
  return (
    <Group gap={4} wrap="nowrap">
      <ControlButton
        label={t(playlist.shuffle ? 'media.player.shuffleOn' : 'media.player.shuffleOff')}
        active={playlist.shuffle}
        onClick={toggleShuffle}
        testId="player-shuffle"
      >
        <IconArrowsShuffle size={18} />
      </ControlButton>
      <ControlButton
        label={t('media.player.previous')}
        onClick={() => step('previous')}
        testId="player-previous"
      >
        <IconPlayerSkipBackFilled size={18} />
      </ControlButton>
      <ControlButton
        label={t(playlist.playing ? 'media.player.pause' : 'media.player.play')}
        onClick={() => setPlaying(!playlist.playing)}
        variant="filled"
        size="xl"
        testId="player-toggle"
      >
        {playlist.playing ? (
          <IconPlayerPauseFilled size={20} />
        ) : (
          <IconPlayerPlayFilled size={20} />
        )}
      </ControlButton>
      <ControlButton
        label={t('media.player.next')}
        onClick={() => step('next')}
        testId="player-next"
      >
        <IconPlayerSkipForwardFilled size={18} />
      </ControlButton>
      <ControlButton
        label={t(`media.player.repeat.${playlist.repeat}`)}
        active={playlist.repeat !== 'off'}
        onClick={cycleRepeat}
        testId="player-repeat"
      >
        <RepeatIcon size={18} />
      </ControlButton>
    </Group>
  );
}
