import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from './infra/db/schema.ts';
import { insertCreator } from './testing/fixtures.ts';
import { insertOrder } from './testing/paidOrder.ts';
import { createTestDatabase, drivers, TEST_SECRET } from './testing/testApp.ts';

const root = new URL('..', import.meta.url).pathname;

/** A fresh PostgreSQL database with one order past its payment window. */
async function staleOrderDatabase() {
  const database = await createTestDatabase('postgres');
  const buyer = (await insertCreator(database.db, 'stale')).id;
  const past = new Date(Date.now() - 60_000);
  const order = await insertOrder(database.db, buyer, { createdAt: new Date(past.getTime() - 60_000), expiresAt: past });
  return { database, order };
}

/** `npm run worker` as a child process, its output collected. */
function startWorkerProcess(env: NodeJS.ProcessEnv) {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['server/worker.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const run = { child, output: '', exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stdout.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
  return run;
}

function workerEnv(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', REQUEST_SIGNING_SECRET: TEST_SECRET, BILLING_JOB_MS: '200', LEADERBOARD_REFRESH_MS: '0', NOTIFICATION_JOB_MS: '0' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

describe('npm run worker', () => {
  it('refuses the embedded PGlite database, whose files the web process owns (it runs the jobs there)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-worker-'));
    try {
      const run = startWorkerProcess(workerEnv(dataDir, undefined));
      expect(await run.exited).toBe(1);
      expect(run.output).toContain('npm run worker needs DATABASE_URL');
      expect(run.output).not.toContain('Bingkai worker is running');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.runIf(drivers.includes('postgres'))('runs the recurring jobs on PostgreSQL with no HTTP, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-worker-'));
    const { database, order } = await staleOrderDatabase();
    const run = startWorkerProcess(workerEnv(dataDir, database.url));
    try {
      // The billing job, scheduled by the worker alone, expires the stale order.
      await expect.poll(() => run.output, { timeout: 60_000, interval: 100 }).toMatch(/"expiredOrders":1.*"msg":"billing jobs ran"/);
      expect(run.output).toContain('Bingkai worker is running');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output).toContain('"msg":"shutting down"');
      expect((await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('expired');
    } finally {
      run.child.kill('SIGKILL');
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
