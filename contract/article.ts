/**
 * Articles: the blog, use cases and testimonials, written as Markdown files in content/ (docs/CONTENT.md) and read
 * by the server once at start (server/domain/articles.ts). Under /api/v2, signed:
 *
 *   GET /articles/:kind?page&limit&locale  → { data: { items: ArticleSummary[], page, limit, total } }  newest first
 *   GET /articles/:kind/:ref?locale        → { data: Article }   404 when unknown
 *
 * `ref` is the article's slug, except on the blog, whose pages are /blog/{id}/{slug}: there it is the post's id, so
 * a link keeps working when the slug is reworded. Articles are written in ARTICLE_LOCALES; any other locale (and a
 * slug without a translation) is answered in English, and `locale` says which one the text is in.
 */
import { z } from 'zod';

export const articleKinds = ['blog', 'use-cases', 'testimonials'] as const;
export type ArticleKind = (typeof articleKinds)[number];

/** The locales articles are written in; the first is every article's fallback. */
export const ARTICLE_LOCALES = ['en', 'id'] as const;
export type ArticleLocale = (typeof ARTICLE_LOCALES)[number];
export const ARTICLE_FALLBACK_LOCALE: ArticleLocale = 'en';

export const ARTICLE_PAGE_SIZE_DEFAULT = 10;
export const ARTICLE_PAGE_SIZE_MAX = 50;

/** A slug: lower-case words joined by hyphens (the file name before its locale). */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Covers are the repository's own images (public/images/articles/), never a URL elsewhere. */
/** Every cover's size: the link-preview size (scripts/buildArticleCovers.ts draws them). */
export const ARTICLE_COVER_SIZE = { width: 1200, height: 630 } as const;
export const ARTICLE_COVER_PATTERN = /^\/images\/articles\/[a-z0-9-]+\.(?:jpg|png|webp)$/;

/** The front matter every article file starts with (between `---` lines); unknown keys are refused. */
export const articleFrontMatter = z.strictObject({
  title: z.string().trim().min(3).max(120),
  summary: z.string().trim().min(20).max(300),
  cover: z.string().regex(ARTICLE_COVER_PATTERN, 'cover must be a path under /images/articles/ ending in .jpg, .png or .webp'),
  coverAlt: z.string().trim().min(3).max(200),
  author: z.string().trim().min(2).max(120),
  /** Publication day, YYYY-MM-DD (a YAML date is accepted too). */
  date: z.union([z.iso.date(), z.date().transform((d) => d.toISOString().slice(0, 10))]),
  locale: z.enum(ARTICLE_LOCALES),
  /** Blog posts only (required there): the stable number in /blog/{id}/{slug}, the same in every locale. */
  id: z.number().int().positive().max(1_000_000).optional(),
});
export type ArticleFrontMatter = z.infer<typeof articleFrontMatter>;

export const articleKindParams = z.object({ kind: z.enum(articleKinds) });
export const articleParams = z.object({
  kind: z.enum(articleKinds),
  ref: z.string().min(1).max(100),
});
export const articleLocaleQuery = z.object({ locale: z.string().max(10).optional() });
export const articleListQuery = articleLocaleQuery.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(ARTICLE_PAGE_SIZE_MAX).default(ARTICLE_PAGE_SIZE_DEFAULT),
});
export type ArticleListQuery = z.input<typeof articleListQuery>;

export const articleSummary = z.object({
  kind: z.enum(articleKinds),
  slug: z.string(),
  /** The page that shows it: /blog/{id}/{slug}, /use-cases/{slug} or /testimonials/{slug}. */
  path: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  coverAlt: z.string(),
  author: z.string(),
  date: z.iso.date(),
  /** The language of the text: the asked locale, else the fallback's. */
  locale: z.enum(ARTICLE_LOCALES),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const article = articleSummary.extend({
  /** The body as HTML made by the server's Markdown parser with raw HTML off (docs/CONTENT.md: what it lets through). */
  html: z.string(),
});
export type Article = z.infer<typeof article>;

export const articleListResponse = z.object({
  data: z.object({ items: z.array(articleSummary), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export type ArticleList = z.infer<typeof articleListResponse>['data'];
export const articleResponse = z.object({ data: article });

/** The page path of an article. */
export function articlePath(kind: ArticleKind, slug: string, id?: number): string {
  return kind === 'blog' ? `/blog/${id ?? 0}/${slug}` : `/${kind}/${slug}`;
}
