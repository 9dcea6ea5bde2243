/**
 * Which part of the route table holds an API route: the client loads only that part's schemas (and the contract
 * modules they come from) for a call, so a page pays for the schemas of the routes it calls, not all of them.
 * Plain strings, no zod: src/api/callRoute.ts imports this statically. contract/routes.test.ts checks that every
 * route sits in the part this function names.
 */
export type RouteArea = 'boot' | 'campaignPage' | 'account' | 'campaigns' | 'staff' | 'site';

const AREAS: ReadonlySet<string> = new Set<RouteArea>(['account', 'campaigns', 'staff']);

/** The calls every page makes as the app starts (contract/routes/bootRoutes.ts). */
const BOOT_ROUTES: ReadonlySet<string> = new Set(['GET /request-key', 'POST /analytics/page-view', 'GET /ip/lookup', 'GET /notice']);

/** The calls of a campaign page's visitor (contract/routes/campaignPageRoutes.ts). */
const CAMPAIGN_PAGE_ROUTES: ReadonlySet<string> = new Set([
  'GET /campaigns/:uri',
  'POST /campaigns/:uri/visits',
  'POST /campaigns/:uri/shares',
  'GET /campaigns/:uri/donations',
  'GET /campaigns/:uri/donations/wall',
]);

/**
 * A start-up call → 'boot'; `GET /campaigns/:uri` → 'campaignPage'; `PATCH /campaigns/:uri` → 'campaigns'; a
 * path whose first segment has no part of its own → 'site'.
 */
export function routeArea(key: string): RouteArea {
  if (BOOT_ROUTES.has(key)) return 'boot';
  if (CAMPAIGN_PAGE_ROUTES.has(key)) return 'campaignPage';
  const path = key.slice(key.indexOf(' ') + 1);
  const first = path.split('/')[1] ?? '';
  return AREAS.has(first) ? (first as RouteArea) : 'site';
}
