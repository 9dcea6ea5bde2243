import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openThroughProxy } from '../../testing/proxiedDatabase.ts';
import { createTestDatabase } from '../../testing/testApp.ts';
import { openDatabase } from './database.ts';
import { isDatabaseUnavailable } from './databaseUnavailable.ts';

/** Milliseconds a promise took to reject, and its error. */
async function rejection(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await work;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('expected a rejection');
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The PGlite scenario, run in a plain Node process (server/testing/pgliteWaitProbe.ts says why). */
function runPgliteProbe(boundMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/testing/pgliteWaitProbe.ts', String(boundMs)], { cwd: root, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe('PGlite waits are bounded', () => {
  it('a query stuck behind a long transaction gives up at the bound; a transaction that never got the lock never runs', async () => {
    const result = JSON.parse(await runPgliteProbe(300)) as {
      query: { unavailable: boolean; name: string; ms: number };
      transaction: { unavailable: boolean; name: string; ms: number };
      ran: boolean;
      rows: number;
      afterRelease: string;
      closed: { unavailable: boolean; ms: number };
    };
    expect(result.query).toMatchObject({ unavailable: true, name: 'DatabaseTimeoutError' });
    expect(result.query.ms).toBeLessThan(3000);
    expect(result.transaction).toMatchObject({ unavailable: true, name: 'DatabaseTimeoutError' });
    expect(result.ran).toBe(false);
    expect(result.rows).toBe(0);
    expect(result.afterRelease).toBe('resolved');
    // Closed fails at once with its own error, not after the bound.
    expect(result.closed.unavailable).toBe(true);
  }, 90_000);

  it('a closed PGlite fails at once and counts as unavailable', async () => {
    const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://', dbStatementTimeoutMs: 5000 });
    await database.close();
    const query = await rejection(database.ping());
    expect(isDatabaseUnavailable(query.error)).toBe(true);
    const transaction = await rejection(database.db.transaction(async () => {}));
    expect(isDatabaseUnavailable(transaction.error)).toBe(true);
    expect(transaction.ms).toBeLessThan(2000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL waits are bounded', () => {
  it('refused, frozen and slow all fail within their bounds as unavailable, and the pool recovers without a restart', async () => {
    const direct = await createTestDatabase('postgres');
    const proxied = await openThroughProxy(direct, { dbConnectTimeoutMs: 1000, dbStatementTimeoutMs: 500, dbIdleInTransactionTimeoutMs: 700 });
    const { database, proxy } = proxied;
    try {
      await database.ping();

      // A statement running past statement_timeout is cancelled by the server.
      const slow = await rejection(database.db.execute(sql`select pg_sleep(3)`));
      expect(isDatabaseUnavailable(slow.error)).toBe(true);
      expect(slow.ms).toBeLessThan(2500);
      const settings = await database.db.execute(sql`select current_setting('idle_in_transaction_session_timeout') as idle`);
      expect((settings as unknown as { rows: { idle: string }[] }).rows[0]!.idle).toBe('700ms');

      proxy.refuse();
      const refused = await rejection(database.ping());
      expect(isDatabaseUnavailable(refused.error)).toBe(true);
      expect(refused.ms).toBeLessThan(2000);

      await proxy.resume();
      await database.ping();

      // Frozen: pooled connections stay open but nothing answers; the client's read timeout ends the wait.
      proxy.freeze();
      const frozen = await rejection(database.ping());
      expect(isDatabaseUnavailable(frozen.error)).toBe(true);
      expect(frozen.ms).toBeLessThan(5000);

      await proxy.resume();
      await expect.poll(async () => database.ping().then(() => 'up', () => 'down'), { timeout: 10_000, interval: 100 }).toBe('up');
    } finally {
      await proxied.close();
      await direct.dispose();
    }
  });
});
