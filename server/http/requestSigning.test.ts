import { count } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { KEY_EPOCH_MS, signRequest, TOKEN_WINDOW_MS, type RequestKey } from '../../contract/requestSignature.ts';
import { requestKeyResponse } from '../../contract/requestKey.ts';
import { pageViews, requestNonces } from '../infra/db/schema.ts';
import { createTestApp, createTestDatabase, drivers, fetchRequestKey, signedInject, type TestApp } from '../testing/testApp.ts';
import { DbNonceStore, RedisNonceStore, type NonceStore } from '../infra/nonceStore.ts';

const url = '/api/v2/analytics/page-view';
const view = { path: '/explore', routeName: 'explore' };
const body = JSON.stringify(view);

describe.each(drivers)('request signing (%s)', (driver) => {
  let t: TestApp;
  let key: RequestKey;
  beforeAll(async () => {
    t = await createTestApp(driver);
    key = await fetchRequestKey(t.app, 'fp-1');
  });
  afterAll(() => t.close());

  async function stored(): Promise<number> {
    const [row] = await t.database.db.select({ n: count() }).from(pageViews);
    return row?.n ?? 0;
  }

  function post(headers: Record<string, string>, payload = body) {
    return t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
  }

  async function expectRefused(response: Awaited<ReturnType<typeof post>>, status: number, code: string) {
    expect(response.statusCode).toBe(status);
    expect(errorEnvelope.parse(response.json()).code).toBe(code);
  }

  it('hands out a key per fingerprint and epoch without a signature', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/request-key', headers: { 'x-fingerprint': 'fp-1' } });
    expect(response.statusCode).toBe(200);
    const { data } = requestKeyResponse.parse(response.json());
    expect(data.epoch).toBe(Math.floor(Date.now() / KEY_EPOCH_MS));
    expect(data.key).toBe(key.key);
    expect((await fetchRequestKey(t.app, 'fp-2')).key).not.toBe(key.key);
  });

  it('refuses the key route without a usable fingerprint', async () => {
    for (const headers of [{}, { 'x-fingerprint': '' }, { 'x-fingerprint': 'x'.repeat(201) }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/request-key', headers });
      await expectRefused(response, 401, 'FINGERPRINT_MISSING');
    }
  });

  it('accepts a valid signed request and stores the page view with its fingerprint', async () => {
    const token = await signRequest(key, { method: 'POST', pathAndQuery: url, body });
    const response = await post({ 'x-fingerprint': 'fp-1', 'x-request-token': token });
    expect(response.statusCode).toBe(204);
    const rows = await t.database.db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fingerprint: 'fp-1', path: '/explore', routeName: 'explore', referrer: null });
  });

  it('refuses missing fingerprint, missing token, forged, mismatched and expired tokens, storing nothing', async () => {
    const before = await stored();
    const token = await signRequest(key, { method: 'POST', pathAndQuery: url, body });
    await expectRefused(await post({ 'x-request-token': token }), 401, 'FINGERPRINT_MISSING');
    await expectRefused(await post({ 'x-fingerprint': 'fp-1' }), 401, 'REQUEST_TOKEN_MISSING');
    await expectRefused(await post({ 'x-fingerprint': 'fp-1', 'x-request-token': 'v1.garbage' }), 401, 'REQUEST_TOKEN_INVALID');
    const forgedKey = { epoch: key.epoch, key: 'A'.repeat(43) };
    await expectRefused(await post({ 'x-fingerprint': 'fp-1', 'x-request-token': await signRequest(forgedKey, { method: 'POST', pathAndQuery: url, body }) }), 401, 'REQUEST_TOKEN_INVALID');
    // Signed for another fingerprint, another body, another path.
    await expectRefused(await post({ 'x-fingerprint': 'fp-2', 'x-request-token': token }), 401, 'REQUEST_TOKEN_INVALID');
    await expectRefused(await post({ 'x-fingerprint': 'fp-1', 'x-request-token': token }, JSON.stringify({ ...view, path: '/other' })), 401, 'REQUEST_TOKEN_INVALID');
    const otherPath = await signRequest(key, { method: 'POST', pathAndQuery: `${url}?x=1`, body });
    await expectRefused(await post({ 'x-fingerprint': 'fp-1', 'x-request-token': otherPath }), 401, 'REQUEST_TOKEN_INVALID');
    const stale = await signRequest(key, { method: 'POST', pathAndQuery: url, body }, Date.now() - TOKEN_WINDOW_MS - 5000);
    await expectRefused(await post({ 'x-fingerprint': 'fp-1', 'x-request-token': stale }), 401, 'REQUEST_TOKEN_EXPIRED');
    const oldEpoch = await fetchRequestKey(t.app, 'fp-1').then((k) => ({ epoch: k.epoch - 2, key: k.key }));
    await expectRefused(await post({ 'x-fingerprint': 'fp-1', 'x-request-token': await signRequest(oldEpoch, { method: 'POST', pathAndQuery: url, body }) }), 401, 'REQUEST_KEY_EXPIRED');
    expect(await stored()).toBe(before);
  });

  it('refuses a replayed token with 409 and stores it once', async () => {
    const before = await stored();
    const token = await signRequest(key, { method: 'POST', pathAndQuery: url, body });
    expect((await post({ 'x-fingerprint': 'fp-1', 'x-request-token': token })).statusCode).toBe(204);
    await expectRefused(await post({ 'x-fingerprint': 'fp-1', 'x-request-token': token }), 409, 'REQUEST_TOKEN_REPLAYED');
    expect(await stored()).toBe(before + 1);
  });

  it('signs GET requests over path and query with an empty body', async () => {
    const response = await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns?page=1&limit=5' });
    expect(response.statusCode).toBe(200);
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/v2/campaigns?page=1&limit=5', headers: { 'x-fingerprint': 'fp-1' } });
    await expectRefused(unsigned, 401, 'REQUEST_TOKEN_MISSING');
  });
});

const nonceStores: [string, () => Promise<{ store: NonceStore; dispose: () => Promise<void> }>][] = [
  ...drivers.map(
    (driver) =>
      [
        `db:${driver}`,
        async () => {
          const database = await createTestDatabase(driver);
          return { store: new DbNonceStore(database.db), dispose: () => database.dispose(), database };
        },
      ] as [string, () => Promise<{ store: NonceStore; dispose: () => Promise<void> }>],
  ),
  ...(process.env.TEST_REDIS_URL
    ? [
        [
          'redis',
          async () => {
            const redis = new Redis(process.env.TEST_REDIS_URL!);
            const prefix = `bingkai:test:${Date.now()}:${Math.random()}:`;
            return {
              store: new RedisNonceStore(redis, prefix),
              dispose: async () => {
                const keys = await redis.keys(`${prefix}*`);
                if (keys.length) await redis.del(...keys);
                await redis.quit();
              },
            };
          },
        ] as [string, () => Promise<{ store: NonceStore; dispose: () => Promise<void> }>],
      ]
    : []),
];

describe.each(nonceStores)('nonce store (%s)', (_name, open) => {
  let store: NonceStore;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await open());
  });
  afterAll(() => dispose());

  it('claims a nonce once', async () => {
    const expires = new Date(Date.now() + 60_000);
    expect(await store.claim('nonce-aaaaaaaaaaaaaaaa', expires)).toBe(true);
    expect(await store.claim('nonce-aaaaaaaaaaaaaaaa', expires)).toBe(false);
    expect(await store.claim('nonce-bbbbbbbbbbbbbbbb', expires)).toBe(true);
  });

  it('forgets expired nonces', async () => {
    expect(await store.claim('nonce-cccccccccccccccc', new Date(Date.now() + 20))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await store.purgeExpired();
    expect(await store.claim('nonce-cccccccccccccccc', new Date(Date.now() + 60_000))).toBe(true);
  });
});

describe.each(drivers)('nonce purge (%s)', (driver) => {
  it('deletes only expired rows', async () => {
    const database = await createTestDatabase(driver);
    try {
      const store = new DbNonceStore(database.db);
      await store.claim('old-nonce-aaaaaaaaaaaa', new Date(Date.now() - 1000));
      await store.claim('live-nonce-aaaaaaaaaaa', new Date(Date.now() + 60_000));
      expect(await store.purgeExpired()).toBe(1);
      const rows = await database.db.select().from(requestNonces);
      expect(rows.map((row) => row.nonce)).toEqual(['live-nonce-aaaaaaaaaaa']);
    } finally {
      await database.dispose();
    }
  });
});
