import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { signRequest } from '../../contract/requestSignature.ts';
import { requestNonces } from './db/schema.ts';
import { DomainError } from '../domainError.ts';
import { statusOf } from '../testing/refusal.ts';
import { createTestApp, createTestDatabase, drivers, fetchRequestKey, type TestApp } from '../testing/testApp.ts';
import { createNonceStore, DbNonceStore, MemoryNonceStore, RedisNonceStore } from './nonceStore.ts';

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
    const store = new MemoryNonceStore(1);
    await store.claim('expired', new Date(Date.now() - 1));
    const outcomes = await Promise.all([store.claim('twin', inAMinute()), store.claim('twin', inAMinute()), store.claim('twin', inAMinute())]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it('makes room from expired nonces when full, and refuses with 503 rather than forget a live one', async () => {
    const store = new MemoryNonceStore(2);
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
