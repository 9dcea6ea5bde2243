import { pageViewRequest } from '../analytics.ts';
import { ipLookupResponse } from '../ipLookup.ts';
import { noticeResponse } from '../notice.ts';
import { requestKeyResponse } from '../requestKey.ts';
import { type RouteSchemas, noContent } from './routeSchemas.ts';

/**
 * The calls every page makes as the app starts, before its own: the request key, the visitor's country for the
 * locale setup, the maintenance notice and the page view. Kept apart from siteRoutes (every other endpoint, whose
 * schemas come from a dozen contract modules), so a page's first moments load only these few small schemas.
 * Part of the route table (contract/routes.ts); the client loads one part per call (contract/routeArea.ts).
 */
export const bootRoutes = {
  'GET /request-key': { response: requestKeyResponse },
  'POST /analytics/page-view': { body: pageViewRequest, response: noContent },
  'GET /ip/lookup': { response: ipLookupResponse },
  'GET /notice': { response: noticeResponse },
} as const satisfies Record<string, RouteSchemas>;
