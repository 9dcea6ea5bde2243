import { ORGANIZATION_LOGO } from '../../contract/brandAssets.ts';
import { toBcp47 } from '../../contract/locales.ts';
import { escapeHtml } from './escapeHtml.ts';

/**
 * What a public page's HTML tells search engines besides its preview tags (docs/SEO.md): its canonical URL, the same
 * page in each shipped language and structured data (JSON-LD).
 *
 * A language is picked by URL with `?lang={code}` (a code of a file in locales/); the app honours it on load
 * (src/lib/i18n/guessLocale.ts) and so does the server's first view. The bare URL is x-default: it shows the
 * visitor's own language. Each language's URL is its own canonical, so the alternates are not folded into one.
 */

export const LANG_PARAM = 'lang';

/** The shipped locales (one messages file each), sorted: the first view's messages map holds exactly them. */
export function shippedLocales(messages: { keys(): Iterable<string> }): string[] {
  return [...messages.keys()].sort();
}

/** The shipped locale a URL's `?lang=` names (any case, `_` or `-`), else null. */
export function requestedLocale(url: string, locales: readonly string[]): string | null {
  const query = url.split('#', 1)[0]!.split('?', 2)[1];
  if (query === undefined) return null;
  const value = new URLSearchParams(query).get(LANG_PARAM);
  if (!value) return null;
  const wanted = value.trim().toLowerCase().replace(/_/g, '-');
  return locales.find((code) => code.toLowerCase().replace(/_/g, '-') === wanted) ?? null;
}

/** A page's path in one language: `?lang=` with the locale's code, or the bare path. */
export function localizedPath(path: string, locale: string | null): string {
  return locale ? `${path}?${LANG_PARAM}=${encodeURIComponent(locale)}` : path;
}


export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** `<link rel="canonical">` of a page (the path as given, with `?lang=` when the request named one; nothing else of the query). */
export function canonicalLink(origin: string, path: string, locale: string | null): string {
  return `<link rel="canonical" href="${escapeHtml(absoluteUrl(origin, localizedPath(path, locale)))}" />`;
}

/** One `<link rel="alternate" hreflang>` per shipped locale, and x-default for the bare path. */
export function alternateLinks(origin: string, path: string, locales: readonly string[]): string {
  const link = (hreflang: string, href: string) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(absoluteUrl(origin, href))}" />`;
  return [...locales.map((code) => link(toBcp47(code), localizedPath(path, code))), link('x-default', path)].join('\n    ');
}

/** JSON.stringify for inside <script>: `<`, `>`, `&` and the JavaScript line separators as \u escapes, so no text closes the element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A JSON-LD block: data, not a script, so the CSP's script hashes do not concern it. */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

export const NOINDEX = '<meta name="robots" content="noindex" />';


/** The home page's structured data: the site with its search box, and the organisation with its logo. */
export function homeStructuredData(origin: string, siteName: string): unknown {
  const url = absoluteUrl(origin, '/');
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        name: siteName,
        url,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(origin, '/explore/campaign')}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      { '@type': 'Organization', name: siteName, url, logo: absoluteUrl(origin, ORGANIZATION_LOGO) },
    ],
  };
}

export interface CampaignFacts {
  uri: string;
  title: string;
  description: string;
  createdAt: string;
  supportersCount: number;
  tags: readonly string[];
  creator: { username: string; name: string };
  image: { url: string; width?: number; height?: number };
}

/** A campaign page's structured data: the frame campaign as a creative work by its creator, with its supporters. */
export function campaignStructuredData(campaign: CampaignFacts, absolute: (url: string) => string): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: campaign.title,
    ...(campaign.description ? { description: campaign.description } : {}),
    url: absolute(`/${campaign.uri}`),
    dateCreated: campaign.createdAt,
    ...(campaign.tags.length > 0 ? { keywords: campaign.tags.join(', ') } : {}),
    image: { '@type': 'ImageObject', url: absolute(campaign.image.url), ...(campaign.image.width ? { width: campaign.image.width, height: campaign.image.height } : {}) },
    creator: { '@type': 'Person', name: campaign.creator.name, url: absolute(`/u/${campaign.creator.username}`) },
    interactionStatistic: {
      '@type': 'InteractionCounter',
      name: 'supporters',
      interactionType: 'https://schema.org/InteractAction',
      userInteractionCount: campaign.supportersCount,
    },
  };
}

/** Tags put at the end of the shell's head, each on its own line; the shell unchanged when there are none. */
export function withHeadTags(html: string, tags: readonly string[]): string {
  const head = html.indexOf('</head>');
  if (head < 0 || tags.length === 0) return html;
  // Before the whitespace that precedes </head>, so the shell's own layout stays as it was around them.
  const at = html.slice(0, head).trimEnd().length;
  return `${html.slice(0, at)}${tags.map((tag) => `\n    ${tag}`).join('')}${html.slice(at)}`;
}

/** The shell's <html lang> set to a locale (the app sets it again on load). */
export function withHtmlLang(html: string, locale: string | null): string {
  return locale ? html.replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(toBcp47(locale))}"`) : html;
}
