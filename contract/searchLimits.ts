/**
 * The plain values of search and explore (contract/search.ts has their schemas): no zod here, so the navbar's search
 * box, which is on every page, does not load zod and the schemas before the page's first paint.
 */
export const exploreTabs = ['campaign', 'collection', 'creator'] as const;
export type ExploreTab = (typeof exploreTabs)[number];
export const exploreSorts = ['relevance', 'trending', 'popular', 'newest'] as const;
export type ExploreSort = (typeof exploreSorts)[number];

export const SEARCH_LIMITS = {
  /** Characters of a search text. */
  queryMax: 100,
  /** Results on an explore page (seed §9 pagination default). */
  perPage: 10,
  /** The last page one can ask for. */
  pageMax: 1000,
  /** Suggestions of each kind. */
  suggestionsPerKind: 4,
} as const;

/** Any country: the filter is off. */
export const ANY_COUNTRY = 'WW';
