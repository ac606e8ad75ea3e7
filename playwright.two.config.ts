import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The end-to-end set for two server processes on one PostgreSQL behind one address
 * (ARCHITECTURE §9): `npm run test:e2e:two`. Same browser and port as the main set.
 */
export default defineConfig({
  ...base,
  testDir: 'apps/web/e2e/two-instances',
  testIgnore: [],
  webServer: {
    ...(base.webServer as object),
    command: 'npm run build && node apps/web/e2e/two-instances/start-two-servers.mjs',
    env: {
      ...(base.webServer as { env: Record<string, string> }).env,
      ...(process.env.E2E_POSTGRES_URL ? { E2E_POSTGRES_URL: process.env.E2E_POSTGRES_URL } : {}),
    },
  },
});
