/**
 * The app's public pages that are not a campaign, a collection, a profile or a post (src/app/routeTable.ts): what
 * the sitemap lists besides those and what gets a canonical link and language alternates (seoHead.ts). Pages behind
 * an account, checkout, one-time links and system pages are not here; robots.txt keeps crawlers off them.
 */
export interface PublicPage {
  path: string;
  /** Shows public campaigns (home, explore, leaderboard…): its lastmod is the newest campaign change, not the build's. */
  live?: boolean;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', live: true },
  { path: '/explore', live: true },
  { path: '/explore/campaign', live: true },
  { path: '/explore/collection', live: true },
  { path: '/explore/creator', live: true },
  { path: '/leaderboard', live: true },
  { path: '/for-creators', live: true },
  { path: '/what-is-a-twibbon' },
  { path: '/pricing' },
  { path: '/pricing/supporters' },
  { path: '/pricing/creators' },
  { path: '/use-cases' },
  { path: '/testimonials' },
  { path: '/blog' },
  { path: '/about' },
  { path: '/about/personnel' },
  { path: '/contact-us' },
  { path: '/media-assets' },
  { path: '/site-map' },
  { path: '/terms' },
  { path: '/privacy-policy' },
  { path: '/cookie-policy' },
  { path: '/csae' },
];

const byPath = new Map(PUBLIC_PAGES.map((page) => [page.path, page]));

/** The public page a request URL shows (query, fragment and a trailing slash ignored); null for any other. */
export function publicPageOf(url: string): PublicPage | null {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return byPath.get(trimmed) ?? null;
}

/**
 * robots.txt: everything public may be crawled; account, checkout, one-time-link, editing and test pages, the API
 * and a campaign's support and result pages (a supporter's own step, the same campaign again) may not. `$` ends a
 * rule at the path's end (Google, Bing), so /profile does not also shut out a campaign whose link starts with it.
 */
export const ROBOTS_DISALLOW: readonly string[] = [
  '/api/',
  '/files/private/',
  '/profile$',
  '/profile/',
  '/campaign/',
  '/create/',
  '/checkout$',
  '/checkout/',
  '/invoice/',
  '/credits$',
  '/notifications$',
  '/verification$',
  '/forgot-password$',
  '/reset-password$',
  '/reset-email/',
  '/unsubscribe$',
  '/delete-account/',
  '/appeal$',
  '/apply-monetization$',
  '/maintenance$',
  '/coming-soon$',
  '/test/',
  '/403$',
  '/404$',
  '/*/support$',
  '/*/result$',
];

/** The text of /robots.txt; the Sitemap line only with an absolute origin (the protocol wants a full URL). */
export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`)];
  if (origin) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
