import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobDeadLetters } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testApp.ts';
import { createJobQueue } from './createJobQueue.ts';
import type { JobQueue } from './jobQueue.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** The contract of server/infra/jobs, on each implementation: memory on PGlite, pg-boss on the real PostgreSQL. */
const kinds = [{ driver: 'pglite' as const }, ...(process.env.TEST_DATABASE_URL ? [{ driver: 'postgres' as const }] : [])];

describe.each(kinds)('job queue on $driver', ({ driver }) => {
  let database: TestDatabase;
  let schema: string;
  const queues: JobQueue[] = [];
  /** A queue on the test's database; two of them on PostgreSQL are two instances sharing the jobs. */
  const queue = () => {
    const made = createJobQueue({ database, log: silent, schema, pollingIntervalSeconds: 0.5, stopTimeoutMs: 5_000 });
    queues.push(made);
    return made;
  };
  // pg-boss counts retry delays in seconds and adds jitter: its waits are longer than the memory queue's.
  const timeout = driver === 'postgres' ? 20_000 : 5_000;

  beforeEach(async () => {
    database = await createTestDatabase(driver);
    schema = `jobs_${randomBytes(4).toString('hex')}`;
  });
  afterEach(async () => {
    for (const made of queues.splice(0)) await made.close();
    await database.dispose();
  });

  it('retries a failing job with a growing wait, then keeps it in the dead letters', async () => {
    const attempts: number[] = [];
    const jobs = queue();
    jobs.register<{ order: string }>(
      'flaky',
      async () => {
        attempts.push(Date.now());
        throw new Error(`refused ${attempts.length}`);
      },
      { retryLimit: 2, retryDelayMs: driver === 'postgres' ? 1_000 : 100, backoff: true },
    );
    await jobs.start();
    expect(await jobs.enqueue('flaky', { order: 'o-1' })).toBe(true);
    await vi.waitFor(async () => expect(await database.db.select().from(jobDeadLetters)).toHaveLength(1), { timeout, interval: 50 });
    const [letter] = await database.db.select().from(jobDeadLetters);
    expect(letter).toMatchObject({ name: 'flaky', payload: { order: 'o-1' }, attempts: 3 });
    expect(letter!.error).toContain('refused 3');
    expect(attempts).toHaveLength(3);
    const [first, second, third] = attempts as [number, number, number];
    const base = driver === 'postgres' ? 1_000 : 100;
    expect(second - first).toBeGreaterThanOrEqual(base - 20);
    expect(third - second).toBeGreaterThanOrEqual(2 * base - 20);
  });

  it('starts several instances at once on a fresh schema', async () => {
    const made = [queue(), queue(), queue()];
    for (const jobs of made) for (const name of ['one', 'two', 'three']) jobs.register(name, async () => {});
    await Promise.all(made.map((jobs) => jobs.start()));
    expect(await made[2]!.enqueue('three', {})).toBe(true);
  });

  it('runs a job once per key, however often and from however many instances it is enqueued', async () => {
    const runs: string[] = [];
    const a = queue();
    const b = driver === 'postgres' ? queue() : a;
    for (const instance of new Set([a, b])) {
      instance.register<{ n: number }>('receipt', async ({ n }) => {
        runs.push(`run ${n}`);
      });
      await instance.start();
    }
    expect(await a.enqueue('receipt', { n: 1 }, { key: 'order-1' })).toBe(true);
    expect(await b.enqueue('receipt', { n: 2 }, { key: 'order-1' })).toBe(false);
    await vi.waitFor(() => expect(runs).toEqual(['run 1']), { timeout, interval: 50 });
    // Still taken after the job finished.
    expect(await a.enqueue('receipt', { n: 3 }, { key: 'order-1' })).toBe(false);
    // A job without a key, or with another, runs.
    await a.enqueue('receipt', { n: 4 });
    await b.enqueue('receipt', { n: 5 }, { key: 'order-2' });
    await vi.waitFor(() => expect(runs.toSorted()).toEqual(['run 1', 'run 4', 'run 5']), { timeout, interval: 50 });
  });

  it('waits for a delayed job', async () => {
    const ran: number[] = [];
    const jobs = queue();
    jobs.register('later', async () => {
      ran.push(Date.now());
    });
    await jobs.start();
    const at = Date.now();
    await jobs.enqueue('later', {}, { delayMs: 1_000 });
    await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout, interval: 50 });
    expect(ran[0]! - at).toBeGreaterThanOrEqual(990);
  });

  it('runs each occurrence of a recurring job once across instances', async () => {
    const everyMs = driver === 'postgres' ? 1_000 : 100;
    const runs: string[] = [];
    const instances = driver === 'postgres' ? [queue(), queue()] : [queue()];
    for (const [i, instance] of instances.entries()) {
      instance.register('tick', async () => {
        runs.push(`instance ${i}`);
      });
      instance.every('tick', everyMs, { runAtStart: true });
    }
    const started = Date.now();
    await Promise.all(instances.map((instance) => instance.start()));
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), { timeout, interval: 20 });
    for (const instance of instances) await instance.stop();
    const elapsed = Date.now() - started;
    // One run at start and one per occurrence since, not one per instance: at most the occurrences the time covers.
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / everyMs) + 2);
  });

  it('stops taking jobs and waits for the running one', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    const jobs = queue();
    jobs.register('slow', async () => {
      events.push('started');
      await gate;
      events.push('finished');
    });
    jobs.register('after', async () => {
      events.push('after ran');
    });
    await jobs.start();
    await jobs.enqueue('slow', {});
    await vi.waitFor(() => expect(events).toEqual(['started']), { timeout, interval: 20 });
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await jobs.enqueue('after', {});
    // The running job holds the stop; the job enqueued after it began does not run here.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(events).toEqual(['started', 'finished']);
  });
});
