import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { CAMPAIGN_URI_MAX, CAMPAIGN_URI_PATTERN, RESERVED_CAMPAIGN_URIS } from '../../contract/campaignUri.ts';
import { postUriParams } from '../../contract/post.ts';
import type { AppConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { OG_IMAGE_SIZE, OG_SQUARE_SIZE } from '../domain/campaignImages.ts';
import { CAMPAIGN_CACHE_TOPIC, CampaignService } from '../domain/campaigns.ts';
import { PostService } from '../domain/posts.ts';
import { CreatorProfileService } from '../domain/creatorProfiles.ts';
import { AVATAR_SIZE, BANNER_SIZE, DEFAULT_BANNER_PREVIEW, profileParams } from '../../contract/creatorProfile.ts';
import { CollectionService } from '../domain/collections.ts';
import { collectionUriParams } from '../../contract/collection.ts';
import { articlePageMeta, articlePageOf } from './articlePageMeta.ts';
import { escapeHtml } from './escapeHtml.ts';
import { firstViewHtml, firstViewPreload, pickLocale, readLocaleMessages, ROOT_DIV, type FirstView } from './firstView.ts';
import { publicPageOf } from './publicPages.ts';
import { alternateLinks, campaignStructuredData, canonicalLink, homeStructuredData, jsonLdScript, localizedPath, NOINDEX, requestedLocale, shippedLocales, withHeadTags, withHtmlLang } from './seoHead.ts';

export const SITE_NAME = 'Bingkai';
const DESCRIPTION_MAX = 200;

/** A page whose link preview names a campaign or a post. */
export type PageTarget = { kind: 'campaign'; uri: string } | { kind: 'post'; uri: string } | { kind: 'collection'; uri: string } | { kind: 'profile'; uri: string };

/**
 * The campaign or post a page path shows: /:uri, /:uri/support, /:uri/result, /twibbo/:uri and /p/:uri.
 * Null for every other page, including app routes (their first segment is a reserved campaign URI).
 */
export function pageTargetOf(url: string): PageTarget | null {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').slice(1);
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  const [first = '', second, ...rest] = segments;
  if (rest.length > 0 || first === '') return null;
  if (first === 'p' && second !== undefined) return { kind: 'post', uri: second };
  if (first === 'c' && second !== undefined) return { kind: 'collection', uri: second };
  if (first === 'u' && second !== undefined) return { kind: 'profile', uri: second };
  if (first === 'twibbo' && second !== undefined) return { kind: 'campaign', uri: second };
  if (RESERVED_CAMPAIGN_URIS.has(first)) return null;
  if (second === undefined || second === 'support' || second === 'result') return { kind: 'campaign', uri: first };
  return null;
}

/** What a link preview shows. URLs are as storage gives them (maybe relative); absoluteMeta makes them absolute. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical page, e.g. /merdeka-80. */
  path: string;
  type: 'website' | 'article';
  image: PageImage;
  /**
   * A square variant, listed after image: crawlers that take the first og:image (Facebook, LinkedIn, Slack, Discord)
   * show the wide one; those that show a square thumbnail (WhatsApp is reported to take the last) get this one.
   */
  squareImage?: PageImage;
  /** A campaign's: what its page shows before the app runs (firstView.ts). */
  firstView?: FirstView;
  /** JSON-LD of the page (seoHead.ts), from a function of how relative URLs become absolute. */
  structuredData?: (absolute: (url: string) => string) => unknown;
  /** Reachable by link but kept out of search results (an unlisted campaign). */
  noindex?: boolean;
}

export interface PageImage {
  url: string;
  width?: number;
  height?: number;
}

/** A known target's meta; 'generic' when it exists but must not be named (private campaigns); null when unknown. */
export type PageLookup = PageMeta | 'generic' | null;

function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Where page meta reads campaigns and posts: the same domain reads the API uses, so each query lives once. */
export interface PageSources {
  campaigns: Pick<CampaignService, 'find'>;
  posts: Pick<PostService, 'find'>;
  /** Optional so callers that only render campaigns and posts need not build one. */
  collections?: Pick<CollectionService, 'find'>;
  /** Creator profiles (/u/:username); optional like collections. */
  profiles?: Pick<CreatorProfileService, 'find'>;
}

/** One indexed read per target (campaigns.uri and posts.uri are unique); malformed URIs are not looked up. */
export async function lookupPageMeta(sources: PageSources, target: PageTarget): Promise<PageLookup> {
  if (target.kind === 'collection') return lookupCollectionMeta(sources, target.uri);
  if (target.kind === 'profile') return lookupProfileMeta(sources, target.uri);
  if (target.kind === 'campaign') {
    if (target.uri.length > CAMPAIGN_URI_MAX || !CAMPAIGN_URI_PATTERN.test(target.uri)) return null;
    const entry = await sources.campaigns.find(target.uri);
    if (!entry || entry.hidden) return null;
    const { campaign } = entry;
    if (campaign.visibility === 'private') return 'generic';
    return {
      title: campaign.title,
      description: clip(campaign.description) || `Support “${campaign.title}”: frame your photo on ${SITE_NAME}.`,
      path: `/${campaign.uri}`,
      type: 'website',
      image: { url: campaign.ogImageUrl, ...(entry.hasOgImage ? OG_IMAGE_SIZE : {}) },
      ...(entry.ogSquareImageUrl ? { squareImage: { url: entry.ogSquareImageUrl, width: OG_SQUARE_SIZE, height: OG_SQUARE_SIZE } } : {}),
      firstView: {
        uri: campaign.uri,
        title: campaign.title,
        creator: campaign.creator,
        frames: [...campaign.frames].sort((a, b) => a.position - b.position).map(({ url, width, height }) => ({ url, width, height })),
        firstFrameDisplayUrl: campaign.firstFrameDisplayUrl,
      },
      structuredData: (absolute) => campaignStructuredData({ ...campaign, image: { url: campaign.ogImageUrl, ...(entry.hasOgImage ? OG_IMAGE_SIZE : {}) } }, absolute),
      ...(campaign.visibility === 'unlisted' ? { noindex: true } : {}),
    };
  }
  if (!postUriParams.safeParse({ uri: target.uri }).success) return null;
  const record = await sources.posts.find(target.uri);
  if (!record || record.hidden) return null;
  if (record.campaignVisibility === 'private') return 'generic';
  const { post } = record;
  return {
    title: `${post.author.name} supports “${post.campaign.title}”`,
    description: clip(post.caption) || clip(post.campaign.description) || `${post.author.name} framed their photo for “${post.campaign.title}” on ${SITE_NAME}.`,
    path: `/p/${post.uri}`,
    type: 'article',
    image: { url: post.imageUrl, width: post.width, height: post.height },
  };
}

/** A collection's preview: its cover, else its first public campaign's thumbnail; only public campaigns are named. */
async function lookupCollectionMeta(sources: PageSources, uri: string): Promise<PageLookup> {
  if (!sources.collections || !collectionUriParams.safeParse({ uri }).success) return null;
  const collection = await sources.collections.find(uri);
  if (!collection) return null;
  const image = collection.coverUrl ?? collection.creator.avatarUrl;
  if (!image) return 'generic';
  const count = collection.campaigns.length;
  return {
    title: collection.title,
    description: clip(collection.description) || `${count} ${count === 1 ? 'campaign' : 'campaigns'} collected by ${collection.creator.name} on ${SITE_NAME}.`,
    path: `/c/${collection.uri}`,
    type: 'website',
    image: { url: image, ...(collection.hasCover ? OG_COVER_SIZE : {}) },
  };
}

/**
 * A creator profile's preview: the banner (else the site's default one) and the avatar as the square image. Unknown and
 * suspended usernames are not found (404 page).
 */
async function lookupProfileMeta(sources: PageSources, username: string): Promise<PageLookup> {
  const parsed = profileParams.safeParse({ username });
  if (!sources.profiles || !parsed.success) return null;
  const record = await sources.profiles.find(parsed.data.username);
  if (!record) return null;
  const { profile } = record;
  const { campaigns, supporters } = profile.totals;
  return {
    title: `${profile.name} (@${profile.username})`,
    description:
      clip(profile.bio) ||
      `${profile.name} on ${SITE_NAME}: ${campaigns} ${campaigns === 1 ? 'campaign' : 'campaigns'}, ${supporters} ${supporters === 1 ? 'supporter' : 'supporters'}.`,
    path: `/u/${profile.username}`,
    type: 'website',
    image: profile.bannerUrl ? { url: profile.bannerUrl, ...BANNER_SIZE } : { ...DEFAULT_BANNER_PREVIEW },
    ...(profile.avatarUrl ? { squareImage: { url: profile.avatarUrl, ...AVATAR_SIZE } } : {}),
  };
}

/** What adoptImageUpload makes of a collection cover (server/domain/uploads.ts). */
const OG_COVER_SIZE = { width: 1200, height: 630 } as const;

export { escapeHtml };

type Tag = [attribute: 'name' | 'property', key: string, value: string | number | undefined];

/**
 * The head tags of a page: title, description, Open Graph and Twitter card; every value escaped. Each og:image is
 * followed by its own width and height (Open Graph's structured properties belong to the og:image before them).
 */
export function metaTags(meta: PageMeta, origin: string, locale: string | null = null): string {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  const image = absolute(meta.image.url);
  const imageTags = ({ url, width, height }: PageImage): Tag[] => [
    ['property', 'og:image', absolute(url)],
    ['property', 'og:image:width', width],
    ['property', 'og:image:height', height],
  ];
  const tags: Tag[] = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', meta.type],
    ['property', 'og:url', absolute(meta.path)],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ...imageTags(meta.image),
    ...(meta.squareImage ? imageTags(meta.squareImage) : []),
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', image],
  ];
  const lines = tags.filter(([, , value]) => value !== undefined).map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`);
  // A language's page (?lang=, seoHead.ts) is its own canonical; any other query is not.
  const canonical = `<link rel="canonical" href="${escapeHtml(absolute(localizedPath(meta.path, locale)))}" />`;
  return [`<title>${escapeHtml(`${meta.title} · ${SITE_NAME}`)}</title>`, canonical, ...lines].join('\n    ');
}

/**
 * index.html cut around its <title> (the generic description is dropped), so a page is two string joins.
 * Scripts are untouched: their CSP hashes stay valid.
 */
export function splitIndexHtml(html: string): { before: string; after: string } | null {
  const withoutDescription = html.replace(/[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\n?/i, '');
  const title = /<title>[\s\S]*?<\/title>/i.exec(withoutDescription);
  if (!title) return null;
  return { before: withoutDescription.slice(0, title.index), after: withoutDescription.slice(title.index + title[0].length) };
}

/** Whether a URL is the campaign page itself (/:uri), the one page the first view copies; not its support, result or twibbo pages. */
export function isCampaignPage(url: string, uri: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path === `/${uri}` || path === `/${uri}/`;
}

/**
 * The shell with a campaign page's first view before its app root and the frame's preload in its head. The shell
 * is returned as it was when it has no empty root to put the view before.
 */
export function withFirstView(after: string, view: FirstView, body: string): string {
  const root = after.indexOf(ROOT_DIV);
  const head = after.indexOf('</head>');
  if (root < 0 || head < 0 || head > root) return after;
  return after.slice(0, head) + firstViewPreload(view) + '\n  ' + after.slice(head, root) + body + after.slice(root);
}

/** A Host header value: a name or bracketed IPv6 address, then an optional numeric port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;

/**
 * The absolute origin of links: PUBLIC_URL, else the request's own protocol and host when that host is one of
 * PUBLIC_HOSTS (any port), else '' (links stay relative). The Host header is the caller's to choose: believed
 * unchecked, anyone could make the page point crawlers and caches at a site of their own.
 */
export function originOf(config: Pick<AppConfig, 'publicUrl' | 'publicHosts'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host.toLowerCase();
  const match = HOST_HEADER.exec(host);
  return match && config.publicHosts.includes(match[1]!) ? `${request.protocol}://${host}` : '';
}

export interface RenderedPage {
  statusCode: number;
  html: string;
}

/** Answers an HTML page request (staticSite.ts); null lets the plain index.html through. */
export type PageRenderer = (request: FastifyRequest) => Promise<RenderedPage | null>;

/** How long a lookup is served from memory: link-preview crawlers come in bursts when a link is shared. */
export const PAGE_META_CACHE_MS = 5000;
const PAGE_META_CACHE_ENTRIES = 1000;

/**
 * The renderer of campaign and post pages: index.html with their title and preview tags (and, on a campaign's own
 * page, its first view: firstView.ts); unknown ones get
 * the plain shell with status 404 (the client shows its 404 page); private campaigns get the plain shell.
 */
export function pageMetaRenderer(ctx: AppContext, cacheMs: number = PAGE_META_CACHE_MS): PageRenderer {
  let html: string;
  try {
    html = readFileSync(join(ctx.config.distDir, 'index.html'), 'utf8');
  } catch {
    return async () => null;
  }
  const parts = splitIndexHtml(html);
  // Reads are cached below, so the campaign service keeps no read cache of its own.
  const sources: PageSources = { campaigns: new CampaignService(ctx.database.db, ctx.storage, 0), posts: new PostService(ctx.database.db, ctx.storage), collections: new CollectionService(ctx.database.db, ctx.storage), profiles: new CreatorProfileService(ctx.database.db, ctx.storage) };
  const cache = new Map<string, { expires: number; lookup: Promise<PageLookup> }>();
  // A campaign written on any instance drops its page's lookup here too (the cache bus), not after cacheMs.
  ctx.cacheBus.subscribe(CAMPAIGN_CACHE_TOPIC, (uri) => cache.delete(`campaign:${uri}`));
  const messages = readLocaleMessages(join(ctx.config.distDir, 'locales'));

  function lookup(target: PageTarget): Promise<PageLookup> {
    const key = `${target.kind}:${target.uri}`;
    const now = Date.now();
    const cached = cache.get(key);
    if (cached && cached.expires > now) return cached.lookup;
    cache.delete(key);
    const pending = lookupPageMeta(sources, target);
    if (cache.size >= PAGE_META_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    const entry = { expires: now + cacheMs, lookup: pending };
    if (cacheMs > 0) cache.set(key, entry);
    // Unknown targets are not kept: a campaign published a moment ago must not show as missing.
    const drop = () => {
      if (cache.get(key) === entry) cache.delete(key);
    };
    pending.then((found) => {
      if (found === null) drop();
    }, drop);
    return pending;
  }

  const locales = shippedLocales(messages);

  return async (request) => {
    const target = pageTargetOf(request.url);
    const lang = requestedLocale(request.url, locales);
    // Articles are in memory (domain/articles.ts): no lookup, no cache. Their lists are public pages with a preview.
    const articlePage = articlePageOf(request.url);
    if (articlePage) {
      const meta = articlePageMeta(ctx.articles, articlePage, lang, messages);
      if (!meta) return { statusCode: 404, html };
      if (!parts) return { statusCode: 200, html };
      const origin = originOf(ctx.config, request);
      return { statusCode: 200, html: withHtmlLang(parts.before, lang) + metaTags(meta, origin, lang) + seoTags(meta, origin, locales) + parts.after };
    }
    if (!target) return renderPublicPage(html, request, originOf(ctx.config, request), locales, lang);
    const found = await lookup(target);
    if (found === null) return { statusCode: 404, html };
    if (found === 'generic' || !parts) return { statusCode: 200, html };
    let after = parts.after;
    if (found.firstView && isCampaignPage(request.url, found.firstView.uri)) {
      const locale = lang ?? pickLocale(request.headers['accept-language'], messages);
      after = withFirstView(after, found.firstView, firstViewHtml(found.firstView, messages, locale));
    }
    const origin = originOf(ctx.config, request);
    return { statusCode: 200, html: withHtmlLang(parts.before, lang) + metaTags(found, origin, lang) + seoTags(found, origin, locales) + after };
  };
}

/** A named page's language alternates, its noindex and its JSON-LD (seoHead.ts); the canonical link is metaTags'. */
function seoTags(meta: PageMeta, origin: string, locales: readonly string[]): string {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  const tags = [alternateLinks(origin, meta.path, locales)];
  if (meta.noindex) tags.push(NOINDEX);
  if (meta.structuredData) tags.push(jsonLdScript(meta.structuredData(absolute)));
  return `\n    ${tags.join('\n    ')}`;
}

/**
 * A public page that names nothing (home, explore, pricing…: publicPages.ts): the shell with its canonical link and
 * language alternates, and on the home page the site's JSON-LD (its search box and logo). Null for other pages.
 */
function renderPublicPage(html: string, request: FastifyRequest, origin: string, locales: readonly string[], lang: string | null): RenderedPage | null {
  const page = publicPageOf(request.url);
  if (!page) return null;
  const tags = [canonicalLink(origin, page.path, lang), alternateLinks(origin, page.path, locales)];
  if (page.path === '/') tags.push(jsonLdScript(homeStructuredData(origin, SITE_NAME)));
  return { statusCode: 200, html: withHtmlLang(withHeadTags(html, tags), lang) };
}
