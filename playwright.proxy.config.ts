import { defineConfig } from '@playwright/test';

/**
 * The app through a real reverse proxy (nginx or Caddy) over TLS, at the root or under a path:
 * run by scripts/proxy-e2e.sh, which builds, starts the server and the proxy for each variant
 * and sets PROXY_E2E_URL (`https://127.0.0.1:19461/sb/`) and PROXY_E2E_SPKI (the self-signed
 * certificate's key hash, which Chromium then trusts: a service worker needs a valid one).
 */
const baseURL = process.env.PROXY_E2E_URL ?? 'https://127.0.0.1:19461/';
const spki = process.env.PROXY_E2E_SPKI ?? '';

export default defineConfig({
  testDir: 'apps/web/e2e/proxy',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'en-US',
    colorScheme: 'light',
    trace: 'off',
    serviceWorkers: 'allow',
    // API requests of the tests (WebDAV, the admin token): the certificate is self-signed.
    ignoreHTTPSErrors: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...(spki ? [`--ignore-certificate-errors-spki-list=${spki}`] : []),
      ],
    },
  },
});
