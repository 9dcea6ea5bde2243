import type { Redis } from 'ioredis';

export interface HitCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Until the window ends. */
  resetInMs: number;
}

/** Fixed-window counters (the window starts with its first hit), shared through Redis when configured. */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<HitCount>;
}

// One round trip, atomic: several app instances count into the same key.
const HIT_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export class RedisHitCounter implements HitCounter {
  constructor(
    private readonly redis: Redis,
    /** Every key is prefix + key, e.g. "bingkai:rate:" + "account:sign-in:ana@example.test". */
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<HitCount> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, resetInMs: Math.max(0, ttl) };
  }
}

/** Single-process counters; expired windows are swept once the map grows. */
export class MemoryHitCounter implements HitCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sweepAbove = 10_000,
  ) {}

  async hit(key: string, windowMs: number): Promise<HitCount> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= this.sweepAbove) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
