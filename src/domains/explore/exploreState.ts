import { campaignCategories, type CampaignCategory } from '../../../contract/campaignWrite.ts';
import { ANY_COUNTRY, exploreSorts, exploreTabs, SEARCH_LIMITS, type ExploreQuery, type ExploreSort, type ExploreTab } from '../../../contract/search.ts';

/** Everything the explore page shows, all of it in the URL: /explore/{tab}?q&sort&category&country&page. */
export interface ExploreState {
  tab: ExploreTab;
  q: string;
  /** Unset: best match with a search text, trending without. */
  sort: ExploreSort | undefined;
  category: CampaignCategory | undefined;
  country: string | undefined;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | undefined => (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The state a URL describes; anything unknown or malformed in it is left out rather than refused. */
export function readExploreState(tab: string | undefined, search: URLSearchParams): ExploreState {
  const country = search.get('country')?.toUpperCase();
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    tab: oneOf(exploreTabs, tab) ?? 'campaign',
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_LIMITS.queryMax),
    sort: oneOf(exploreSorts, search.get('sort')),
    category: oneOf(campaignCategories, search.get('category')),
    country: country && /^[A-Z]{2}$/.test(country) && country !== ANY_COUNTRY ? country : undefined,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, SEARCH_LIMITS.pageMax) : 1,
  };
}

/** The query string of a state, without its defaults (so /explore/campaign stays bare). */
export function exploreSearch(state: ExploreState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sort) params.set('sort', state.sort);
  if (state.category) params.set('category', state.category);
  if (state.country) params.set('country', state.country);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function explorePath(state: ExploreState): string {
  return `/explore/${state.tab}${exploreSearch(state)}`;
}

/** A change of anything but the page starts again at page 1; `relevance` needs a search text. */
export function nextExploreState(state: ExploreState, change: Partial<ExploreState>): ExploreState {
  const next = { ...state, ...change };
  if (!('page' in change)) next.page = 1;
  if (next.sort === 'relevance' && !next.q) next.sort = undefined;
  return next;
}

/** What the API is asked for this state. */
export function exploreRequest(state: ExploreState): ExploreQuery {
  return { q: state.q || undefined, sort: state.sort, category: state.category, country: state.country, page: state.page };
}

/** The results page of a search from the navbar. */
export function searchResultsPath(q: string): string {
  return explorePath({ tab: 'campaign', q: q.trim(), sort: undefined, category: undefined, country: undefined, page: 1 });
}
