import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './support/chromium';

const port = Number(process.env.E2E_PORT ?? 8181);
// A fresh data folder per run (the embedded database), unless DATABASE_URL points at a real PostgreSQL.
// Removed after the run (support/teardown.ts) when made here.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-e2e-'));
  process.env.E2E_DATA_DIR_MADE = '1';
}
export const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

export { chromiumLaunch };

export default defineConfig({
  testDir: './tests',
  globalTeardown: './support/teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npm start',
        cwd: '..',
        url: `${baseURL}/readyz`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR,
          LOG_LEVEL: 'warn',
          PUBLIC_URL: baseURL,
          ...(process.env.BUERGERFIT_SKIP_BUILD
            ? { BUERGERFIT_SKIP_BUILD: process.env.BUERGERFIT_SKIP_BUILD }
            : {}),
        },
      },
});
