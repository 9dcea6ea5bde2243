import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtIndexHtml, metaOf, titleOf } from '../testing/pageHead.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';
import { articlePageOf } from './articlePageMeta.ts';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const ORIGIN = 'https://bingkai.test';

describe('article pages', () => {
  it('are the lists and the articles of the three kinds, nothing else', () => {
    expect(articlePageOf('/blog')).toEqual({ kind: 'blog' });
    expect(articlePageOf('/blog/?lang=id')).toEqual({ kind: 'blog' });
    expect(articlePageOf('/blog/3/any-slug#top')).toEqual({ kind: 'blog', ref: '3' });
    expect(articlePageOf('/use-cases/schools')).toEqual({ kind: 'use-cases', ref: 'schools' });
    expect(articlePageOf('/testimonials/kopi-tepian/')).toEqual({ kind: 'testimonials', ref: 'kopi-tepian' });
    for (const path of ['/blog/3', '/blog/x/slug', '/blog/3/slug/more', '/use-cases/a/b', '/recipes/x', '/', '/blogs', '/merdeka-80']) expect(articlePageOf(path), path).toBeNull();
  });
});

describe.each(drivers)('article page meta (%s)', (driver) => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bingkai-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), await builtIndexHtml());
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await cp(new URL('../../locales', import.meta.url), join(dist, 'locales'), { recursive: true });
    t = await createTestApp(driver, { distDir: dist, publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: html });
  const canonicalOf = (body: string) => /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1];
  const jsonLdOf = (body: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1] ?? 'null') as Record<string, unknown> | null;

  it('previews a blog post with its title, summary and cover, as an article', async () => {
    const response = await page('/blog/2/photos-stay-on-your-phone');
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Why your photo never leaves your phone · Bingkai');
    const meta = metaOf(response.body);
    expect(meta).toMatchObject({
      'og:type': 'article',
      'og:title': 'Why your photo never leaves your phone',
      'og:url': `${ORIGIN}/blog/2/photos-stay-on-your-phone`,
      'og:image': `${ORIGIN}/images/articles/blog-photos-stay-on-your-phone.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
    });
    expect(meta.description).toMatch(/^When you frame a photo on Bingkai/);
    expect(canonicalOf(response.body)).toBe(`${ORIGIN}/blog/2/photos-stay-on-your-phone`);
    expect(response.body).toContain(`<link rel="alternate" hreflang="id" href="${ORIGIN}/blog/2/photos-stay-on-your-phone?lang=id" />`);
    expect(jsonLdOf(response.body)).toMatchObject({ '@type': 'BlogPosting', headline: 'Why your photo never leaves your phone', datePublished: '2026-02-03', inLanguage: 'en' });
  });

  it('speaks Indonesian with ?lang=id, and English where articles are not written in the language', async () => {
    const indonesian = await page('/use-cases/schools?lang=id');
    expect(metaOf(indonesian.body)['og:title']).toBe('Sekolah dan kampus');
    expect(canonicalOf(indonesian.body)).toBe(`${ORIGIN}/use-cases/schools?lang=id`);
    expect(indonesian.body).toMatch(/<html lang="id"/);
    const french = await page('/use-cases/schools?lang=fr');
    expect(metaOf(french.body)['og:title']).toBe('Schools and campuses');
  });

  it('names a blog post’s real slug as canonical whatever slug the link had', async () => {
    const response = await page('/blog/2/an-old-title');
    expect(response.statusCode).toBe(200);
    expect(canonicalOf(response.body)).toBe(`${ORIGIN}/blog/2/photos-stay-on-your-phone`);
  });

  it('previews a list with its page’s words and the newest cover', async () => {
    const response = await page('/testimonials?lang=id');
    expect(response.statusCode).toBe(200);
    const meta = metaOf(response.body);
    expect(meta['og:title']).toBe('Testimoni');
    expect(meta['og:image']).toMatch(new RegExp(`^${ORIGIN}/images/articles/testimonials-[a-z0-9-]+\\.jpg$`));
    expect(canonicalOf(response.body)).toBe(`${ORIGIN}/testimonials?lang=id`);
  });

  it('answers an unknown article with the shell and 404', async () => {
    for (const url of ['/blog/999/nothing', '/use-cases/nothing', '/testimonials/nothing']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(metaOf(response.body)['og:title']).toBeUndefined();
    }
  });
});
