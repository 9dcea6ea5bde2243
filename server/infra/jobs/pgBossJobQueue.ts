import { createHash } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.ts';
import { defaultDatabaseTimeouts } from '../db/databaseTimeouts.ts';
import { recordDeadLetter, type JobLog } from './deadLetters.ts';
import { retryPolicy, startRecurring, type EnqueueOptions, type JobHandler, type JobPayload, type JobQueue, type RecurringOptions, type RetryPolicy } from './jobQueue.ts';

const DEFAULT_STOP_TIMEOUT_MS = 10_000;
/** The client gives up on a query this long after the server's statement_timeout would have answered. */
const QUERY_GRACE_MS = 2000;

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
  /** The worker loops (one per job name) and the wake-ups of their idle waits. */
  private loops: Promise<void>[] = [];
  private readonly wake = new Set<() => void>();

  constructor(private readonly options: PgBossJobQueueOptions) {
    // Our own small pool: pg-boss's polling never waits behind the requests' pool, and stop can drain it last.
    // Bounded like the app's pool (databaseTimeouts.ts): a frozen database fails the queue's queries instead of
    // holding a stop or a shutdown forever.
    const { dbConnectTimeoutMs, dbStatementTimeoutMs, dbIdleInTransactionTimeoutMs } = defaultDatabaseTimeouts;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: 4,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      connectionTimeoutMillis: dbConnectTimeoutMs,
      statement_timeout: dbStatementTimeoutMs,
      idle_in_transaction_session_timeout: dbIdleInTransactionTimeoutMs,
      query_timeout: dbStatementTimeoutMs + QUERY_GRACE_MS,
    });
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
    // Our own loop per job name rather than boss.work: pg-boss 10's worker does not await its complete and fail
    // calls, so a database that drops out at that moment became an unhandled rejection (a crashed process).
    this.loops = [...this.handlers].map(([name, { handler }]) => this.workLoop(name, handler));
    this.stopRecurring = this.recurring.map(({ name, everyMs, options }) =>
      startRecurring(everyMs, options.runAtStart ?? false, (key) => {
        this.enqueue(name, {}, { key }).catch((error: unknown) => this.options.log.warn({ job: name, err: error }, 'recurring job not enqueued'));
      }),
    );
  }

  /** Takes one job at a time until stop: runs it, then marks it completed or failed (pg-boss retries or not). */
  private async workLoop(name: string, handler: JobHandler): Promise<void> {
    const log = this.options.log;
    while (!this.stopped) {
      let job: PgBoss.JobWithMetadata<JobPayload> | undefined;
      try {
        [job] = await this.boss.fetch<JobPayload>(name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        log.warn({ job: name, err: error }, 'job fetch failed');
      }
      if (!job) {
        await this.idle(this.pollingMs);
        continue;
      }
      try {
        await this.track(handler(job.data));
        await this.boss.complete(name, job.id).catch((error: unknown) => log.warn({ job: name, err: error }, 'job done but not marked completed; it will expire and run again'));
      } catch (error) {
        if (job.retryCount >= job.retryLimit) await recordDeadLetter(this.options.db, log, { name, payload: job.data, error, attempts: job.retryCount + 1 });
        else log.warn({ job: name, attempts: job.retryCount + 1, err: error }, 'job failed; retrying');
        await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) }).catch((failError: unknown) => log.warn({ job: name, err: failError }, 'job failure not recorded; it will expire and run again'));
      }
    }
  }

  /** Waits ms, or less when stop is called. */
  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wake.add(done);
    });
  }

  private get pollingMs(): number {
    return (this.options.pollingIntervalSeconds ?? 2) * 1000;
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
    for (const wake of this.wake) wake();
    this.wake.clear();
    // The loops end after their running job (bounded by the stop timeout), then pg-boss's own timers stop.
    const timeout = this.options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
    await Promise.race([Promise.allSettled(this.loops), new Promise((resolve) => setTimeout(resolve, timeout).unref())]);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout });
  }

  async close(): Promise<void> {
    await this.stop();
    // pg-boss's stop can return while a job that was being fetched runs and completes: let that finish first, for
    // as long as stop itself may wait (a handler stuck beyond it is cut off with the pool, and retried later).
    const deadline = Date.now() + (this.options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS);
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      const left = deadline - Date.now();
      await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => setTimeout(resolve, left).unref())]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.pool.end();
  }

  /** Counts `work` in flight until it settles; its outcome stays the caller's. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }
}
