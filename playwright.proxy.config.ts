import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The app through a real reverse proxy (nginx or Caddy) over TLS, at the root or under a path:
 * run by scripts/proxy-e2e.sh, which builds, starts the server and the proxy for each variant
 * and sets PROXY_E2E_URL (`https://127.0.0.1:19461/sb/`) and PROXY_E2E_SPKI (the self-signed
 * certificate's key hash, which Chromium then trusts: a service worker needs a valid one).
 */
const baseURL = process.env.PROXY_E2E_URL ?? 'https://127.0.0.1:19461/';
const spki = process.env.PROXY_E2E_SPKI ?? '';

const launchOptions = base.use?.launchOptions ?? {};

/** The main set's browser and timeouts, against the proxy's address and with no server of its own. */
export default defineConfig({
  ...base,
  testDir: 'apps/web/e2e/proxy',
  testIgnore: [],
  webServer: undefined,
  use: {
    ...base.use,
    baseURL,
    trace: 'off',
    serviceWorkers: 'allow',
    // API requests of the tests (WebDAV, the admin token): the certificate is self-signed.
    ignoreHTTPSErrors: true,
    launchOptions: {
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        ...(spki ? [`--ignore-certificate-errors-spki-list=${spki}`] : []),
      ],
    },
  },
});
