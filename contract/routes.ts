/**
 * Every HTTP endpoint the server registers, written once: the key is `METHOD /path` (with `:params`),
 * the entry names the contract schemas of its params, query, body and (successful) response.
 * server/contractRoutes.test.ts checks that this list and the server's routes are the same; the client
 * (src/api/callRoute.ts) builds its URLs from the keys and parses every answer with `response`.
 *
 * Paths of `apiRoutes` are relative to the API base (/api/v2); `rootRoutes` sit at the site root;
 * `testHookRoutes` exist only with BINGKAI_TEST_HOOKS, under /api/test. `apiRoutes` is made of parts in
 * contract/routes/, one per area of contract/routeArea.ts, so the client can load one part's schemas at a time.
 */
import { z } from 'zod';
import { healthResponse } from './health.ts';
import { paymentProviderSchema } from './order.ts';
import { readinessResponse } from './readiness.ts';
import { accountRoutes } from './routes/accountRoutes.ts';
import { bootRoutes } from './routes/bootRoutes.ts';
import { campaignPageRoutes } from './routes/campaignPageRoutes.ts';
import { campaignRoutes } from './routes/campaignRoutes.ts';
import { bytes, noContent, type RouteMethod, type RouteSchemas } from './routes/routeSchemas.ts';
import { siteRoutes } from './routes/siteRoutes.ts';
import { staffRoutes } from './routes/staffRoutes.ts';

export type { RouteMethod, RouteSchemas } from './routes/routeSchemas.ts';

export const API_PREFIX = '/api/v2';
export const TEST_HOOKS_PREFIX = '/api/test';

/** The signed JSON API under API_PREFIX (request-key, captcha and the Facebook callback are not signed). */
export const apiRoutes = {
  ...bootRoutes,
  ...siteRoutes,
  ...campaignPageRoutes,
  ...campaignRoutes,
  ...accountRoutes,
  ...staffRoutes,
} as const satisfies Record<string, RouteSchemas>;

/** Outside the API base: health (JSON), stored files (bytes; uploads go through presigned URLs), robots.txt and sitemaps. */
export const rootRoutes = {
  'GET /api/health': { response: healthResponse },
  'GET /api/ready': { response: readinessResponse },
  'GET /files/*': { query: z.object({ exp: z.string().optional(), sig: z.string().optional() }), response: bytes },
  'PUT /files/upload': { query: z.object({ token: z.string().optional() }), response: bytes },
  // For crawlers (server/routes/sitemap.ts, docs/SEO.md): text and XML, not read by the app.
  'GET /robots.txt': { response: bytes },
  'GET /sitemap.xml': { response: bytes },
  'GET /sitemap-:section-:page.xml': { response: bytes },
  // Payment providers call these (verified by their own signatures, not the app's request signing).
  'POST /webhooks/:provider': { params: z.object({ provider: paymentProviderSchema }), response: bytes },
  // The built-in sandbox provider's hosted payment page (refused in production): the page, and its outcome form.
  'GET /sandbox-pay/:paymentId': { params: z.object({ paymentId: z.string() }), response: bytes },
  'POST /sandbox-pay/:paymentId': { params: z.object({ paymentId: z.string() }), response: bytes },
} as const satisfies Record<string, RouteSchemas>;

/** Header carrying BINGKAI_TEST_HOOKS_SECRET on every test-hook call. */
export const TEST_HOOKS_SECRET_HEADER = 'x-test-hooks-secret';

/** Test-only shortcuts (BINGKAI_TEST_HOOKS), under TEST_HOOKS_PREFIX, each with the TEST_HOOKS_SECRET_HEADER. */
export const testHookRoutes = {
  'POST /subscription': { body: z.object({ email: z.string(), plan: z.string().nullable() }), response: noContent },
  /** Recomputes the leaderboard snapshot now (server/domain/leaderboard.ts). */
  'POST /leaderboard/refresh': { response: noContent },
  /** Sets a campaign's supporter count as if that many had supported it before (the next real support counts on from it). */
  'POST /campaign-supporters': { body: z.object({ uri: z.string(), supporters: z.number().int() }), response: noContent },
  /** Runs the notification jobs now (server/domain/notificationMail.ts): trending, weekly recaps, notification mail. */
  /** Runs the billing jobs now, as if the clock read `now` (ms): expire stale orders, remind of renewals, end plans. */
  'POST /billing/run': {
    body: z.object({ now: z.number().optional() }),
    response: z.object({ data: z.object({ expiredOrders: z.number(), reminded: z.number(), ended: z.number() }) }),
  },
  /** Grants (staff: true) or revokes the staff role; in production only `npm run staff` does (scripts/staff.ts). */
  'POST /staff': { body: z.object({ email: z.string(), staff: z.boolean() }), response: noContent },

  /** Hands a job that records its run to the queue: any instance may run it, once (server/twoInstances.test.ts). */
  'POST /jobs/record-run': { body: z.object({ run: z.string() }), response: noContent },

  'POST /notifications/run': {
    response: z.object({ data: z.object({ trending: z.number(), recaps: z.number(), sent: z.number(), skipped: z.number(), retrying: z.number(), failed: z.number() }) }),
  },
} as const satisfies Record<string, RouteSchemas>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteKey = keyof ApiRoutes;

/** `METHOD /path` split into its parts. */
export function splitRouteKey(key: string): { method: RouteMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as RouteMethod, path: key.slice(space + 1) };
}

/** Every endpoint with its full server path: the list the server's registered routes must equal. */
export function routeList(): { method: RouteMethod; path: string }[] {
  const under = (prefix: string, table: Record<string, RouteSchemas>) =>
    Object.keys(table).map((key) => {
      const { method, path } = splitRouteKey(key);
      return { method, path: prefix + path };
    });
  return [...under(API_PREFIX, apiRoutes), ...under('', rootRoutes), ...under(TEST_HOOKS_PREFIX, testHookRoutes)];
}
