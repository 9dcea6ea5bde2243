import { describe, expect, it } from 'vitest';
import { escapeXml, sitemapIndexXml, urlsetXml, w3cDate } from './sitemapXml.ts';

describe('sitemap XML', () => {
  it('escapes the five XML entities and drops characters XML cannot hold', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('ok\u0000\u0007\uFFFEtab\there')).toBe('oktab\there');
    expect(escapeXml('lone \uD800 surrogate, pair 😀')).toBe('lone  surrogate, pair 😀');
  });

  it('writes a urlset with escaped locations and second-precision UTC lastmods', () => {
    const xml = urlsetXml([
      { loc: 'https://x.test/a?b=1&c=<2>', lastmod: new Date('2026-01-02T03:04:05.678Z') },
      { loc: 'https://x.test/b' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://x.test/a?b=1&amp;c=&lt;2&gt;</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>',
        '<url><loc>https://x.test/b</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(w3cDate(new Date(Date.UTC(2026, 11, 31, 23, 59, 59)))).toBe('2026-12-31T23:59:59Z');
  });

  it('writes a sitemap index', () => {
    const xml = sitemapIndexXml([{ loc: 'https://x.test/sitemap-campaigns-1.xml', lastmod: new Date('2026-01-02T00:00:00Z') }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://x.test/sitemap-campaigns-1.xml</loc><lastmod>2026-01-02T00:00:00Z</lastmod></sitemap>');
  });
});
