import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createCacheBus, type CacheBus } from './cacheBus.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Resolves with the first key dropped under topic, or rejects after timeoutMs. */
function nextDrop(bus: CacheBus, topic: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${topic} invalidation within ${timeoutMs} ms`)), timeoutMs);
    const unsubscribe = bus.subscribe(topic, (key) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(key);
    });
  });
}

describe('cache bus in one process', () => {
  it('calls the topic listeners at once, and no more after unsubscribing', async () => {
    const bus = await createCacheBus(undefined, (error) => {
      throw error;
    });
    const dropped: string[] = [];
    const unsubscribe = bus.subscribe('campaign', (key) => dropped.push(key));
    bus.subscribe('other', (key) => dropped.push(`other:${key}`));
    bus.invalidate('campaign', 'merdeka-80');
    expect(dropped).toEqual(['merdeka-80']);
    unsubscribe();
    bus.invalidate('campaign', 'hari-guru');
    expect(dropped).toEqual(['merdeka-80']);
    await bus.close();
  });
});

describe.skipIf(!redisUrl)('cache bus over Redis', () => {
  const open: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });

  async function instance(prefix: string): Promise<CacheBus> {
    const client = new Redis(redisUrl!);
    open.push(() => client.quit());
    const errors: unknown[] = [];
    const bus = await createCacheBus({ client, prefix }, (error) => errors.push(error));
    open.push(async () => {
      await bus.close();
      expect(errors).toEqual([]);
    });
    return bus;
  }

  it("drops the key on every instance sharing the prefix, the publisher's own listeners once, other prefixes never", async () => {
    const prefix = `bingkai-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const [a, b, elsewhere] = [await instance(prefix), await instance(prefix), await instance(`${prefix}other:`)];
    const onA: string[] = [];
    a.subscribe('campaign', (key) => onA.push(key));
    const onElsewhere: string[] = [];
    elsewhere.subscribe('campaign', (key) => onElsewhere.push(key));
    const reachedB = nextDrop(b, 'campaign');
    a.invalidate('campaign', 'merdeka-80');
    expect(onA).toEqual(['merdeka-80']);
    expect(await reachedB).toBe('merdeka-80');
    // A message sent after the first arrives after it: once b has the second, a would have had its echo of the first.
    const second = nextDrop(a, 'campaign');
    b.invalidate('campaign', 'hari-guru');
    expect(await second).toBe('hari-guru');
    expect(onA).toEqual(['merdeka-80', 'hari-guru']);
    expect(onElsewhere).toEqual([]);
  });
});
