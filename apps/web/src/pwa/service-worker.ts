import { createValueStore } from '../shared/value-store';

/** True once a new version's worker is installed and waits for the user (SPEC §4). */
export const updateAvailable = createValueStore(false);

let activateWaitingWorker: (() => Promise<void>) | null = null;

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
      // The library would reload every tab the new worker takes over, this one included when
      // another tab's user chose "Reload": an upload or an edit here must go on. Only the tab
      // whose user asked reloads (reloadIntoUpdate).
      onNeedReload: () => undefined,
      onRegisterError: (error: unknown) => console.warn('Service worker not registered', error),
    });
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/** Lets the waiting worker take over; the page reloads once it controls the page. */
export async function reloadIntoUpdate(): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  await activateWaitingWorker?.();
}
