import { createValueStore } from '../modules/tasks/value-store';

/** True once a new version's worker is installed and waits for the user (SPEC §4). */
export const updateAvailable = createValueStore(false);

let activateWaitingWorker: (() => Promise<void>) | null = null;
let reloadRequested = false;

/**
 * Registers the service worker after the page has loaded (its registration code is a chunk
 * of its own, off the first load). A new version never takes over by itself: it waits until
 * the user chooses to reload in the update prompt.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    activateWaitingWorker = registerSW({
      immediate: true,
      onNeedRefresh: () => updateAvailable.set(true),
      // The new worker took control. Another tab's "Reload" does that to this tab too: only
      // the tab whose user asked reloads, so an upload or an edit elsewhere goes on.
      onNeedReload: () => {
        if (reloadRequested) window.location.reload();
      },
      onRegisterError: (error: unknown) => console.warn('Service worker not registered', error),
    });
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/** Lets the waiting worker take over; the page reloads once it controls the page. */
export async function reloadIntoUpdate(): Promise<void> {
  reloadRequested = true;
  await activateWaitingWorker?.();
}
