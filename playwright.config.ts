import { defineConfig } from '@playwright/test';
import { ADMIN, E2E_PORT } from './apps/web/e2e/support';

const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Run by playwright.two.config.ts against two server processes, and by
  // playwright.proxy.config.ts (scripts/proxy-e2e.sh) through nginx and Caddy.
  testIgnore: ['two-instances/**', 'proxy/**'],
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
    // In CI a failure is read from the log alone: a trace recorded for every test is time lost.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The app's service worker would answer requests before page.route() sees them and keep
    // pages between tests' navigations; pwa.spec.ts allows it where it is what is tested.
    serviceWorkers: 'block',
    launchOptions: {
      // Playwright's own browser download does not work on these machines (ARCHITECTURE §1).
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
      ],
    },
  },
  webServer: {
    // Builds web and server, then serves both on a fresh, temporary data folder.
    command: 'npm run build && node apps/web/e2e/start-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // URL uploads in the tests fetch from a test server on 127.0.0.1.
      ALLOW_PRIVATE_URLS: 'true',
    },
  },
});
