import { statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../context.ts';
import { SitemapService, sitemapSections } from '../domain/sitemap.ts';
import { DomainError } from '../domainError.ts';
import { originOf } from '../http/pageMeta.ts';
import { PUBLIC_PAGES, robotsTxt } from '../http/publicPages.ts';
import { sitemapIndexXml, urlsetXml, type SitemapLoc } from '../http/sitemapXml.ts';

/** Crawlers come back daily at most; a shared cache may keep a sitemap a while. */
const SITEMAP_CACHE = 'public, max-age=900';
const ROBOTS_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** The static pages' sitemap: `pages` is not a section of the database, it has one page. */
const PAGES = 'pages';

const sitemapParams = z.object({
  section: z.enum([PAGES, ...sitemapSections]),
  page: z.coerce.number().int().min(1).max(100_000),
});

/**
 * /robots.txt, /sitemap.xml (a sitemap index) and its pages /sitemap-{section}-{page}.xml (docs/SEO.md). Paths
 * with a dot: no campaign link can have one, so none of them can hide a campaign's page.
 */
export function sitemapRoutes(app: ZodApp, ctx: AppContext): void {
  const sitemap = new SitemapService(ctx.database.db, ctx.config.sitemapPageSize);
  // The static pages change when the app is deployed: the build's time, else the server's start.
  const built = buildTime(ctx.config.distDir) ?? new Date(ctx.startedAt);

  /** The public origin of absolute URLs; a sitemap without one would be invalid, so there is none. */
  const requireOrigin = (request: Parameters<typeof originOf>[1]): string => {
    const origin = originOf(ctx.config, request);
    if (!origin) throw new DomainError('NOT_FOUND', 'No sitemap without a public origin: set PUBLIC_URL (or PUBLIC_HOSTS)');
    return origin;
  };

  app.get('/robots.txt', async (request, reply) =>
    reply.header('cache-control', ROBOTS_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(originOf(ctx.config, request))),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = requireOrigin(request);
    const [pages, newest] = await Promise.all([sitemap.pages(), sitemap.newestCampaignChange()]);
    const entries: SitemapLoc[] = [
      { loc: `${origin}/sitemap-${PAGES}-1.xml`, lastmod: latest(built, newest) },
      ...pages.map(({ section, page, lastmod }) => ({ loc: `${origin}/sitemap-${section}-${page}.xml`, lastmod })),
    ];
    return reply.header('cache-control', SITEMAP_CACHE).type(XML).send(sitemapIndexXml(entries));
  });

  app.get('/sitemap-:section-:page.xml', async (request, reply) => {
    const parsed = sitemapParams.safeParse(request.params);
    if (!parsed.success) throw new DomainError('NOT_FOUND', 'No such sitemap');
    const { section, page } = parsed.data;
    const origin = requireOrigin(request);
    let urls: SitemapLoc[];
    if (section === PAGES) {
      if (page !== 1) throw new DomainError('NOT_FOUND', 'No such sitemap');
      const newest = await sitemap.newestCampaignChange();
      urls = PUBLIC_PAGES.map(({ path, live }) => ({ loc: `${origin}${path}`, lastmod: live ? latest(built, newest) : built }));
      // Articles (docs/CONTENT.md) ship with the code: each one's page, dated by its newest translation.
      urls.push(...ctx.articles.pages().map(({ path, lastmod }) => ({ loc: `${origin}${path}`, lastmod })));
    } else {
      const found = await sitemap.page(section, page);
      if (!found) throw new DomainError('NOT_FOUND', 'No such sitemap');
      urls = found.map(({ path, lastmod }) => ({ loc: `${origin}${path}`, lastmod }));
    }
    return reply.header('cache-control', SITEMAP_CACHE).type(XML).send(urlsetXml(urls));
  });
}

function latest(a: Date, b: Date | null): Date {
  return b && b > a ? b : a;
}

function buildTime(distDir: string): Date | null {
  try {
    return statSync(join(distDir, 'index.html')).mtime;
  } catch {
    return null;
  }
}
