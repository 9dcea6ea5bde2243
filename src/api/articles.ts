import type { Article, ArticleKind, ArticleList } from '../../contract/article.ts';
import { callRoute } from './callRoute.ts';

/** A page of a kind's articles, newest first, in `locale` where written and in English where not. */
export async function fetchArticles(kind: ArticleKind, page: number, limit: number, locale: string, signal?: AbortSignal): Promise<ArticleList> {
  return (await callRoute('GET /articles/:kind', { params: { kind }, query: { page, limit, locale }, signal })).data;
}

/** One article: by slug, or by id on the blog (contract/article.ts); 404 NOT_FOUND when there is none. */
export async function fetchArticle(kind: ArticleKind, ref: string, locale: string, signal?: AbortSignal): Promise<Article> {
  return (await callRoute('GET /articles/:kind/:ref', { params: { kind, ref }, query: { locale }, signal })).data;
}
