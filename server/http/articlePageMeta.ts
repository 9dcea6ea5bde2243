import { ARTICLE_COVER_SIZE, articleKinds, type Article, type ArticleKind } from '../../contract/article.ts';
import type { ArticleLibrary } from '../domain/articles.ts';
import { DomainError } from '../domainError.ts';
import { message, type LocaleMessages } from './firstView.ts';

/** What pageMeta.ts's PageMeta needs of an article page (not imported from there: pageMeta.ts imports this file). */
export interface ArticleMeta {
  title: string;
  description: string;
  path: string;
  type: 'website' | 'article';
  image: { url: string; width?: number; height?: number };
  structuredData?: (absolute: (url: string) => string) => unknown;
}

/** An article page (/blog/{id}/{slug}, /use-cases/{slug}, /testimonials/{slug}) or a kind's list (/blog…); ref absent on a list. */
export interface ArticlePage {
  kind: ArticleKind;
  ref?: string;
}

const KINDS: ReadonlySet<string> = new Set(articleKinds);

/** The article page a URL shows (query, fragment and a trailing slash ignored); null for any other. */
export function articlePageOf(url: string): ArticlePage | null {
  const path = (url.split(/[?#]/, 1)[0] ?? '').replace(/(.)\/+$/, '$1');
  const [, first = '', ...rest] = path.split('/');
  if (!KINDS.has(first)) return null;
  const kind = first as ArticleKind;
  if (rest.length === 0) return { kind };
  // The blog's slug only reads well: the id finds the post, and the canonical link names its real slug.
  if (kind === 'blog' ? rest.length === 2 && /^\d+$/.test(rest[0]!) && rest[1] !== '' : rest.length === 1 && rest[0] !== '') return { kind, ref: rest[0]! };
  return null;
}

/**
 * The link preview of an article page: its title, summary and cover, as an article with its JSON-LD; a list's from
 * the app's own words (locales/*.json pages.{kind}, as the list page shows them) with the newest article's cover. Null for an unknown article.
 * Text is in the page's language where articles are written in it, else in English (contract/article.ts).
 */
export function articlePageMeta(library: ArticleLibrary, page: ArticlePage, locale: string | null, messages: Map<string, LocaleMessages>): ArticleMeta | null {
  const lang = locale ?? undefined;
  if (page.ref === undefined) {
    const [newest] = library.list(page.kind, lang, 1, 1).items;
    return {
      title: message(messages, locale ?? 'en', `pages.${page.kind}.title`, { kind: page.kind }),
      description: message(messages, locale ?? 'en', `pages.${page.kind}.description`, { kind: page.kind }),
      path: `/${page.kind}`,
      type: 'website',
      image: newest ? { url: newest.cover, ...ARTICLE_COVER_SIZE } : { url: '/images/default-banner.jpg' },
    };
  }
  let article: Article;
  try {
    article = library.find(page.kind, page.ref, lang);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  return {
    title: article.title,
    description: article.summary,
    path: article.path,
    type: 'article',
    image: { url: article.cover, ...ARTICLE_COVER_SIZE },
    structuredData: (absolute) => ({
      '@context': 'https://schema.org',
      '@type': article.kind === 'blog' ? 'BlogPosting' : 'Article',
      headline: article.title,
      description: article.summary,
      image: absolute(article.cover),
      datePublished: article.date,
      inLanguage: article.locale,
      author: { '@type': article.kind === 'testimonials' ? 'Person' : 'Organization', name: article.author },
      mainEntityOfPage: absolute(article.path),
    }),
  };
}
