import { exploreParams, exploreQuery, exploreResponse, suggestionsQuery, suggestionsResponse } from '../../contract/search.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { SearchService } from '../domain/search.ts';

/** GET /search/suggestions and GET /explore/:tab (contract/search.ts); no account needed. */
export function searchRoutes(app: ZodApp, ctx: AppContext): void {
  const search = new SearchService(ctx.database.db, ctx.storage);

  app.get('/search/suggestions', { schema: { querystring: suggestionsQuery, response: { 200: suggestionsResponse } } }, async (request) => ({
    data: await search.suggest(request.query.q),
  }));

  app.get('/explore/:tab', { schema: { params: exploreParams, querystring: exploreQuery, response: { 200: exploreResponse } } }, async (request) => ({
    data: await search.explore(request.params.tab, request.query),
  }));
}
