import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../contract/errorEnvelope.ts';
import { healthResponse } from '../contract/health.ts';
import { pageViews } from './infra/db/schema.ts';
import type { FileStorage } from './infra/storage/storage.ts';
import { createTestApp, drivers, signedInject, type TestApp } from './testing/testApp.ts';

async function pageViewCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(pageViews);
  return row?.n ?? 0;
}

describe.each(drivers)('app basics (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('reports healthy database and storage', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponse.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, driver });
    // 'local', or 's3' when the run stores in its s3rver (TEST_STORAGE=s3).
    expect(body.storage).toMatchObject({ ok: true, driver: t.config.storage.driver });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('sends a CSP that keeps connections same-origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API routes with a JSON 404 envelope', async () => {
    for (const url of ['/api/v2/nothing-here', '/api/unknown', '/api/v2/campaigns/x/y/z']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(errorEnvelope.parse(response.json()).code).toBe('NOT_FOUND');
    }
  });

  it('refuses malformed JSON with 400 MALFORMED_JSON and stores nothing', async () => {
    const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/analytics/page-view', body: '{"path": "/", ' });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json())).toEqual({ message: expect.any(String), code: 'MALFORMED_JSON' });
    expect(await pageViewCount(t)).toBe(0);
  });

  it('refuses invalid payloads with 400 VALIDATION_FAILED and per-field messages', async () => {
    const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/analytics/page-view', body: { path: 'no-slash', routeName: 'Home Page!' } });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelope.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['path', 'routeName']);
    expect(await pageViewCount(t)).toBe(0);
  });

  it('reports invalid query parameters by name', async () => {
    const response = await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns?limit=500' });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelope.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toHaveProperty('limit');
  });

  it('refuses bodies over the JSON limit with 413', async () => {
    const big = JSON.stringify({ path: '/', routeName: 'home', referrer: 'x'.repeat(1024 * 1024 + 10) });
    const response = await t.app.inject({ method: 'POST', url: '/api/v2/analytics/page-view', headers: { 'content-type': 'application/json' }, payload: big });
    expect(response.statusCode).toBe(413);
    expect(errorEnvelope.parse(response.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await pageViewCount(t)).toBe(0);
  });

  it('refuses unsupported content types with 415', async () => {
    const response = await signedInject(t.app, {
      method: 'POST',
      url: '/api/v2/analytics/page-view',
      body: 'path=/&routeName=home',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(errorEnvelope.parse(response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await pageViewCount(t)).toBe(0);
  });

  it('hides internal errors behind a generic 500 envelope', async () => {
    const local = await createTestApp(driver);
    try {
      local.app.get('/api/explode', async () => {
        throw new Error('secret detail at /srv/app.ts:12');
      });
      const response = await local.app.inject({ method: 'GET', url: '/api/explode' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'INTERNAL' });
      expect(response.body).not.toContain('secret detail');
    } finally {
      await local.close();
    }
  });
});

describe.each(drivers)('degraded health and rate limits (%s)', (driver) => {
  it('answers 503 when storage fails its probe', async () => {
    const broken: FileStorage = {
      driver: 'broken',
      put: async () => {
        throw new Error('disk full');
      },
      get: async () => null,
      delete: async () => {},
      list: async function* () {},
      exists: async () => false,
      signedUploadUrl: async () => {
        throw new Error('unused');
      },
      signedReadUrl: async () => '',
      publicUrl: (key) => `/files/${key}`,
    };
    const t = await createTestApp(driver, {}, { storage: broken });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      const body = healthResponse.parse(response.json());
      expect(body.status).toBe('degraded');
      expect(body.database.ok).toBe(true);
      expect(body.storage).toMatchObject({ ok: false, error: 'disk full' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const t = await createTestApp(driver);
    try {
      await t.database.close();
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(healthResponse.parse(response.json()).database.ok).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('limits API requests per client with 429 in the envelope', async () => {
    const t = await createTestApp(driver, { rateLimitMax: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(errorEnvelope.parse(limited.json()).code).toBe('RATE_LIMITED');
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.each(redisUrl ? drivers : [])('with Redis (%s)', (driver) => {
  it('shares rate limits and refuses replays through Redis', async () => {
    const prefix = `bingkai-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const t = await createTestApp(driver, { redisUrl, redisPrefix: prefix, rateLimitMax: 3 });
    try {
      const { fetchRequestKey } = await import('./testing/testApp.ts');
      const { signRequest } = await import('../contract/requestSignature.ts');
      const key = await fetchRequestKey(t.app, 'fp-redis');
      const body = JSON.stringify({ path: '/', routeName: 'home' });
      const token = await signRequest(key, { method: 'POST', pathAndQuery: '/api/v2/analytics/page-view', body });
      const send = () =>
        t.app.inject({ method: 'POST', url: '/api/v2/analytics/page-view', headers: { 'content-type': 'application/json', 'x-fingerprint': 'fp-redis', 'x-request-token': token }, payload: body });
      expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(409);
      expect(await pageViewCount(t)).toBe(1);
      expect((await send()).statusCode).toBe(429);
      const { Redis } = await import('ioredis');
      const redis = new Redis(redisUrl!);
      try {
        const keys = await redis.keys(`${prefix}*`);
        expect(keys.some((k) => k.startsWith(`${prefix}nonce:`))).toBe(true);
        expect(keys.some((k) => k.startsWith(`${prefix}rate:`))).toBe(true);
        if (keys.length) await redis.del(...keys);
      } finally {
        await redis.quit();
      }
    } finally {
      await t.close();
    }
  });
});
