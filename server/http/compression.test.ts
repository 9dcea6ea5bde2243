import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressibleType, negotiateEncoding } from './compression.ts';
import { precompressDir } from './precompress.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';
import { withoutSeoHead } from '../testing/pageHead.ts';

const repeat = (line: string, times: number) => Array.from({ length: times }, (_, i) => `${line} ${i}`).join('\n');
// Big enough to be worth compressing, like the real shell (~2 KB) and chunks.
const indexHtml = `<!doctype html><html><head><title>Bingkai</title><script type="module" src="/assets/index-AbC12345.js"></script></head><body><div id="root"></div><!--${repeat('padding', 150)}--></body></html>`;
const entryJs = repeat('export const campaign = "merdeka";', 500);
const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
}

const varies = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

describe('negotiateEncoding', () => {
  it('prefers brotli, honours q-values, wildcards and refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('BR;Q=1')).toBe('br');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'br;q=nonsense']) expect(negotiateEncoding(header), String(header)).toBeNull();
  });

  it('compresses text types only', () => {
    for (const type of ['text/html; charset=utf-8', 'application/json; charset=utf-8', 'application/problem+json', 'application/javascript', 'image/svg+xml', 'text/css']) expect(isCompressibleType(type), type).toBe(true);
    for (const type of ['image/png', 'image/webp', 'font/woff2', 'application/octet-stream', 'application/wasm', 'text/event-stream', '']) expect(isCompressibleType(type), type).toBe(false);
  });
});

describe.each(drivers)('compressed answers (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  const size = async (name: string) => (await stat(join(dist, name))).size;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await mkdir(join(dist, 'assets'));
    await mkdir(join(dist, 'locales'));
    await mkdir(join(dist, 'models'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    await writeFile(join(dist, 'assets', 'index-AbC12345.js'), entryJs);
    await writeFile(join(dist, 'assets', 'inter-latin-400-normal-AbC12345.woff2'), repeat('woff2 is compressed already', 100));
    await writeFile(join(dist, 'locales', 'en.json'), JSON.stringify({ common: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`key${i}`, `Message ${i}`])) }));
    await writeFile(join(dist, 'models', 'face.tflite'), repeat('weights', 2000));
    // The build's own step (vite.config.ts), on this dist.
    await precompressDir(dist);
    t = await createTestApp(driver, { distDir: dist });
    const creator = await insertCreator(t.database.db);
    for (let i = 0; i < 6; i++) await insertCampaign(t.database.db, creator.id, { uri: `merdeka-${i}` });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a client that accepts br, cached for good', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-AbC12345.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(Number(response.headers['content-length'])).toBe(await size('assets/index-AbC12345.js.br'));
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(varies(response)).toBe(true);
    expect(decoded(response).toString()).toBe(entryJs);
    expect(response.rawPayload.length).toBeLessThan(entryJs.length / 4);
  });

  it('sends the gzip copy when gzip is all the client takes, and the file as it is when it takes neither', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-AbC12345.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(await size('assets/index-AbC12345.js.gz'));
    expect(gzip.headers['content-type']).toContain('javascript');
    expect(decoded(gzip).toString()).toBe(entryJs);
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC12345.js', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(entryJs);
      expect(Number(plain.headers['content-length'])).toBe(entryJs.length);
      // A shared cache must not hand this plain copy to a client that takes br, nor the other way round.
      expect(varies(plain)).toBe(true);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('answers HEAD with the headers of the compressed GET and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/assets/index-AbC12345.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(await size('assets/index-AbC12345.js.br'));
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.rawPayload.length).toBe(0);
  });

  it('compresses the app shell, kept no-cache, for / and client routes', async () => {
    for (const url of ['/', '/explore/campaign']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { ...browser, 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(varies(response), url).toBe(true);
      // The shell with the page's canonical link and language alternates (seoHead.ts), compressed on the fly.
      expect(withoutSeoHead(decoded(response).toString()), url).toBe(indexHtml);
    }
  });

  it('compresses a campaign page rendered with its meta on the fly', async () => {
    for (const [acceptEncoding, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const response = await t.app.inject({ method: 'GET', url: '/merdeka-1', headers: { ...browser, 'accept-encoding': acceptEncoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(varies(response)).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const html = decoded(response).toString();
      expect(html).toContain('Title merdeka-1');
      expect(html).toContain('<div id="root"></div>');
    }
    const plain = await t.app.inject({ method: 'GET', url: '/merdeka-1', headers: browser });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Title merdeka-1');
  });

  it('compresses large API answers and leaves small ones plain', async () => {
    const list = await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns?limit=50', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers['content-type']).toContain('application/json');
    expect(varies(list)).toBe(true);
    const body = JSON.parse(decoded(list).toString()) as { data: { items?: unknown[] } | unknown[] };
    expect(JSON.stringify(body)).toContain('merdeka-5');
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();
  });

  it('never compresses a compressed type again, and revalidates unhashed files', async () => {
    const font = await t.app.inject({ method: 'GET', url: '/assets/inter-latin-400-normal-AbC12345.woff2', headers: { 'accept-encoding': 'br, gzip' } });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
    const model = await t.app.inject({ method: 'GET', url: '/models/face.tflite', headers: { 'accept-encoding': 'br' } });
    expect(model.headers['content-encoding']).toBe('br');
    expect(model.headers['cache-control']).toBe('public, max-age=3600');
    expect(decoded(model).equals(await readFile(join(dist, 'models', 'face.tflite')))).toBe(true);
    expect(model.headers.etag).toBeTruthy();
    expect(model.headers['last-modified']).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/models/face.tflite', headers: { 'accept-encoding': 'br', 'if-none-match': String(model.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const locale = await t.app.inject({ method: 'GET', url: '/locales/en.json', headers: { 'accept-encoding': 'gzip' } });
    expect(locale.headers['content-encoding']).toBe('gzip');
    expect(locale.headers['cache-control']).toBe('public, max-age=300');
    expect(JSON.parse(decoded(locale).toString())).toMatchObject({ common: { key0: 'Message 0' } });
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/index-AbC12345.js.br', '/assets/index-AbC12345.js.gz', '/locales/en.json.br']) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
      }
    }
    // Outside the reserved prefixes an unknown path is a client route: the shell, never brotli bytes as a download.
    const response = await t.app.inject({ method: 'GET', url: '/models/face.tflite.br', headers: browser });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe(indexHtml);
  });
});
