import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, posts } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { builtIndexHtml, metaList, metaOf } from '../testing/pageHead.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';

/**
 * Link-preview crawlers as they identify themselves. Their Accept headers vary between versions and are not all
 * documented (facebookexternalhit and Slackbot send the wildcard type; others send none or a browser's list), so
 * each one is tried with every shape, and Facebook's also with the Range header it sends.
 */
const crawlers: Array<{ name: string; headers: Record<string, string> }> = [
  { name: 'Facebook', headers: { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', range: 'bytes=0-524287' } },
  { name: 'WhatsApp', headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } },
  { name: 'X', headers: { 'user-agent': 'Twitterbot/1.0' } },
  { name: 'Telegram', headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } },
  { name: 'Slack', headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } },
  { name: 'Discord', headers: { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' } },
  { name: 'LinkedIn', headers: { 'user-agent': 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)' } },
];
const acceptShapes: Array<string | undefined> = [undefined, '*/*', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'];

const origin = 'https://bingkai.test';
const campaignPages = ['/merdeka-80', '/merdeka-80/support', '/merdeka-80/result', '/twibbo/merdeka-80'];
const postPage = '/p/PostUri123';

describe.each(drivers)('link-preview crawlers (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  let indexHtml: string;

  beforeAll(async () => {
    indexHtml = await builtIndexHtml();
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    t = await createTestApp(driver, { distDir: dist, publicUrl: origin });
    const db = t.database.db;
    const creator = await insertCreator(db, 'creator');
    const campaign = await insertCampaign(db, creator.id, { uri: 'merdeka-80' });
    await db
      .update(campaigns)
      .set({ title: 'Merdeka 80', ogImageKey: 'public/campaigns/merdeka-80/og.jpg', ogSquareKey: 'public/campaigns/merdeka-80/og-square.jpg' })
      .where(eq(campaigns.id, campaign.id));
    await insertCampaign(db, creator.id, { uri: 'secret-club', visibility: 'private' });
    await db.insert(posts).values({ uri: 'PostUri123', campaignId: campaign.id, authorId: creator.id, imageKey: 'public/posts/PostUri123.jpg', width: 1080, height: 1080 });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const fetchAs = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string>, accept: string | undefined) =>
    t.app.inject({ method, url, headers: { ...headers, ...(accept === undefined ? {} : { accept }) } });

  it.each(crawlers)('gives $name every campaign and post page with its preview tags, on GET and HEAD', async ({ headers }) => {
    for (const accept of acceptShapes) {
      for (const url of [...campaignPages, postPage]) {
        const label = `${url} accept=${String(accept)}`;
        const page = await fetchAs('GET', url, headers, accept);
        expect(page.statusCode, label).toBe(200);
        expect(page.headers['content-type'], label).toContain('text/html');
        expect(page.headers['set-cookie'], label).toBeUndefined();
        const meta = metaOf(page.body);
        expect(meta['twitter:card'], label).toBe('summary_large_image');
        if (url === postPage) {
          expect(meta, label).toMatchObject({ 'og:title': 'Name of creator supports “Merdeka 80”', 'og:url': `${origin}${postPage}`, 'og:image': `${origin}/files/public/posts/PostUri123.jpg`, 'og:image:width': '1080' });
        } else {
          expect(meta, label).toMatchObject({ 'og:title': 'Merdeka 80', 'og:url': `${origin}/merdeka-80`, 'twitter:image': `${origin}/files/public/campaigns/merdeka-80/og.jpg` });
          expect(metaList(page.body).filter(([key]) => key.startsWith('og:image')), label).toEqual([
            ['og:image', `${origin}/files/public/campaigns/merdeka-80/og.jpg`],
            ['og:image:width', '1200'],
            ['og:image:height', '630'],
            ['og:image', `${origin}/files/public/campaigns/merdeka-80/og-square.jpg`],
            ['og:image:width', '600'],
            ['og:image:height', '600'],
          ]);
        }
        const head = await fetchAs('HEAD', url, headers, accept);
        expect([head.statusCode, head.body], label).toEqual([200, '']);
        expect(head.headers['content-type'], label).toContain('text/html');
      }
    }
  });

  it.each(crawlers)('gives $name the 404 shell for unknown campaigns and posts, and the plain shell for private ones', async ({ headers }) => {
    for (const accept of acceptShapes) {
      for (const url of ['/no-such-campaign', '/no-such-campaign/support', '/twibbo/no-such-campaign', '/p/NoSuchPost1']) {
        const page = await fetchAs('GET', url, headers, accept);
        expect([page.statusCode, page.body], url).toEqual([404, indexHtml]);
        expect(page.headers['content-type'], url).toContain('text/html');
        expect((await fetchAs('HEAD', url, headers, accept)).statusCode, url).toBe(404);
      }
      const secret = await fetchAs('GET', '/secret-club', headers, accept);
      expect([secret.statusCode, secret.body]).toEqual([200, indexHtml]);
    }
  });

  it('keeps API, file, locale and asset paths JSON, whatever the crawler accepts', async () => {
    for (const { headers } of crawlers) {
      for (const accept of acceptShapes) {
        for (const url of ['/api/v2/no-such-route', '/files/public/none.jpg', '/locales/xx.json', '/assets/missing-123.js']) {
          const response = await fetchAs('GET', url, headers, accept);
          expect(response.statusCode, url).toBe(404);
          expect(response.headers['content-type'], url).toContain('application/json');
        }
      }
    }
  });

  it('answers a client that asks for JSON with JSON, and one that names HTML with the page', async () => {
    for (const accept of ['application/json', 'application/json, text/plain, */*']) {
      const response = await fetchAs('GET', '/merdeka-80', {}, accept);
      expect(response.statusCode, accept).toBe(404);
      expect(response.json(), accept).toMatchObject({ code: 'NOT_FOUND' });
    }
    const both = await fetchAs('GET', '/merdeka-80', {}, 'application/json, text/html;q=0.5');
    expect(both.statusCode).toBe(200);
    expect(metaOf(both.body)['og:title']).toBe('Merdeka 80');
  });
});
