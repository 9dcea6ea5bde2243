import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/testing/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 8391);
/** tests/testing/accounts.ts reads the mail the server writes here. */
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/**
 * One worker per two cores, at most two: each worker drives its own Chromium, and the server and the
 * page's workers need cores too. Derived from the core count only, so a 2-core CI machine always
 * runs one worker (E2E_WORKERS overrides it).
 */
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
/**
 * The test hooks' secret, one per run. Set in this process's environment before the server and the workers start,
 * so both inherit it (the workers load this file again and keep it): tests/testing/testHooks.ts sends it.
 */
process.env.BINGKAI_TEST_HOOKS_SECRET ||= randomBytes(24).toString('base64url');

// Debian's Chromium, never a downloaded browser (DESIGN.md, machine notes).
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers,
  retries: 0,
  // Room for a route's readiness wait (tests/testing/routeReady.ts, 30 s) and the checks after it.
  timeout: 60_000,
  reporter: [['list']],
  globalSetup: './tests/testing/buildFixturesSetup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: {
    // The README's start command on a fresh data directory: builds, migrates, seeds, serves. The test
    // hooks let a test give an account a plan (POST /api/test/subscription); their secret comes from the
    // environment set above. Every test drives the server from 127.0.0.1, one client to its per-client bounds.
    command: `rm -rf ${dataDir} && BINGKAI_TEST_HOOKS=1 EARNINGS_HOLD_DAYS=0 NONCES_PER_CLIENT=100000 PORT=${port} DATA_DIR=${dataDir} npm start`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
