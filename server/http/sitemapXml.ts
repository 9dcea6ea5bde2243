/** The sitemaps.org XML of /sitemap.xml (an index) and its pages; every value escaped for XML. */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Characters XML 1.0 refuses anywhere, even escaped (control characters but tab, newline and return; lone surrogates). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute value as XML: the five entities escaped, characters XML cannot hold dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** W3C datetime as the protocol wants it, to the second in UTC. */
export function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export interface SitemapLoc {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date | null;
}

function entry(tag: 'url' | 'sitemap', { loc, lastmod }: SitemapLoc): string {
  const modified = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}</${tag}>`;
}

/** A <urlset>: one sitemap page. */
export function urlsetXml(urls: Iterable<SitemapLoc>): string {
  const lines = [XML_HEAD, `<urlset xmlns="${NAMESPACE}">`];
  for (const url of urls) lines.push(entry('url', url));
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** A <sitemapindex>: the sitemap pages. */
export function sitemapIndexXml(sitemaps: Iterable<SitemapLoc>): string {
  const lines = [XML_HEAD, `<sitemapindex xmlns="${NAMESPACE}">`];
  for (const sitemap of sitemaps) lines.push(entry('sitemap', sitemap));
  lines.push('</sitemapindex>', '');
  return lines.join('\n');
}
