import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTICLE_COVER_SIZE, articleKinds } from '../contract/article.ts';
import { loadArticles } from '../server/domain/articles.ts';
import { COVER_PALETTES, coverPalette, coverSvg } from './buildArticleCovers.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));
const library = loadArticles();
const articles = articleKinds.flatMap((kind) => [library.list(kind, 'en', 1, 50).items, library.list(kind, 'id', 1, 50).items].flat());

describe('article covers', () => {
  it('are committed 1200×630 JPEGs under 60 KB, one for each cover an article names', async () => {
    const covers = new Set(articles.map((article) => article.cover));
    expect(covers.size).toBeGreaterThanOrEqual(18);
    for (const cover of covers) {
      const file = `${PUBLIC_DIR}${cover.slice(1)}`;
      expect(statSync(file).size, cover).toBeLessThan(60 * 1024);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], cover).toEqual(['jpeg', ARTICLE_COVER_SIZE.width, ARTICLE_COVER_SIZE.height]);
    }
    const used = new Set([...covers].map((cover) => cover.split('/').at(-1)));
    expect(readdirSync(`${PUBLIC_DIR}images/articles`).filter((file) => !used.has(file))).toEqual([]);
  });

  it('each have alt text naming the colour they are drawn in', () => {
    const colours: Record<string, string> = { teal: 'hijau toska', 'deep blue': 'biru tua', orange: 'jingga', violet: 'ungu', green: 'hijau', rose: 'merah muda', amber: 'kuning keemasan', red: 'merah', 'sky blue': 'biru langit' };
    expect(Object.keys(colours).sort()).toEqual(COVER_PALETTES.map((palette) => palette.name).sort());
    for (const article of articles) {
      const { name } = coverPalette(article.cover);
      expect(article.coverAlt, `${article.path} (${article.locale})`).toMatch(new RegExp(`\\b${article.locale === 'id' ? colours[name] : name}\\b`));
    }
  });

  it('are drawn from an SVG sharp can read, different for each cover', async () => {
    const svg = coverSvg('/images/articles/blog-example.jpg');
    expect(svg).not.toBe(coverSvg('/images/articles/blog-other.jpg'));
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.width, meta.height]).toEqual([ARTICLE_COVER_SIZE.width, ARTICLE_COVER_SIZE.height]);
  });
});
