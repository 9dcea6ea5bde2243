import { campaignResponse, campaignUriParams } from '../campaign.ts';
import { campaignShareBody, visitBody } from '../campaignAnalytics.ts';
import { donationSummaryResponse, donationWallQuery, donationWallResponse } from '../donation.ts';
import { type RouteSchemas, noContent } from './routeSchemas.ts';

/**
 * The calls of a campaign page's visitor: the campaign, the visit and share counts, the donation panel. Kept apart
 * from campaignRoutes (the creator's writes, frames, analytics, supports, credits), whose schemas come from twice
 * as many contract modules: the page where every shared link lands evaluates only these.
 * Part of the route table (contract/routes.ts); the client loads one part per call (contract/routeArea.ts).
 */
export const campaignPageRoutes = {
  'GET /campaigns/:uri': { params: campaignUriParams, response: campaignResponse },
  'POST /campaigns/:uri/visits': { params: campaignUriParams, body: visitBody, response: noContent },
  'POST /campaigns/:uri/shares': { params: campaignUriParams, body: campaignShareBody, response: noContent },
  'GET /campaigns/:uri/donations': { params: campaignUriParams, response: donationSummaryResponse },
  'GET /campaigns/:uri/donations/wall': { params: campaignUriParams, query: donationWallQuery, response: donationWallResponse },
} as const satisfies Record<string, RouteSchemas>;
