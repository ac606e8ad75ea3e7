import { lazy, Suspense } from 'react';
import { useAudioDocked } from './audio-dock';

const AudioMiniPlayer = lazy(() => import('../components/AudioMiniPlayer'));

/**
 * Where the layout docks the explorer's audio player: nothing, and no player code loaded, until
 * the explorer starts a playlist; then it stays while the user browses any page.
 */
export function AudioDock() {
  const docked = useAudioDocked();
  if (!docked) return null;
  return (
    <Suspense fallback={null}>
      <AudioMiniPlayer />
    </Suspense>
  );
}
