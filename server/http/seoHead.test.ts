import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../infra/db/schema.ts';
import { insertCampaign, insertCreator } from '../testing/fixtures.ts';
import { builtIndexHtml } from '../testing/pageHead.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';
import { inlineScriptHashes } from './inlineScripts.ts';
import { jsonForScript, requestedLocale } from './seoHead.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const HOSTILE_TITLE = '</script><script>alert(1)</script>';

/** Every <link rel=…> of a page as [rel, hreflang, href]. */
function links(page: string): Array<[rel: string, hreflang: string | undefined, href: string]> {
  return Array.from(page.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]+)" \/>/g), ([, rel, hreflang, href]) => [rel!, hreflang, href!.replace(/&amp;/g, '&')]);
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(page: string): unknown[] {
  return Array.from(page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g), ([, text]) => JSON.parse(text!) as unknown);
}

describe('seo head helpers', () => {
  it('reads ?lang= against the shipped locales only, in any case', () => {
    const locales = ['en', 'id', 'zh-cn'];
    expect(requestedLocale('/x?lang=id', locales)).toBe('id');
    expect(requestedLocale('/x?utm=1&lang=ZH_CN#top', locales)).toBe('zh-cn');
    expect(requestedLocale('/x?lang=de', locales)).toBeNull();
    expect(requestedLocale('/x', locales)).toBeNull();
  });

  it('keeps JSON inside a script element from closing it', () => {
    const text = jsonForScript({ title: `${HOSTILE_TITLE}<!-- & \u2028` });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ title: `${HOSTILE_TITLE}<!-- & \u2028` });
  });
});

describe.each(drivers)('canonical, hreflang and JSON-LD in page HTML (%s)', (driver) => {
  let t: TestApp;
  let dist: string;
  let indexHtml: string;

  beforeAll(async () => {
    indexHtml = await builtIndexHtml();
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-seo-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    // Two of the repository's messages files and a third: the alternates follow the files shipped, not a list in code.
    await mkdir(join(dist, 'locales'));
    for (const code of ['en', 'id']) await cp(new URL(`../../locales/${code}.json`, import.meta.url), join(dist, 'locales', `${code}.json`));
    await writeFile(join(dist, 'locales', 'zh-cn.json'), '{}');
    t = await createTestApp(driver, { distDir: dist, publicUrl: 'https://bingkai.test' });
    const db = t.database.db;
    const creator = await insertCreator(db, 'ana');
    const campaign = await insertCampaign(db, creator.id, { uri: 'merdeka-80' });
    await db
      .update(campaigns)
      .set({ title: 'Merdeka 80', description: 'Celebrate 80 years', supportersCount: 1234, ogImageKey: 'public/campaigns/merdeka-80/og.jpg', tags: ['merdeka', 'hut-ri'] })
      .where(eq(campaigns.id, campaign.id));
    const hostile = await insertCampaign(db, creator.id, { uri: 'hostile' });
    await db.update(campaigns).set({ title: HOSTILE_TITLE, description: '</SCRIPT >& <!--' }).where(eq(campaigns.id, hostile.id));
    await insertCampaign(db, creator.id, { uri: 'by-link-only', visibility: 'unlisted' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: html });

  it('gives a campaign page its canonical URL without query noise, and one alternate per shipped locale', async () => {
    for (const url of ['/merdeka-80', '/merdeka-80/?utm_source=wa&fbclid=1', '/merdeka-80/support']) {
      const body = (await page(url)).body;
      expect(links(body), url).toEqual([
        ['canonical', undefined, 'https://bingkai.test/merdeka-80'],
        ['alternate', 'en', 'https://bingkai.test/merdeka-80?lang=en'],
        ['alternate', 'id', 'https://bingkai.test/merdeka-80?lang=id'],
        ['alternate', 'zh-CN', 'https://bingkai.test/merdeka-80?lang=zh-cn'],
        ['alternate', 'x-default', 'https://bingkai.test/merdeka-80'],
      ]);
      expect(body, url).not.toContain('name="robots"');
    }
  });

  it('makes a language’s URL its own canonical, in that language', async () => {
    const body = (await page('/merdeka-80?lang=id&utm_source=x')).body;
    expect(links(body)[0]).toEqual(['canonical', undefined, 'https://bingkai.test/merdeka-80?lang=id']);
    expect(body).toContain('<html lang="id">');
    // The first view speaks the URL's language, whatever the browser asks for.
    expect(body).toContain('<span>oleh Name of ana</span>');
    const unknown = (await page('/merdeka-80?lang=xx')).body;
    expect(links(unknown)[0]).toEqual(['canonical', undefined, 'https://bingkai.test/merdeka-80']);
    expect(unknown).toContain('<html lang="en">');
  });

  it('describes a campaign in JSON-LD: the work, its image, its creator and its supporters', async () => {
    const body = (await page('/merdeka-80')).body;
    expect(jsonLd(body)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        name: 'Merdeka 80',
        description: 'Celebrate 80 years',
        url: 'https://bingkai.test/merdeka-80',
        dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        keywords: 'merdeka, hut-ri',
        image: { '@type': 'ImageObject', url: 'https://bingkai.test/files/public/campaigns/merdeka-80/og.jpg', width: 1200, height: 630 },
        creator: { '@type': 'Person', name: 'Name of ana', url: 'https://bingkai.test/u/ana' },
        interactionStatistic: { '@type': 'InteractionCounter', name: 'supporters', interactionType: 'https://schema.org/InteractAction', userInteractionCount: 1234 },
      },
    ]);
    // Data, not a script: the shell's inline script hashes (CSP) are unchanged.
    expect(inlineScriptHashes(body.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, ''))).toEqual(inlineScriptHashes(indexHtml));
  });

  it('cannot be broken out of by a title that closes the script', async () => {
    const body = (await page('/hostile')).body;
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(body.toLowerCase()).not.toContain('</script ><');
    // Exactly the shell's scripts and the JSON-LD block: nothing opened a script of its own.
    expect(body.match(/<script/g)).toHaveLength((indexHtml.match(/<script/g) ?? []).length + 1);
    const [data] = jsonLd(body) as Array<{ name: string; description: string }>;
    expect(data!.name).toBe(HOSTILE_TITLE);
    expect(data!.description).toBe('</SCRIPT >& <!--');
  });

  it('keeps an unlisted campaign out of search results', async () => {
    const body = (await page('/by-link-only')).body;
    expect(body).toContain('<meta name="robots" content="noindex" />');
  });

  it('gives the home page the site’s search box and logo, and public pages their canonical and alternates', async () => {
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(links(home.body)).toEqual([
      ['canonical', undefined, 'https://bingkai.test/'],
      ['alternate', 'en', 'https://bingkai.test/?lang=en'],
      ['alternate', 'id', 'https://bingkai.test/?lang=id'],
      ['alternate', 'zh-CN', 'https://bingkai.test/?lang=zh-cn'],
      ['alternate', 'x-default', 'https://bingkai.test/'],
    ]);
    expect(jsonLd(home.body)).toEqual([
      {
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'WebSite',
            name: 'Bingkai',
            url: 'https://bingkai.test/',
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: 'https://bingkai.test/explore/campaign?q={search_term_string}' },
              'query-input': 'required name=search_term_string',
            },
          },
          { '@type': 'Organization', name: 'Bingkai', url: 'https://bingkai.test/', logo: 'https://bingkai.test/media-assets/bingkai-icon-512.png' },
        ],
      },
    ]);
    // The shell's own title and description stay.
    expect(home.body).toContain('<title>Bingkai — photo frame campaigns</title>');

    const explore = (await page('/explore/campaign/?q=merdeka&sort=popular')).body;
    expect(links(explore)[0]).toEqual(['canonical', undefined, 'https://bingkai.test/explore/campaign']);
    expect(jsonLd(explore)).toEqual([]);
    const pricing = (await page('/pricing?lang=id')).body;
    expect(links(pricing)[0]).toEqual(['canonical', undefined, 'https://bingkai.test/pricing?lang=id']);
    expect(pricing).toContain('<html lang="id">');
  });

  it('adds nothing to private and unknown pages', async () => {
    for (const url of ['/profile', '/checkout', '/notifications', '/create/frame']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(links(response.body), url).toEqual([]);
      expect(response.body, url).toBe(indexHtml);
    }
  });
});
