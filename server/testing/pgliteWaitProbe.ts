/**
 * Runs PGlite's bounded-wait scenario in a plain Node process and prints what happened as JSON (databaseTimeouts.test.ts).
 * Under Vitest's module runner, a timer set while a PGlite query waits for its lock does not fire, so the bound
 * cannot be seen there; in a real process, like the server's, it can.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../infra/db/database.ts';
import { isDatabaseUnavailable } from '../infra/db/databaseUnavailable.ts';
import { accounts } from '../infra/db/schema.ts';

async function rejectionOf(work: Promise<unknown>): Promise<{ unavailable: boolean; name: string; ms: number }> {
  const started = performance.now();
  try {
    await work;
    return { unavailable: false, name: 'resolved', ms: performance.now() - started };
  } catch (error) {
    const inner = (error as { cause?: Error }).cause ?? (error as Error);
    return { unavailable: isDatabaseUnavailable(error), name: inner.name, ms: performance.now() - started };
  }
}

async function main(): Promise<void> {
  const boundMs = Number(process.argv[2] ?? 300);
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://', dbStatementTimeoutMs: boundMs });
  await database.migrate();
  let release!: () => void;
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const long = database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    holding();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await held;
  const query = await rejectionOf(database.db.execute(sql`select 1`));
  let ran = false;
  const transaction = await rejectionOf(
    database.db.transaction(async (tx) => {
      ran = true;
      await tx.insert(accounts).values({ username: 'late', name: 'Late', email: 'late@example.test' });
    }),
  );
  release();
  await long;
  // The lock is free now: an abandoned transaction must roll back rather than write after its caller gave up.
  const rows = (await database.db.select().from(accounts)).length;
  const after = await rejectionOf(database.ping());
  await database.close();
  const closed = await rejectionOf(database.ping());
  process.stdout.write(JSON.stringify({ query, transaction, ran, rows, afterRelease: after.name, closed }) + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
