import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, campaigns, collections } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';
import { ROBOTS_DISALLOW } from '../http/publicPages.ts';
import { loadArticles } from '../domain/articles.ts';

const ORIGIN = 'https://bingkai.test';

/** The <loc>s and <lastmod>s of a sitemap or sitemap index, in order, entities left as sent. */
function entries(xml: string): Array<{ loc: string; lastmod: string | undefined }> {
  return Array.from(xml.matchAll(/<(?:url|sitemap)><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/(?:url|sitemap)>/g), ([, loc, lastmod]) => ({ loc: loc!, lastmod }));
}

describe.each(drivers)('sitemap and robots.txt (%s)', (driver) => {
  let t: TestApp;
  const updated = new Date('2026-03-04T05:06:07.891Z');

  beforeAll(async () => {
    // Three URLs a page: paging is visible with a handful of rows.
    t = await createTestApp(driver, { publicUrl: ORIGIN, sitemapPageSize: 3 });
    const db = t.database.db;
    const ana = await insertCreator(db, 'ana');
    const budi = await insertCreator(db, 'budi');
    const gone = await insertCreator(db, 'gone');
    const quiet = await insertCreator(db, 'quiet');
    await db.update(accounts).set({ suspendedAt: new Date() }).where(eq(accounts.id, gone.id));
    for (const uri of ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf']) await insertCampaign(db, ana.id, { uri });
    const budiCampaign = await insertCampaign(db, budi.id, { uri: 'hotel' });
    await db.update(campaigns).set({ updatedAt: updated }).where(eq(campaigns.id, budiCampaign.id));
    await insertCampaign(db, ana.id, { uri: 'hidden-unlisted', visibility: 'unlisted' });
    await insertCampaign(db, ana.id, { uri: 'hidden-private', visibility: 'private' });
    await insertCampaign(db, gone.id, { uri: 'hidden-suspended' });
    // Only an unlisted campaign: not a public creator.
    await insertCampaign(db, quiet.id, { uri: 'quiet-unlisted', visibility: 'unlisted' });
    await db.insert(collections).values([
      { uri: 'best-of', creatorId: ana.id, title: 'Best of', updatedAt: updated },
      { uri: 'draft-picks', creatorId: ana.id, title: 'Unlisted', visibility: 'unlisted' },
      { uri: 'gone-picks', creatorId: gone.id, title: 'Of a suspended creator' },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves a sitemap index of paged sitemaps, each with its lastmod', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = entries(response.body).map((entry) => entry.loc);
    // 8 public campaigns at 3 a page make 3 pages; 1 public collection; 2 public creators (ana, budi).
    expect(locs).toEqual([
      `${ORIGIN}/sitemap-pages-1.xml`,
      `${ORIGIN}/sitemap-campaigns-1.xml`,
      `${ORIGIN}/sitemap-campaigns-2.xml`,
      `${ORIGIN}/sitemap-campaigns-3.xml`,
      `${ORIGIN}/sitemap-collections-1.xml`,
      `${ORIGIN}/sitemap-creators-1.xml`,
    ]);
    for (const entry of entries(response.body)) expect(entry.lastmod, entry.loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // A page's lastmod is its newest URL's: the collections page has one, best-of.
    expect(entries(response.body)[4]!.lastmod).toBe('2026-03-04T05:06:07Z');
  });

  it('lists only public campaigns of creators in good standing, page by page, each once, with its updatedAt', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => get(`/sitemap-campaigns-${page}.xml`)));
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(page.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    }
    const listed = pages.map((page) => entries(page.body).map((entry) => entry.loc.replace(`${ORIGIN}/`, '')));
    expect(listed).toEqual([
      ['alpha', 'bravo', 'charlie'],
      ['delta', 'echo', 'foxtrot'],
      ['golf', 'hotel'],
    ]);
    const hotel = entries(pages[2]!.body).find((entry) => entry.loc === `${ORIGIN}/hotel`);
    expect(hotel?.lastmod).toBe('2026-03-04T05:06:07Z');
    const all = pages.map((page) => page.body).join('');
    for (const hidden of ['hidden-unlisted', 'hidden-private', 'hidden-suspended', 'quiet-unlisted']) expect(all).not.toContain(hidden);
  });

  it('lists public collections and creator profiles with a public campaign, nothing else', async () => {
    const collectionsPage = entries((await get('/sitemap-collections-1.xml')).body);
    expect(collectionsPage).toEqual([{ loc: `${ORIGIN}/c/best-of`, lastmod: '2026-03-04T05:06:07Z' }]);
    const creators = entries((await get('/sitemap-creators-1.xml')).body);
    expect(creators.map((entry) => entry.loc)).toEqual([`${ORIGIN}/u/ana`, `${ORIGIN}/u/budi`]);
    // A creator's lastmod is their newest public campaign's change.
    expect(creators[1]!.lastmod).toBe('2026-03-04T05:06:07Z');
  });

  it('lists the static public pages with absolute URLs, and none behind an account', async () => {
    const response = await get('/sitemap-pages-1.xml');
    expect(response.statusCode).toBe(200);
    const locs = entries(response.body).map((entry) => entry.loc);
    for (const path of ['/', '/explore/campaign', '/explore/collection', '/explore/creator', '/leaderboard', '/for-creators', '/about', '/pricing', '/what-is-a-twibbon', '/blog', '/use-cases', '/testimonials', '/terms', '/privacy-policy', '/media-assets']) {
      expect(locs, path).toContain(`${ORIGIN}${path}`);
    }
    for (const loc of locs) expect(loc).not.toMatch(/\/(profile|checkout|notifications|verification|reset-password|campaign\/|test\/)/);
    expect(entries(response.body).every((entry) => entry.lastmod)).toBe(true);
  });

  it('lists every article’s page, dated by its newest translation', async () => {
    const body = (await get('/sitemap-pages-1.xml')).body;
    const articles = entries(body).filter((entry) => /\/(blog\/\d+|use-cases|testimonials)\/[a-z0-9-]+$/.test(entry.loc));
    for (const kind of ['blog', 'use-cases', 'testimonials'] as const) {
      const expected = loadArticles().list(kind, 'en', 1, 50).items.map((item) => `${ORIGIN}${item.path}`);
      expect(expected.length).toBeGreaterThanOrEqual(6);
      expect(articles.map((entry) => entry.loc).filter((loc) => loc.startsWith(`${ORIGIN}/${kind}/`)).sort()).toEqual(expected.sort());
    }
    expect(articles.find((entry) => entry.loc === `${ORIGIN}/testimonials/kopi-tepian`)?.lastmod).toBe('2026-04-01T00:00:00Z');
  });

  it('answers a page beyond the last, a page 0 and an unknown section with the 404 envelope', async () => {
    for (const url of ['/sitemap-campaigns-4.xml', '/sitemap-campaigns-0.xml', '/sitemap-pages-2.xml', '/sitemap-posts-1.xml', '/sitemap-campaigns-x.xml', '/sitemap-collections-2.xml']) {
      const response = await get(url, { accept: 'application/json' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('serves robots.txt: public pages allowed, private ones and the API disallowed, the sitemap named', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const rule of ['/api/', '/profile$', '/profile/', '/campaign/', '/checkout$', '/invoice/', '/notifications$', '/verification$', '/reset-password$', '/test/', '/*/support$', '/*/result$']) {
      expect(lines, rule).toContain(`Disallow: ${rule}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // No rule shuts out a public page.
    for (const path of ['/explore', '/leaderboard', '/for-creators', '/u/ana', '/c/best-of', '/alpha']) {
      expect(ROBOTS_DISALLOW.some((rule) => path.startsWith(rule.replace(/\$$/, '')) && (!rule.endsWith('$') || path === rule.slice(0, -1))), path).toBe(false);
    }
  });
});

describe.each(drivers)('sitemap without a public origin (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { publicUrl: '', publicHosts: ['localhost'] });
    await insertCampaign(t.database.db, (await insertCreator(t.database.db, 'ana')).id, { uri: 'a-b-c' });
  });
  afterAll(() => t.close());

  it('uses a listed Host, and answers 404 rather than relative URLs for any other', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/sitemap-campaigns-1.xml', headers: { host: 'localhost:8080' } });
    expect(entries(listed.body)[0]?.loc).toBe('http://localhost:8080/a-b-c');
    const other = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(robots.body).not.toContain('Sitemap:');
    expect(robots.body).not.toContain('evil.example');
  });
});
