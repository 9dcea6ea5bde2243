import type { Db } from '../db/database.ts';
import { recordDeadLetter, type JobLog } from './deadLetters.ts';
import { retryDelayMs, retryPolicy, startRecurring, type EnqueueOptions, type JobHandler, type JobPayload, type JobQueue, type RecurringOptions, type RetryPolicy } from './jobQueue.ts';

/** How long a finished job's key keeps refusing the same key (pg-boss keeps finished jobs about as long). */
export const KEY_RETENTION_MS = 12 * 60 * 60_000;

interface Registered {
  handler: JobHandler;
  policy: RetryPolicy;
}

interface Waiting {
  payload: JobPayload;
  key: string | undefined;
  runAt: number;
  /** Attempts made so far. */
  attempts: number;
}

/**
 * The queue in this process, for PGlite (one process by definition): jobs of one name run one at a time, in the
 * order they fall due; names run side by side. Waiting jobs are lost when the process ends.
 */
export class MemoryJobQueue implements JobQueue {
  readonly driver = 'memory';
  private readonly handlers = new Map<string, Registered>();
  private readonly recurring: Array<{ name: string; everyMs: number; options: RecurringOptions }> = [];
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Taken keys by name and key; the value is when its job finished (undefined: not yet). */
  private readonly keys = new Map<string, number | undefined>();
  private stopRecurring: Array<() => void> = [];
  private working = false;

  constructor(private readonly options: { db: Db; log: JobLog }) {}

  register<T extends JobPayload>(name: string, handler: JobHandler<T>, policy?: Partial<RetryPolicy>): void {
    this.handlers.set(name, { handler: handler as JobHandler, policy: retryPolicy(policy) });
  }

  every(name: string, everyMs: number, options: RecurringOptions = {}): void {
    this.recurring.push({ name, everyMs, options });
  }

  async start({ work = true } = {}): Promise<void> {
    if (!work) return;
    this.working = true;
    for (const name of this.waiting.keys()) this.pump(name);
    this.stopRecurring = this.recurring.map(({ name, everyMs, options }) =>
      startRecurring(everyMs, options.runAtStart ?? false, (key) => {
        void this.enqueue(name, {}, { key });
      }),
    );
  }

  async enqueue<T extends JobPayload>(name: string, payload: T, options: EnqueueOptions = {}): Promise<boolean> {
    if (!this.handlers.has(name)) throw new Error(`No job handler is registered for ${name}`);
    if (options.key !== undefined) {
      this.forgetOldKeys();
      const taken = `${name}\u0000${options.key}`;
      if (this.keys.has(taken)) return false;
      this.keys.set(taken, undefined);
    }
    const list = this.waiting.get(name) ?? [];
    list.push({ payload, key: options.key, runAt: Date.now() + (options.delayMs ?? 0), attempts: 0 });
    this.waiting.set(name, list);
    this.pump(name);
    return true;
  }

  async stop(): Promise<void> {
    this.working = false;
    for (const stop of this.stopRecurring) stop();
    this.stopRecurring = [];
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running.values());
  }

  async close(): Promise<void> {}

  /** Runs the name's next due job unless one is running; else wakes up when the next one falls due. */
  private pump(name: string): void {
    if (!this.working || this.running.has(name)) return;
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
    const list = this.waiting.get(name) ?? [];
    if (list.length === 0) return;
    list.sort((a, b) => a.runAt - b.runAt);
    const next = list[0]!;
    const wait = next.runAt - Date.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.pump(name), wait);
      timer.unref();
      this.timers.set(name, timer);
      return;
    }
    list.shift();
    const run = this.attempt(name, next).finally(() => {
      this.running.delete(name);
      this.pump(name);
    });
    this.running.set(name, run);
  }

  private async attempt(name: string, job: Waiting): Promise<void> {
    const { handler, policy } = this.handlers.get(name)!;
    job.attempts += 1;
    try {
      await handler(job.payload);
    } catch (error) {
      if (job.attempts <= policy.retryLimit) {
        this.options.log.warn({ job: name, attempts: job.attempts, err: error }, 'job failed; retrying');
        job.runAt = Date.now() + retryDelayMs(policy, job.attempts);
        this.waiting.get(name)!.push(job);
        return;
      }
      await recordDeadLetter(this.options.db, this.options.log, { name, payload: job.payload, error, attempts: job.attempts });
    }
    if (job.key !== undefined) this.keys.set(`${name}\u0000${job.key}`, Date.now());
  }

  private forgetOldKeys(): void {
    const before = Date.now() - KEY_RETENTION_MS;
    for (const [key, finishedAt] of this.keys) if (finishedAt !== undefined && finishedAt < before) this.keys.delete(key);
  }
}
