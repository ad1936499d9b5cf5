import { defineConfig, devices } from '@playwright/test';
import { CLUSTER_PORT } from './cluster/setup';
import { chromiumLaunch } from './support/chromium';

// The two-instance suite: production build, two BFF instances, nginx with TLS (see cluster/setup.ts).
// `npm run e2e:cluster` in this workspace; `npm test` runs it after the main suite.
export default defineConfig({
  testDir: './cluster',
  globalSetup: './cluster/setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `https://localhost:${CLUSTER_PORT}`,
    // The run's own self-signed certificate.
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
});
