// First: zod reads its configuration when the shared schemas are built (see the module).
import './app/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { listenForAuthNotices } from './app/auth-notices';
import { initI18n } from './i18n';
import { validateSessionIfDue } from './modules/auth/auth.actions';
import { restoreAuth } from './modules/auth/auth.store';
import { captureInstallOffer } from './pwa/install-prompt';
import { startOfflineCache } from './pwa/offline-startup';
import { startServiceWorker } from './pwa/service-worker';

const texts = initI18n();
// Before the check of stored credentials: its "session ended" may come before the first render.
listenForAuthNotices();
// SPEC §4: restore stored credentials, then revalidate them with the server.
restoreAuth();
startOfflineCache();
void validateSessionIfDue();
// The browser's install offer may come before the first render: listen from the start.
captureInstallOffer();
startServiceWorker();

const root = document.getElementById('root');
if (!root) {
  throw new Error('Missing #root element');
}
// The reader's language comes as a chunk of its own: the first render waits for it.
void texts.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
