import { lazy, Suspense } from 'react';
import { useValueStore } from '../shared/value-store';
import { installOffer } from './install-prompt';
import { updateAvailable } from './service-worker';

// The prompts' code loads once there is something to offer, off the first load.
const PromptPanel = lazy(() => import('./PromptPanel'));

/** The install prompt and the update prompt (SPEC §2, §4), when the browser has one for us. */
export function PwaPrompts() {
  const hasUpdate = useValueStore(updateAvailable);
  const hasInstallOffer = useValueStore(installOffer) !== null;
  if (!hasUpdate && !hasInstallOffer) return null;
  return (
    <Suspense fallback={null}>
      <PromptPanel />
    </Suspense>
  );
}
