import type { ExploreQuery, ExploreResult, ExploreTab, Suggestions } from '../../contract/search.ts';
import { callRoute } from './callRoute.ts';

/** A few campaigns, creators and collections for the search box (GET /search/suggestions). */
export async function fetchSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return (await callRoute('GET /search/suggestions', { query: { q }, signal })).data;
}

/** One explore page (GET /explore/:tab); parameters left undefined are not sent. */
export async function fetchExplore(tab: ExploreTab, query: ExploreQuery, signal?: AbortSignal): Promise<ExploreResult> {
  const { q, sort, category, country, page } = query;
  const sent = { q: q || undefined, sort: sort || undefined, category: category || undefined, country: country || undefined, page: typeof page === 'number' && page > 1 ? page : undefined };
  return (await callRoute('GET /explore/:tab', { params: { tab }, query: sent, signal })).data;
}
