import { createHash } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.ts';
import { recordDeadLetter, type JobLog } from './deadLetters.ts';
import { retryPolicy, startRecurring, type EnqueueOptions, type JobHandler, type JobPayload, type JobQueue, type RecurringOptions, type RetryPolicy } from './jobQueue.ts';

/**
 * A keyed job's id, derived from its name and key: pg-boss inserts a job whose id is taken as nothing (ON CONFLICT
 * DO NOTHING), so a key holds while its job is in the job table, until pg-boss archives it after it finished.
 */
export function keyedJobId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface PgBossJobQueueOptions {
  connectionString: string;
  /** Where pg-boss keeps its tables (it creates and migrates the schema); tests use one each. */
  schema: string;
  /** Our database, for the dead letters. */
  db: Db;
  log: JobLog;
  /** How often an idle worker asks for a job. */
  pollingIntervalSeconds?: number;
  /** The longest stop waits for running jobs before pg-boss marks them failed (they are retried). */
  stopTimeoutMs?: number;
}

/** The queue on PostgreSQL: jobs are rows in pg-boss's schema, taken with SKIP LOCKED, so any instance may run any job. */
export class PgBossJobQueue implements JobQueue {
  readonly driver = 'pg-boss';
  private readonly pool: pg.Pool;
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, { handler: JobHandler; policy: RetryPolicy }>();
  private readonly recurring: Array<{ name: string; everyMs: number; options: RecurringOptions }> = [];
  private stopRecurring: Array<() => void> = [];
  private started = false;
  private stopped = false;
  /** Handlers running and pg-boss's queries in flight: close waits for both (a job's completion is written after its handler). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: PgBossJobQueueOptions) {
    // Our own small pool: pg-boss's polling never waits behind the requests' pool, and stop can drain it last.
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: 4, idleTimeoutMillis: 30_000, keepAlive: true });
    this.pool.on('error', (error) => options.log.warn({ err: error }, 'job queue connection error'));
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.track(this.pool.query(text, values)) },
      schema: options.schema,
      // Recurring jobs are ours (startRecurring): pg-boss's cron counts in minutes.
      schedule: false,
    });
    this.boss.on('error', (error) => options.log.warn({ err: error }, 'job queue error'));
  }

  register<T extends JobPayload>(name: string, handler: JobHandler<T>, policy?: Partial<RetryPolicy>): void {
    this.handlers.set(name, { handler: handler as JobHandler, policy: retryPolicy(policy) });
  }

  every(name: string, everyMs: number, options: RecurringOptions = {}): void {
    this.recurring.push({ name, everyMs, options });
  }

  async start({ work = true } = {}): Promise<void> {
    await this.underSetupLock(async () => {
      await this.boss.start();
      for (const [name, { policy }] of this.handlers) {
        const queue = { name, retryLimit: policy.retryLimit, retryDelay: Math.ceil(policy.retryDelayMs / 1000), retryBackoff: policy.backoff };
        await this.boss.createQueue(name, queue);
        // A queue made by an older release keeps its first policy otherwise.
        await this.boss.updateQueue(name, queue);
      }
    });
    this.started = true;
    if (!work) return;
    for (const [name, { handler }] of this.handlers) {
      const polling = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 };
      await this.boss.work<JobPayload>(name, polling, async ([job]) => {
        if (!job) return;
        try {
          await this.track(handler(job.data));
        } catch (error) {
          if (job.retryCount >= job.retryLimit) await recordDeadLetter(this.options.db, this.options.log, { name, payload: job.data, error, attempts: job.retryCount + 1 });
          else this.options.log.warn({ job: name, attempts: job.retryCount + 1, err: error }, 'job failed; retrying');
          throw error;
        }
      });
    }
    this.stopRecurring = this.recurring.map(({ name, everyMs, options }) =>
      startRecurring(everyMs, options.runAtStart ?? false, (key) => {
        this.enqueue(name, {}, { key }).catch((error: unknown) => this.options.log.warn({ job: name, err: error }, 'recurring job not enqueued'));
      }),
    );
  }

  /**
   * Instances starting together on a fresh schema deadlock in pg-boss's queue creation (each creates the queues'
   * tables): a session advisory lock per schema lets one set up at a time; the next finds the queues there.
   */
  private async underSetupLock(setup: () => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    const lock = `bingkai job queue setup ${this.options.schema}`;
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [lock]);
      try {
        await setup();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]);
      }
    } finally {
      client.release();
    }
  }

  async enqueue<T extends JobPayload>(name: string, payload: T, options: EnqueueOptions = {}): Promise<boolean> {
    if (!this.handlers.has(name)) throw new Error(`No job handler is registered for ${name}`);
    if (!this.started) throw new Error('The job queue is not started');
    const id = await this.boss.send(name, payload, {
      ...(options.key !== undefined ? { id: keyedJobId(name, options.key) } : {}),
      ...(options.delayMs ? { startAfter: Math.ceil(options.delayMs / 1000) } : {}),
    });
    return id !== null;
  }

  async stop(): Promise<void> {
    if (this.stopped || !this.started) return;
    this.stopped = true;
    for (const stop of this.stopRecurring) stop();
    this.stopRecurring = [];
    // graceful + wait: the workers stop fetching, and this resolves once the running jobs are done (or the timeout).
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.options.stopTimeoutMs ?? 10_000 });
  }

  async close(): Promise<void> {
    await this.stop();
    // pg-boss's stop can return while a job that was being fetched runs and completes: let that finish first.
    while (this.inFlight.size > 0) {
      await Promise.allSettled([...this.inFlight]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.pool.end();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }
}
