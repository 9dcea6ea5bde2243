/**
 * The background job queue (docs/DEPLOY.md, "Jobs"): named handlers with a retry policy, one-off jobs with an
 * optional key and delay, and recurring jobs of which each occurrence runs once across all instances. pg-boss on
 * PostgreSQL (pgBossJobQueue.ts), in memory on PGlite (memoryJobQueue.ts); createJobQueue.ts picks one.
 */

/** A payload travels as JSON (pg-boss stores it in a jsonb column). */
export type JobPayload = Record<string, unknown>;

/** Runs one job. Handlers must be idempotent: a job may run again after a crash or a failed attempt. */
export type JobHandler<T extends JobPayload = JobPayload> = (payload: T) => Promise<void>;

export interface RetryPolicy {
  /** Attempts after the first; 0: a failure goes straight to the dead letters. */
  retryLimit: number;
  /** Wait before the first retry. pg-boss counts in whole seconds (rounded up). */
  retryDelayMs: number;
  /** Doubles the wait for each further retry (pg-boss adds up to as much again in jitter). */
  backoff: boolean;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retryLimit: 3, retryDelayMs: 30_000, backoff: true };

export interface EnqueueOptions {
  /**
   * Idempotency key: while a job of this name with this key is waiting, running, or finished within the queue's
   * retention (pg-boss: until it is archived; memory: KEY_RETENTION_MS), another enqueue with it does nothing.
   */
  key?: string;
  /** Runs no sooner than this. */
  delayMs?: number;
}

export interface RecurringOptions {
  /** Also runs the current occurrence at start (when no instance has run it yet). */
  runAtStart?: boolean;
}

export interface JobQueue {
  readonly driver: 'pg-boss' | 'memory';
  /** Names a handler; before start. */
  register<T extends JobPayload>(name: string, handler: JobHandler<T>, policy?: Partial<RetryPolicy>): void;
  /** Runs a registered job every everyMs, once per occurrence across instances; before start. */
  every(name: string, everyMs: number, options?: RecurringOptions): void;
  /** Prepares the queue; with work (default) also runs its handlers and recurring jobs, else it only takes jobs. */
  start(options?: { work?: boolean }): Promise<void>;
  /** False when the key was taken (see EnqueueOptions.key). Works after stop too: another instance or the next start runs it. */
  enqueue<T extends JobPayload>(name: string, payload: T, options?: EnqueueOptions): Promise<boolean>;
  /** Stops taking jobs and recurring ticks, then waits for the running jobs. */
  stop(): Promise<void>;
  /** Releases the queue's connections; after stop. */
  close(): Promise<void>;
}

/** What code that only hands work over needs (a route, a domain step). */
export type JobEnqueuer = Pick<JobQueue, 'enqueue'>;

export function retryPolicy(policy: Partial<RetryPolicy> = {}): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...policy };
}

/** The wait before retry number `retry` (1 for the first). */
export function retryDelayMs(policy: RetryPolicy, retry: number): number {
  return policy.backoff ? policy.retryDelayMs * 2 ** (retry - 1) : policy.retryDelayMs;
}

/** The key of a recurring job's occurrence at `now`: instances whose clocks agree within everyMs share it. */
export function occurrenceKey(everyMs: number, now: number): string {
  return `every:${everyMs}:${Math.floor(now / everyMs)}`;
}

/**
 * Enqueues each occurrence of a recurring job at its start (and the current one at once with runAtStart). Every
 * instance does the same; the occurrence key makes one job of them. The timers do not keep the process alive.
 */
export function startRecurring(everyMs: number, runAtStart: boolean, enqueue: (key: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        enqueue(occurrenceKey(everyMs, Date.now()));
        next();
      },
      everyMs - (Date.now() % everyMs),
    );
    timer.unref();
  };
  if (runAtStart) enqueue(occurrenceKey(everyMs, Date.now()));
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
