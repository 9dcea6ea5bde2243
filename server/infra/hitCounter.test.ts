import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { MemoryHitCounter, RedisHitCounter } from './hitCounter.ts';

describe('MemoryHitCounter', () => {
  it('counts hits per key in a window that starts with the first hit', async () => {
    let now = 1_000_000;
    const counter = new MemoryHitCounter(() => now);
    expect(await counter.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now += 400;
    expect(await counter.hit('a', 1000)).toEqual({ count: 2, resetInMs: 600 });
    expect(await counter.hit('b', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now += 600;
    expect(await counter.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('sweeps expired windows once it grows', async () => {
    let now = 0;
    const counter = new MemoryHitCounter(() => now, 3);
    for (const key of ['a', 'b', 'c']) await counter.hit(key, 100);
    now = 100;
    await counter.hit('d', 100);
    expect(counter.size).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.each(redisUrl ? [redisUrl] : [])('RedisHitCounter (%s)', (url) => {
  it('counts under prefix + key and expires with the window', async () => {
    const redis = new Redis(url);
    const prefix = `bingkai-test:${Date.now()}:${Math.random().toString(36).slice(2)}:rate:`;
    try {
      const counter = new RedisHitCounter(redis, prefix);
      expect((await counter.hit('account:sign-in:ana@example.test', 60_000)).count).toBe(1);
      const second = await counter.hit('account:sign-in:ana@example.test', 60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(55_000);
      expect(second.resetInMs).toBeLessThanOrEqual(60_000);
      expect(await redis.keys(`${prefix}*`)).toEqual([`${prefix}account:sign-in:ana@example.test`]);
      const short = await counter.hit('short', 50);
      expect(short.count).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await counter.hit('short', 50)).count).toBe(1);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});
