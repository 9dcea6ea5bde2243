import { articleKindParams, articleListQuery, articleListResponse, articleLocaleQuery, articleParams, articleResponse } from '../../contract/article.ts';
import type { AppContext, ZodApp } from '../context.ts';

/** The blog, use cases and testimonials (contract/article.ts): read from memory, parsed once at the server's start. */
export function articleRoutes(app: ZodApp, ctx: AppContext): void {
  app.get('/articles/:kind', { schema: { params: articleKindParams, querystring: articleListQuery, response: { 200: articleListResponse } } }, async (request) => {
    const { locale, page, limit } = request.query;
    return { data: ctx.articles.list(request.params.kind, locale, page, limit) };
  });

  app.get('/articles/:kind/:ref', { schema: { params: articleParams, querystring: articleLocaleQuery, response: { 200: articleResponse } } }, async (request) => {
    return { data: ctx.articles.find(request.params.kind, request.params.ref, request.query.locale) };
  });
}
