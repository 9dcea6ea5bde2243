import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { signRequest } from '../../contract/requestSignature.ts';
import { requestNonces } from './db/schema.ts';
import { DomainError } from '../domainError.ts';
import { statusOf } from '../testing/refusal.ts';
import { createTestApp, createTestDatabase, drivers, fetchRequestKey, type TestApp } from '../testing/testApp.ts';
import { clientKeyOf } from './clientKey.ts';
import { createNonceStore, DbNonceStore, NONCE_LIMITS, MemoryNonceStore, RedisNonceStore } from './nonceStore.ts';

const inAMinute = () => new Date(Date.now() + 60_000);

describe('MemoryNonceStore', () => {
  it('claims a nonce once while it is live, and again once it has expired', async () => {
    const store = new MemoryNonceStore();
    expect(await store.claim('nonce-a', inAMinute())).toBe(true);
    expect(await store.claim('nonce-a', inAMinute())).toBe(false);
    expect(await store.claim('nonce-b', inAMinute())).toBe(true);
    expect(await store.claim('nonce-old', new Date(Date.now() - 1))).toBe(true);
    // Expired but not yet purged: not a replay of a live token.
    expect(await store.claim('nonce-old', inAMinute())).toBe(true);
    expect(await store.claim('nonce-old', inAMinute())).toBe(false);
  });

  it('purges only expired nonces and reports how many went', async () => {
    const store = new MemoryNonceStore();
    await store.claim('gone-1', new Date(Date.now() - 1000));
    await store.claim('gone-2', new Date(Date.now() - 10));
    await store.claim('live', inAMinute());
    expect(await store.purgeExpired()).toBe(2);
    expect(store.size).toBe(1);
    expect(await store.claim('live', inAMinute())).toBe(false);
    expect(await store.purgeExpired()).toBe(0);
  });

  it('accepts exactly one of concurrent claims of a nonce, also while making room', async () => {
    const store = new MemoryNonceStore({ total: 1 });
    await store.claim('expired', new Date(Date.now() - 1));
    const outcomes = await Promise.all([store.claim('twin', inAMinute()), store.claim('twin', inAMinute()), store.claim('twin', inAMinute())]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it('makes room from expired nonces when full, and refuses with 503 rather than forget a live one', async () => {
    const store = new MemoryNonceStore({ total: 2 });
    await store.claim('expired', new Date(Date.now() - 1));
    await store.claim('live-1', inAMinute());
    expect(await store.claim('live-2', inAMinute())).toBe(true);
    expect(store.size).toBe(2);
    const refusal = await store.claim('live-3', inAMinute()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'UNAVAILABLE' });
    expect(statusOf(refusal as DomainError)).toBe(503);
    expect(store.size).toBe(2);
    expect(await store.claim('live-1', inAMinute())).toBe(false);
    expect(await store.claim('live-2', inAMinute())).toBe(false);
  });
});

describe('MemoryNonceStore per client', () => {
  const refusalOf = (claim: Promise<boolean>) =>
    claim.then(
      () => null,
      (error: unknown) => error as DomainError,
    );

  it('refuses a client over its share with 429 while other clients and replays behave as before', async () => {
    const store = new MemoryNonceStore({ total: 100, perClient: 3 });
    for (const nonce of ['a1', 'a2', 'a3']) expect(await store.claim(nonce, inAMinute(), 'client-a')).toBe(true);
    const refusal = await refusalOf(store.claim('a4', inAMinute(), 'client-a'));
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/retry in \d+ s$/) });
    expect(statusOf(refusal!)).toBe(429);
    expect(store.heldBy('client-a')).toBe(3);
    // Others keep working, and a nonce is still unique across clients.
    expect(await store.claim('b1', inAMinute(), 'client-b')).toBe(true);
    expect(await store.claim('a1', inAMinute(), 'client-b')).toBe(false);
    expect(await store.claim('a1', inAMinute(), 'client-a')).toBe(false);
    // The refused nonce was not kept: it is fresh once the client has room again.
    expect(await store.claim('a4', inAMinute(), 'client-b')).toBe(true);
  });

  it('gives a client room again as its nonces expire, and forgets clients that hold none', async () => {
    const store = new MemoryNonceStore({ total: 100, perClient: 2 });
    await store.claim('old', new Date(Date.now() - 1), 'client-a');
    await store.claim('live', inAMinute(), 'client-a');
    expect(await store.claim('next', inAMinute(), 'client-a')).toBe(true);
    expect(store.heldBy('client-a')).toBe(2);
    expect(await store.purgeExpired(new Date(Date.now() + 120_000))).toBe(2);
    expect(store.heldBy('client-a')).toBe(0);
    expect(store.size).toBe(0);
  });

  it('cannot be filled for everyone by a few clients at the allowed rate', async () => {
    const { total, perClient } = NONCE_LIMITS;
    // A nonce lives about 11 minutes; at the default 600 requests a minute one client could send ~6,600 in that
    // time, so with one global bound about 80 clients filled it. Now each stops at its share.
    expect(perClient * 200).toBeLessThan(total);
    const store = new MemoryNonceStore();
    for (let client = 0; client < 80; client++) {
      let refused = 0;
      for (let n = 0; n < 6_600 && refused === 0; n++) {
        refused = await store.claim(`c${client}-${n}`, inAMinute(), `10.0.0.${client}`).then(
          () => 0,
          (error: unknown) => (error as DomainError).code === 'RATE_LIMITED' ? 1 : 2,
        );
      }
      expect(refused).toBe(1);
    }
    expect(store.size).toBe(80 * perClient);
    expect(await store.claim('newcomer', inAMinute(), '192.0.2.1')).toBe(true);
  });

  it('keeps the global bound, which claims without a client count against too', async () => {
    const store = new MemoryNonceStore({ total: 3, perClient: 2 });
    await store.claim('x1', inAMinute(), 'client-a');
    await store.claim('x2', inAMinute(), 'client-b');
    await store.claim('x3', inAMinute());
    expect(await refusalOf(store.claim('x4', inAMinute(), 'client-c'))).toMatchObject({ code: 'UNAVAILABLE' });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.each(redisUrl ? [redisUrl] : [])('RedisNonceStore (%s)', (url) => {
  let redis: Redis;
  const prefix = `bingkai-test:nonce:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('bounds each client’s share like the memory store, with nonces unique across clients', async () => {
    const store = new RedisNonceStore(redis, prefix, 2);
    expect(await store.claim('r1', inAMinute(), '198.51.100.1')).toBe(true);
    expect(await store.claim('r1', inAMinute(), '198.51.100.1')).toBe(false);
    expect(await store.claim('r2', inAMinute(), '198.51.100.1')).toBe(true);
    const refusal = await store.claim('r3', inAMinute(), '198.51.100.1').then(
      () => null,
      (error: unknown) => error as DomainError,
    );
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/retry in (59|60) s$/) });
    expect(await store.claim('r1', inAMinute(), '198.51.100.2')).toBe(false);
    expect(await store.claim('r3', inAMinute(), '198.51.100.2')).toBe(true);
    // Expired entries leave the share: the client has room again.
    await store.claim('gone', new Date(Date.now() + 5), '198.51.100.3');
    await store.claim('live', inAMinute(), '198.51.100.3');
    await vi.waitFor(async () => expect(await redis.exists(`${prefix}gone`)).toBe(0));
    expect(await store.claim('next', inAMinute(), '198.51.100.3')).toBe(true);
    expect(await redis.zcard(`${prefix}client:198.51.100.3`)).toBe(2);
    expect(await redis.pttl(`${prefix}client:198.51.100.3`)).toBeGreaterThan(50_000);
    // Without a client only the replay check applies.
    expect(await store.claim('altcha:x', inAMinute())).toBe(true);
    expect(await store.claim('altcha:x', inAMinute())).toBe(false);
  });
});

describe('clientKeyOf', () => {
  it('is the IPv4 address, and the /64 of an IPv6 one', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
  });
});

describe('createNonceStore', () => {
  it('picks Redis when given, else memory for PGlite and the database for PostgreSQL', async () => {
    const database = await createTestDatabase('pglite');
    const redis = new Redis({ lazyConnect: true });
    try {
      expect(createNonceStore(database, { client: redis, prefix: 'x:' })).toBeInstanceOf(RedisNonceStore);
      expect(createNonceStore(database, undefined)).toBeInstanceOf(MemoryNonceStore);
      expect(createNonceStore({ db: database.db, driver: 'postgres' }, undefined)).toBeInstanceOf(DbNonceStore);
    } finally {
      redis.disconnect();
      await database.dispose();
    }
  });
});

describe('per-client nonce bound in the app (pglite, memory store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { noncesPerClient: 3 });
  });
  afterAll(() => t.close());

  it('answers 429 to the client over its share while other addresses keep being served', async () => {
    const key = await fetchRequestKey(t.app, 'fp-share');
    const url = '/api/v2/campaigns?page=1&limit=5';
    const send = async (remoteAddress: string) => {
      const token = await signRequest(key, { method: 'GET', pathAndQuery: url, body: '' });
      return t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-fingerprint': 'fp-share', 'x-request-token': token } });
    };
    for (let n = 0; n < 3; n++) expect((await send('198.51.100.1')).statusCode).toBe(200);
    const refused = await send('198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(errorEnvelope.parse(refused.json()).code).toBe('RATE_LIMITED');
    expect((await send('198.51.100.2')).statusCode).toBe(200);
    // Addresses of one IPv6 /64 share one bound; the next /64 has its own.
    for (let n = 0; n < 3; n++) expect((await send(`2001:db8:5:6::${n + 1}`)).statusCode).toBe(200);
    expect((await send('2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await send('2001:db8:5:7::1')).statusCode).toBe(200);
  });
});

describe.each(drivers)('replay protection in the app without Redis (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('answers 409 REQUEST_TOKEN_REPLAYED to the same token twice, keeping nonces in memory only on PGlite', async () => {
    const key = await fetchRequestKey(t.app, 'fp-replay');
    const url = '/api/v2/campaigns?page=1&limit=5';
    const token = await signRequest(key, { method: 'GET', pathAndQuery: url, body: '' });
    const send = () => t.app.inject({ method: 'GET', url, headers: { 'x-fingerprint': 'fp-replay', 'x-request-token': token } });
    expect((await send()).statusCode).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(409);
    expect(errorEnvelope.parse(replay.json()).code).toBe('REQUEST_TOKEN_REPLAYED');
    const [row] = await t.database.db.select({ n: count() }).from(requestNonces);
    expect(row?.n).toBe(driver === 'pglite' ? 0 : 1);
  });
});
