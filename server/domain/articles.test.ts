import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTICLE_LOCALES, articleKinds, type ArticleKind } from '../../contract/article.ts';
import { DomainError } from '../domainError.ts';
import { markdownWordCount } from './articleMarkdown.ts';
import { CONTENT_DIR } from '../contentDir.ts';
import { articleLocaleOf, loadArticles } from './articles.ts';

const HOSTILE_DIR = fileURLToPath(new URL('../testing/articles/', import.meta.url));

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Fixture {
  kind?: ArticleKind;
  slug: string;
  locale?: string;
  front?: Record<string, string | number>;
  body?: string;
}

/** A content folder holding these articles (valid unless a fixture says otherwise). */
function contentWith(fixtures: Fixture[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'articles-'));
  dirs.push(dir);
  for (const { kind = 'use-cases', slug, locale = 'en', front = {}, body = 'Some words about frames.\n' } of fixtures) {
    const meta: Record<string, string | number> = {
      title: `Title of ${slug} (${locale})`,
      summary: `A summary of ${slug} long enough to pass.`,
      cover: '/images/articles/use-cases-schools.jpg',
      coverAlt: 'A cover',
      author: 'Someone',
      date: '2026-01-01',
      locale,
      ...front,
    };
    const yaml = Object.entries(meta)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : value}`)
      .join('\n');
    mkdirSync(join(dir, kind), { recursive: true });
    writeFileSync(join(dir, kind, `${slug}.${locale}.md`), `---\n${yaml}\n---\n\n${body}`);
  }
  return dir;
}

describe('the repository’s articles', () => {
  const library = loadArticles();

  it.each(articleKinds)('%s: at least six, each in every article locale, 150–500 words, newest first', (kind) => {
    const list = library.list(kind, 'en', 1, 50);
    expect(list.total).toBeGreaterThanOrEqual(6);
    const dates = list.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const item of list.items) {
      for (const locale of ARTICLE_LOCALES) {
        const file = join(CONTENT_DIR, kind, `${item.slug}.${locale}.md`);
        const body = readFileSync(file, 'utf8').split(/^---$/m)[2] ?? '';
        const words = markdownWordCount(body);
        expect(words, file).toBeGreaterThanOrEqual(150);
        expect(words, file).toBeLessThanOrEqual(500);
      }
      expect(library.list(kind, 'id', 1, 50).items.find((other) => other.slug === item.slug)?.locale).toBe('id');
    }
  });
});

describe('loading articles', () => {
  it('lists newest first, a page at a time, and counts them all', () => {
    const dir = contentWith([
      { slug: 'old', front: { date: '2025-01-01' } },
      { slug: 'new', front: { date: '2026-03-01' } },
      { slug: 'mid-b', front: { date: '2025-06-01' } },
      { slug: 'mid-a', front: { date: '2025-06-01' } },
    ]);
    const library = loadArticles(dir);
    const first = library.list('use-cases', 'en', 1, 3);
    expect(first.items.map((item) => item.slug)).toEqual(['new', 'mid-a', 'mid-b']);
    expect([first.page, first.limit, first.total]).toEqual([1, 3, 4]);
    expect(library.list('use-cases', 'en', 2, 3).items.map((item) => item.slug)).toEqual(['old']);
    expect(library.list('use-cases', 'en', 3, 3).items).toEqual([]);
    expect(library.list('testimonials', 'en', 1, 3)).toEqual({ items: [], page: 1, limit: 3, total: 0 });
    expect(first.items[0]).toMatchObject({ kind: 'use-cases', path: '/use-cases/new', title: 'Title of new (en)', date: '2026-03-01', locale: 'en' });
    expect(first.items[0]).not.toHaveProperty('html');
  });

  it('answers in the asked locale where written, else in English', () => {
    const dir = contentWith([
      { slug: 'both', locale: 'en' },
      { slug: 'both', locale: 'id', body: 'Kata-kata tentang bingkai.\n' },
      { slug: 'english-only', locale: 'en' },
    ]);
    const library = loadArticles(dir);
    const locales = (locale: string | undefined) => library.list('use-cases', locale, 1, 10).items.map((item) => `${item.slug}:${item.locale}`);
    expect(locales('id')).toEqual(['both:id', 'english-only:en']);
    expect(locales('id-ID')).toEqual(['both:id', 'english-only:en']);
    expect(locales('fr')).toEqual(['both:en', 'english-only:en']);
    expect(locales(undefined)).toEqual(['both:en', 'english-only:en']);
    expect(library.find('use-cases', 'both', 'id')).toMatchObject({ locale: 'id', title: 'Title of both (id)', html: '<p>Kata-kata tentang bingkai.</p>\n' });
    expect(library.find('use-cases', 'english-only', 'id').locale).toBe('en');
    expect([articleLocaleOf('ID'), articleLocaleOf('en_GB'), articleLocaleOf('ar'), articleLocaleOf('')]).toEqual(['id', 'en', 'en', 'en']);
  });

  it('finds a blog post by its id and names it /blog/{id}/{slug}; an unknown one is NOT_FOUND', () => {
    const dir = contentWith([
      { kind: 'blog', slug: 'first-post', front: { id: 7 } },
      { kind: 'blog', slug: 'first-post', locale: 'id', front: { id: 7 } },
    ]);
    const library = loadArticles(dir);
    expect(library.find('blog', '7', 'en')).toMatchObject({ slug: 'first-post', path: '/blog/7/first-post' });
    expect(library.find('blog', '7', 'en')).not.toHaveProperty('id');
    const missing = [() => library.find('blog', 'first-post', 'en'), () => library.find('blog', '8', 'en'), () => library.find('use-cases', 'first-post', 'en')];
    for (const find of missing) expect(find).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }) as DomainError);
    expect(library.pages()).toEqual([{ path: '/blog/7/first-post', lastmod: new Date('2026-01-01T00:00:00Z') }]);
  });

  it.each<[string, Fixture[], RegExp]>([
    ['a missing title', [{ slug: 'a', front: { title: '' } }], /use-cases\/a\.en\.md: title/],
    ['an unknown key', [{ slug: 'a', front: { tags: 'x' } }], /a\.en\.md: .*tags/],
    ['a cover from elsewhere', [{ slug: 'a', front: { cover: 'https://evil.example/x.jpg' } }], /a\.en\.md: cover/],
    ['a bad date', [{ slug: 'a', front: { date: '1 January 2026' } }], /a\.en\.md: date/],
    ['a locale the file name contradicts', [{ slug: 'a', locale: 'id', front: { locale: 'en' } }], /a\.id\.md: locale en differs/],
    ['a locale articles are not written in', [{ slug: 'a', locale: 'fr' }], /a\.fr\.md: locale/],
    ['a blog post without an id', [{ kind: 'blog', slug: 'a' }], /blog\/a\.en\.md: a blog post needs a numeric id/],
    ['a use case with an id', [{ slug: 'a', front: { id: 3 } }], /a\.en\.md: only blog posts have an id/],
    ['an id used twice', [{ kind: 'blog', slug: 'a', front: { id: 3 } }, { kind: 'blog', slug: 'b', front: { id: 3 } }], /blog\/b\.en\.md: id 3 is blog\/a's already/],
    ['translations with different ids', [{ kind: 'blog', slug: 'a', front: { id: 3 } }, { kind: 'blog', slug: 'a', locale: 'id', front: { id: 4 } }], /a\.id\.md: its id 4 differs/],
    ['a translation without English', [{ slug: 'a', locale: 'id' }], /a\.id\.md: there is no en version/],
    ['a level-1 heading', [{ slug: 'a', body: '# Title again\n\nText.\n' }], /a\.en\.md: the body must not have a level-1 heading/],
    ['a bad slug', [{ slug: 'Not_A_Slug' }], /Not_A_Slug\.en\.md: the slug/],
  ])('refuses %s, naming the file', (_case, fixtures, message) => {
    const dir = contentWith(fixtures);
    expect(() => loadArticles(dir)).toThrow(message);
  });

  it('refuses a file without front matter or with broken YAML, naming it', () => {
    const dir = contentWith([]);
    mkdirSync(join(dir, 'testimonials'));
    writeFileSync(join(dir, 'testimonials', 'plain.en.md'), 'Just text.\n');
    expect(() => loadArticles(dir)).toThrow(/content\/testimonials\/plain\.en\.md: it must start with front matter/);
    writeFileSync(join(dir, 'testimonials', 'plain.en.md'), '---\ntitle: a: b: c\n---\nText\n');
    expect(() => loadArticles(dir)).toThrow(/plain\.en\.md: the front matter is not valid YAML/);
  });
});

describe('a hostile article', () => {
  const html = loadArticles(HOSTILE_DIR).find('blog', '999', 'en').html;
  const fragment = tagsOf(html);

  it('runs nothing: raw HTML is text, no tag carries an event handler', () => {
    expect(html).not.toMatch(/<(script|iframe|img src="x"|b |a href="javascript)/i);
    expect(fragment.tags()).toEqual(expect.not.arrayContaining(['script', 'iframe', 'b']));
    expect(fragment.attributes().filter((name) => name.startsWith('on'))).toEqual([]);
    // Shown, escaped, as the author typed it.
    expect(html).toMatch(/<p>&lt;script&gt;alert\(.script.\)&lt;\/script&gt;<\/p>/);
    expect(html).toContain('&lt;iframe src=');
  });

  it('links only to http(s), site paths and anchors', () => {
    expect(fragment.values('href')).toEqual(['https://bingkai.app/explore', '/what-is-a-twibbon', '#top', 'https://autolink.example']);
  });

  it('shows only the site’s own images, the others as their alt text', () => {
    expect(fragment.values('src')).toEqual(['/images/articles/blog-twibbon-campaign-checklist.jpg']);
    expect(html).toContain('an outside image');
    expect(html).not.toContain('evil.example/track.png"');
  });
});

/** The tags and attributes of an HTML fragment, read with a plain scanner (the server has no DOM). */
function tagsOf(html: string) {
  const tags = [...html.matchAll(/<([a-z][a-z0-9]*)([^>]*)>/gi)];
  const attributes = tags.flatMap(([, , attrs]) => [...(attrs ?? '').matchAll(/([a-z-]+)="([^"]*)"/gi)]);
  return {
    tags: () => tags.map(([, name]) => name!.toLowerCase()),
    attributes: () => attributes.map(([, name]) => name!.toLowerCase()),
    values: (name: string) => attributes.filter(([, key]) => key === name).map(([, , value]) => value!),
  };
}
