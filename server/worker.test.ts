import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './infra/db/database.ts';
import { orders } from './infra/db/schema.ts';
import { insertCreator } from './testing/fixtures.ts';
import { insertOrder } from './testing/paidOrder.ts';
import { createTestDatabase, drivers, TEST_SECRET } from './testing/testApp.ts';

const root = new URL('..', import.meta.url).pathname;

/** A fresh database with one order past its payment window, and how to open it again after the worker closed it. */
async function staleOrderDatabase(driver: (typeof drivers)[number], dataDir: string) {
  const open = async (): Promise<Database> => {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: join(dataDir, 'pglite') });
    await database.migrate();
    return database;
  };
  const database: Database & { dispose?: () => Promise<void> } = driver === 'postgres' ? await createTestDatabase('postgres') : await open();
  const buyer = (await insertCreator(database.db, 'stale')).id;
  const past = new Date(Date.now() - 60_000);
  const order = await insertOrder(database.db, buyer, { createdAt: new Date(past.getTime() - 60_000), expiresAt: past });
  // PGlite belongs to one process: the worker's, until it exits.
  if (driver === 'pglite') await database.close();
  return { order, url: database.url, reopen: driver === 'pglite' ? open : async () => database, dispose: database.dispose ?? database.close };
}

describe.each(drivers)('npm run worker (%s)', (driver) => {
  it('runs the recurring jobs on a fresh database with no HTTP, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-worker-'));
    const { order, url, reopen, dispose } = await staleOrderDatabase(driver, dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', REQUEST_SIGNING_SECRET: TEST_SECRET, BILLING_JOB_MS: '200', LEADERBOARD_REFRESH_MS: '0', NOTIFICATION_JOB_MS: '0' };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.SMTP_URL;
    if (url) env.DATABASE_URL = url;
    const child = spawn(join(root, 'node_modules/.bin/tsx'), ['server/worker.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // The billing job, scheduled by the worker alone, expires the stale order.
      await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/"expiredOrders":1.*"msg":"billing jobs ran"/);
      expect(output).toContain('Bingkai worker is running');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"shutting down"');
      const database = await reopen();
      try {
        expect((await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('expired');
      } finally {
        if (driver === 'pglite') await database.close();
      }
    } finally {
      child.kill('SIGKILL');
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
