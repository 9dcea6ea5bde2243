import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../testing/chromium.ts';

const port = Number(process.env.VISUAL_PORT ?? 8393);
const root = resolve(import.meta.dirname, '../..');

/**
 * Golden-image tests: the harness page (Vite dev server on its own port) renders each case of
 * cases.ts through the real workers in Debian's Chromium (never a downloaded browser).
 * `npm run goldens:update` (UPDATE_GOLDENS=1) writes the goldens instead of comparing.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'visual.spec.ts',
  outputDir: resolve(root, 'test-results/visual-playwright'),
  globalSetup: './globalSetup.ts',
  globalTeardown: './globalTeardown.ts',
  // One page renders every case in turn; the machine has two cores.
  workers: 1,
  retries: 0,
  timeout: 120_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `node node_modules/vite/bin/vite.js --config tests/visual/vite.config.ts --port ${port} --strictPort --host 127.0.0.1`,
    cwd: root,
    url: `http://127.0.0.1:${port}/tests/visual/harness.html`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
