/**
 * Search and explore (all under /api/v2, signed like every GET, no account needed):
 *
 *   GET /search/suggestions?q=             → SuggestionsResponse  (as-you-type: a few of each kind, best first)
 *   GET /explore/:tab?q&sort&category&country&page → ExploreResponse (tab: campaign | collection | creator; 10 a page)
 *
 * Only public campaigns, public collections and accounts that are not suspended are ever found; a campaign or a
 * collection of a suspended account is not found either. `q` matches words (stemmed in the campaign's language),
 * prefixes of words, and words with a typo or without their accents (server/domain/search.ts).
 *
 * Sorts: `relevance` (best match first; the default with a `q`), `trending` (supports of the last 24 hours weigh
 * more than those of the last 7 days; the default without one), `popular` (supporters), `newest`. Collections and
 * creators count the supporters of their public campaigns. `category` keeps campaigns of that category (and the
 * collections and creators that have one); `country` keeps what creators of that country made (WW: any country).
 */
import { z } from 'zod';
import { campaignSummary } from './campaign.ts';
import { campaignCategories } from './campaignWrite.ts';
import { collectionSummary } from './collection.ts';

import { exploreSorts, exploreTabs, SEARCH_LIMITS, type ExploreTab } from './searchLimits.ts';

export { ANY_COUNTRY, exploreSorts, exploreTabs, SEARCH_LIMITS } from './searchLimits.ts';
export type { ExploreSort, ExploreTab } from './searchLimits.ts';

/** An empty query parameter (`?category=`) is the same as none. */
const orBlank = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => undefined), schema]).optional();

/** A search text: trimmed, no control characters (PostgreSQL refuses a NUL), at most queryMax characters. */
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_LIMITS.queryMax, `The search text must be at most ${SEARCH_LIMITS.queryMax} characters`)
  .regex(/^\P{Cc}*$/u, 'Not a search text');

export const exploreParams = z.object({ tab: z.enum(exploreTabs) });

export const exploreQuery = z.object({
  q: searchText.default(''),
  sort: orBlank(z.enum(exploreSorts)),
  category: orBlank(z.enum(campaignCategories)),
  country: orBlank(z.string().regex(/^[A-Z]{2}$/, 'A country is two capital letters')),
  page: z.coerce.number().int().min(1).max(SEARCH_LIMITS.pageMax).default(1),
});
export type ExploreQuery = z.input<typeof exploreQuery>;
export type ExploreFilters = z.output<typeof exploreQuery>;

/** A creator as explore lists them: their totals count public campaigns only. */
export const creatorSummary = z.object({
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  country: z.string().nullable(),
  campaignsCount: z.number().int().nonnegative(),
  supportersCount: z.number().int().nonnegative(),
});
export type CreatorSummary = z.infer<typeof creatorSummary>;

const pageOf = <K extends ExploreTab, T extends z.ZodType>(tab: K, item: T) =>
  z.object({ tab: z.literal(tab), items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int(), sort: z.enum(exploreSorts) });

export const exploreResult = z.discriminatedUnion('tab', [pageOf('campaign', campaignSummary), pageOf('collection', collectionSummary), pageOf('creator', creatorSummary)]);
export type ExploreResult = z.infer<typeof exploreResult>;
export const exploreResponse = z.object({ data: exploreResult });

export const suggestionsQuery = z.object({ q: searchText.default('') });

export const campaignSuggestion = z.object({ uri: z.string(), title: z.string(), thumbnailUrl: z.string(), supportersCount: z.number().int().nonnegative() });
export const creatorSuggestion = z.object({ username: z.string(), name: z.string(), avatarUrl: z.string().nullable() });
export const collectionSuggestion = z.object({ uri: z.string(), title: z.string(), coverUrl: z.string().nullable(), campaignsCount: z.number().int().nonnegative() });
export type CampaignSuggestion = z.infer<typeof campaignSuggestion>;
export type CreatorSuggestion = z.infer<typeof creatorSuggestion>;
export type CollectionSuggestion = z.infer<typeof collectionSuggestion>;

export const suggestions = z.object({
  campaigns: z.array(campaignSuggestion),
  creators: z.array(creatorSuggestion),
  collections: z.array(collectionSuggestion),
});
export type Suggestions = z.infer<typeof suggestions>;
export const suggestionsResponse = z.object({ data: suggestions });
