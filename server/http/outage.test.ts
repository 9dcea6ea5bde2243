import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { healthResponse } from '../../contract/health.ts';
import { noticeResponse } from '../../contract/notice.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { openThroughProxy, type ProxiedDatabase } from '../testing/proxiedDatabase.ts';
import { createTestApp, createTestDatabase, signedInject, TEST_SECRET, type TestDatabase } from '../testing/testApp.ts';
import { RETRY_AFTER_SECONDS } from './errorHandler.ts';

const indexHtml = '<!doctype html><html><head><title>Bingkai</title></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function distWithIndex(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'bingkai-outage-dist-'));
  await writeFile(join(dist, 'index.html'), indexHtml);
  return dist;
}

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(errorEnvelope.parse(response.json())).toEqual({ message: expect.any(String), code: 'UNAVAILABLE' });
  expect(response.body).not.toMatch(/select|insert|failed query/i);
}

/** What every outage must look like from outside, whichever way the database went away. */
async function expectOutageAnswers(app: FastifyInstance) {
  // A signed read (on PostgreSQL without Redis its nonce check is itself a database write).
  expectUnavailable(await signedInject(app, { method: 'GET', url: '/api/v2/campaigns/uri-availability?uri=fresh-name' }));
  expectUnavailable(await signedInject(app, { method: 'POST', url: '/api/v2/analytics/page-view', body: { path: '/x', routeName: 'home', referrer: '' } }));

  // A campaign page is still HTML (the app shell), with the outage's status.
  const page = await app.inject({ method: 'GET', url: '/another-campaign', headers: html });
  expect(page.statusCode).toBe(503);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  expect(page.body).toBe(indexHtml);

  // The notice answers, and says maintenance.
  const notice = await signedInject(app, { method: 'GET', url: '/api/v2/notice' });
  expect(notice.statusCode, notice.body).toBe(200);
  expect(noticeResponse.parse(notice.json()).data).toEqual({ maintenance: true });

  // Health says the database is down without the driver's words.
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(healthResponse.parse(health.json()).database).toMatchObject({ ok: false, error: 'down' });
  expect(health.body).not.toMatch(/select|failed query|ECONN|is closed|127\.0\.0\.1/i);
}

describe('database outage (pglite)', () => {
  it('answers 503 envelopes with Retry-After, HTML 503 pages and a maintenance notice once PGlite is closed', async () => {
    const dist = await distWithIndex();
    const t = await createTestApp('pglite', { distDir: dist });
    try {
      await insertCampaign(t.database.db, (await insertCreator(t.database.db)).id, { uri: 'merdeka-80' });
      const before = await signedInject(t.app, { method: 'GET', url: '/api/v2/notice' });
      expect(noticeResponse.parse(before.json()).data).toEqual({ maintenance: false });
      await t.database.close();
      await expectOutageAnswers(t.app);
    } finally {
      await t.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage (postgres, behind a proxy)', () => {
  const open: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });

  it('stopped: 503 everywhere with the notice still answering; back: answers again without a restart; frozen: 503 within the bound', async () => {
    const dist = await distWithIndex();
    open.push(() => rm(dist, { recursive: true, force: true }));
    const direct: TestDatabase = await createTestDatabase('postgres');
    open.push(() => direct.dispose());
    const proxied: ProxiedDatabase = await openThroughProxy(direct, { dbConnectTimeoutMs: 1000, dbStatementTimeoutMs: 800, dbIdleInTransactionTimeoutMs: 2000 });
    open.push(() => proxied.close());
    await insertCampaign(direct.db, (await insertCreator(direct.db)).id, { uri: 'merdeka-80' });
    const dataDir = await mkdtemp(join(tmpdir(), 'bingkai-outage-'));
    open.push(() => rm(dataDir, { recursive: true, force: true }));
    // No Redis: nonces live in PostgreSQL, so the signature check itself needs the database.
    const config = { ...loadConfig({}, dataDir), dataDir, distDir: dist, logLevel: 'silent', requestSigningSecret: TEST_SECRET, redisUrl: undefined };
    const app = await buildApp(config, { database: proxied.database });
    open.push(() => app.close());

    const availability = () => signedInject(app, { method: 'GET', url: '/api/v2/campaigns/uri-availability?uri=fresh-name' });
    expect((await availability()).statusCode).toBe(200);

    proxied.proxy.refuse();
    await expectOutageAnswers(app);

    await proxied.proxy.resume();
    await expect.poll(async () => (await availability()).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
    const notice = await signedInject(app, { method: 'GET', url: '/api/v2/notice' });
    expect(noticeResponse.parse(notice.json()).data).toEqual({ maintenance: false });
    expect((await app.inject({ method: 'GET', url: '/merdeka-80', headers: html })).statusCode).toBe(200);

    proxied.proxy.freeze();
    const started = performance.now();
    expectUnavailable(await availability());
    // Connect bound or statement bound plus the client's 2 s grace, with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(8000);
  });
});
