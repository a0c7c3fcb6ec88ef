// Browser tests against the built shop. Each worker starts its own server (support/shop-server.ts),
// so specs never share a database or artifact store across workers.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium';

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests',
  // One shop started before the specs: its database and deploys are the template every worker's
  // server copies instead of migrating, seeding and deploying again.
  globalSetup: './support/global-setup.ts',
  // 2 cores: a browser, a server and the test runner per worker; two workers keep both cores busy.
  workers: 2,
  fullyParallel: false,
  forbidOnly: isCI,
  // No retries: a flaky test is a bug to fix, and a retry would hide the 3 s fallback budget failing.
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    // Playwright's own browser download cannot work here: Debian's Chromium (scripts/ensure-chromium.mjs).
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    viewport: { width: 1280, height: 800 },
    navigationTimeout: 20_000,
    actionTimeout: 10_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
