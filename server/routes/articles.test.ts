import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleListResponse, articleResponse } from '../../contract/article.ts';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('GET /articles (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const get = (url: string) => signedInject(t.app, { method: 'GET', url: `/api/v2${url}` });
  const list = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return articleListResponse.parse(response.json()).data;
  };

  it('lists the blog newest first, a page at a time', async () => {
    const all = await list('/articles/blog');
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect([all.page, all.limit]).toEqual([1, 10]);
    const dates = all.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const item of all.items) expect(item.path).toMatch(new RegExp(`^/blog/\\d+/${item.slug}$`));
    const second = await list('/articles/blog?page=2&limit=4');
    expect(second.items.map((item) => item.slug)).toEqual(all.items.slice(4, 8).map((item) => item.slug));
  });

  it('answers in Indonesian when asked, and in English for a locale articles are not written in', async () => {
    const english = await list('/articles/use-cases?locale=en');
    const indonesian = await list('/articles/use-cases?locale=id');
    const french = await list('/articles/use-cases?locale=fr');
    expect(indonesian.items.map((item) => item.slug)).toEqual(english.items.map((item) => item.slug));
    expect(new Set(indonesian.items.map((item) => item.locale))).toEqual(new Set(['id']));
    expect(indonesian.items[0]!.title).not.toBe(english.items[0]!.title);
    expect(french.items).toEqual(english.items);
  });

  it('answers one article with its rendered body; a blog post by its id', async () => {
    const [first] = (await list('/articles/blog?limit=1')).items;
    const id = first!.path.split('/')[2]!;
    const response = await get(`/articles/blog/${id}?locale=id`);
    expect(response.statusCode, response.body).toBe(200);
    const article = articleResponse.parse(response.json()).data;
    expect(article).toMatchObject({ slug: first!.slug, path: first!.path, locale: 'id' });
    expect(article.html).toMatch(/^<(p|h2)>/);
    const testimonial = articleResponse.parse((await get('/articles/testimonials/kopi-tepian')).json()).data;
    expect(testimonial).toMatchObject({ kind: 'testimonials', path: '/testimonials/kopi-tepian', locale: 'en' });
  });

  it.each([
    ['/articles/blog/twibbon-campaign-checklist', 404, 'NOT_FOUND'],
    ['/articles/use-cases/no-such-thing', 404, 'NOT_FOUND'],
    ['/articles/blog/999999', 404, 'NOT_FOUND'],
    ['/articles/recipes', 400, 'VALIDATION_FAILED'],
    ['/articles/blog?limit=51', 400, 'VALIDATION_FAILED'],
    ['/articles/blog?page=0', 400, 'VALIDATION_FAILED'],
  ])('%s answers %i %s in the error envelope', async (url, status, code) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(status);
    expect(errorEnvelope.parse(response.json()).code).toBe(code);
  });
});

describe('a bad article file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bad-articles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops the server start with the file’s name', async () => {
    mkdirSync(join(dir, 'content', 'use-cases'), { recursive: true });
    writeFileSync(join(dir, 'content', 'use-cases', 'broken.en.md'), '---\ntitle: Broken\n---\nNo summary.\n');
    const config = { ...loadConfig({}, dir), logLevel: 'silent' as const, contentDir: join(dir, 'content') };
    await expect(buildApp(config)).rejects.toThrow(/content\/use-cases\/broken\.en\.md: summary/);
  });
});
