import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inlineScripts.ts';
import { acceptsPage } from './staticSite.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';
import { withoutSeoHead } from '../testing/pageHead.ts';

const inlineScript = "document.documentElement.dataset.theme = 'dark';";
const indexHtml = `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('acceptsPage', () => {
  it('answers a page to anything but an explicit request for JSON', () => {
    for (const accept of [undefined, '', '*/*', 'text/html', 'text/*', 'image/webp,*/*', 'text/html,application/xhtml+xml,*/*;q=0.8', 'application/json, text/html', 'application/json;q=0.9, text/html;q=0.8', 'text/plain']) {
      expect(acceptsPage(accept), String(accept)).toBe(true);
    }
    for (const accept of ['application/json', 'application/json, text/plain, */*', 'application/problem+json', 'APPLICATION/JSON; charset=utf-8', 'text/html;q=0, application/json', '*/*;q=0.1, application/json']) {
      expect(acceptsPage(accept), accept).toBe(false);
    }
  });
});

describe.each(drivers)('built client (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await mkdir(join(dist, 'assets'));
    await mkdir(join(dist, 'locales'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'locales', 'en.json'), '{"common":{}}');
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp(driver, { distDir: dist });
    // Campaign pages answer 404 for unknown campaigns (pageMeta.ts); this shell has no <title> to fill in.
    await insertCampaign(t.database.db, (await insertCreator(t.database.db)).id, { uri: 'merdeka-80' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toContain('javascript');
  });

  it('serves the app shell for / and client routes with no-cache', async () => {
    for (const url of ['/', '/explore/campaign', '/merdeka-80', '/merdeka-80/support?x=1', '/profile/profile-settings']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(withoutSeoHead(response.body), url).toBe(indexHtml);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("connect-src 'self'");
    }
  });

  it('serves the shell to requests that do not ask for JSON: no Accept, or the wildcard type (link-preview crawlers)', async () => {
    for (const headers of [{}, { accept: '*/*' }]) {
      for (const url of ['/', '/explore/campaign', '/merdeka-80']) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(withoutSeoHead(response.body), url).toBe(indexHtml);
        expect(response.headers['content-type']).toContain('text/html');
      }
    }
  });

  it('serves locales with a short cache and 404s missing ones without the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/locales/en.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ common: {} });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const missing = await t.app.inject({ method: 'GET', url: '/locales/xx.json', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not answer API, files, missing assets or JSON requests with the shell', async () => {
    for (const url of ['/api/v2/unknown', '/files/public/none.png', '/assets/missing-123.js']) {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
    const script = await t.app.inject({ method: 'GET', url: '/some/page', headers: { accept: 'application/json' } });
    expect(script.statusCode).toBe(404);
    expect(script.headers['content-type']).toContain('application/json');
    const post = await t.app.inject({ method: 'POST', url: '/some/page', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('allows exactly the inline scripts of index.html by hash', async () => {
    const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash}`);
    expect(csp.split(';').find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module">x()</script>')).toHaveLength(1);
  });

  it('serves other static files with a moderate cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe.each(drivers)('without a built client (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('explains how to build instead of serving the shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
