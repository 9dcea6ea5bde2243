import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/helpers/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8391);

// Debian's Chromium, never a downloaded browser (DESIGN.md, machine notes).
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: {
    // The README's start command on a fresh data directory: builds, migrates, seeds, serves.
    command: `rm -rf .tmp/e2e-data && PORT=${port} DATA_DIR=.tmp/e2e-data npm start`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
