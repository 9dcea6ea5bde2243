import type { Redis } from 'ioredis';

/** Failures counted under one key: how many, and when the last one was (ms; 0 when none). */
export interface FailureRecord {
  count: number;
  lastAt: number;
}

const NONE: FailureRecord = { count: 0, lastAt: 0 };

/**
 * Failure counts whose window restarts with every failure, so a caller who keeps failing stays counted (a fixed
 * window, as HitCounter keeps, would forgive it every 15 minutes). Shared through Redis when configured.
 */
export interface FailureCounter {
  /** The record of each key, in order; NONE for a key without failures in its window. */
  read(keys: readonly string[]): Promise<FailureRecord[]>;
  /** One more failure under each key, at `at`; each key is forgotten windowMs after its last failure. */
  record(keys: readonly string[], at: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Single-process counts; forgotten records are swept once the map grows. */
export class MemoryFailureCounter implements FailureCounter {
  private readonly records = new Map<string, FailureRecord & { forgetAt: number }>();

  constructor(private readonly sweepAbove = 10_000) {}

  async read(keys: readonly string[]): Promise<FailureRecord[]> {
    const now = Date.now();
    return keys.map((key) => {
      const record = this.records.get(key);
      return record && record.forgetAt > now ? { count: record.count, lastAt: record.lastAt } : NONE;
    });
  }

  async record(keys: readonly string[], at: number, windowMs: number): Promise<void> {
    if (this.records.size >= this.sweepAbove) this.sweep(Date.now());
    for (const key of keys) {
      const current = this.records.get(key);
      const count = current && current.forgetAt > at ? current.count + 1 : 1;
      this.records.set(key, { count, lastAt: at, forgetAt: at + windowMs });
    }
  }

  async clear(key: string): Promise<void> {
    this.records.delete(key);
  }

  get size(): number {
    return this.records.size;
  }

  private sweep(now: number): void {
    for (const [key, record] of this.records) if (record.forgetAt <= now) this.records.delete(key);
  }
}

export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    /** Every key is prefix + key, e.g. "bingkai:fail:" + "sign-in:email:ana@example.test". */
    private readonly prefix: string,
  ) {}

  async read(keys: readonly string[]): Promise<FailureRecord[]> {
    if (keys.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.hmget(this.prefix + key, 'count', 'lastAt');
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, value]) => {
      if (error) throw error;
      const [count, lastAt] = value as [string | null, string | null];
      return count === null ? NONE : { count: Number(count), lastAt: Number(lastAt ?? 0) };
    });
  }

  // One transaction per call: several instances count into the same keys.
  async record(keys: readonly string[], at: number, windowMs: number): Promise<void> {
    const multi = this.redis.multi();
    for (const key of keys) {
      multi.hincrby(this.prefix + key, 'count', 1);
      multi.hset(this.prefix + key, 'lastAt', at);
      multi.pexpire(this.prefix + key, windowMs);
    }
    const results = await multi.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
