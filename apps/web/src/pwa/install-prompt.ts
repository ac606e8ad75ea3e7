import { PWA_INSTALL_DISMISS_MS, STORAGE_KEYS } from '@sharebin/shared';
import { readPreference, writePreference } from '../app/preferences';
import { createValueStore } from '../shared/value-store';

/** Chromium's event offering installation; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's offer, kept until used: it may come before the app has rendered. */
export const installOffer = createValueStore<BeforeInstallPromptEvent | null>(null);

export function captureInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini-infobar away: the app shows its prompt instead.
    event.preventDefault();
    installOffer.set(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => installOffer.set(null));
}

const isTrue = (value: unknown): value is true => value === true;

export function installDismissedAt(): number | null {
  return readPreference(STORAGE_KEYS.pwaInstallDismissed, isTrue)?.savedAt ?? null;
}

export function dismissInstall(now = Date.now()): void {
  writePreference(STORAGE_KEYS.pwaInstallDismissed, true, now);
}

/** SPEC §4: "Not now" hides the prompt for 7 days. */
export function shouldOfferInstall(
  hasOffer: boolean,
  dismissedAt: number | null,
  now: number,
): boolean {
  return hasOffer && (dismissedAt === null || now - dismissedAt >= PWA_INSTALL_DISMISS_MS);
}
