/**
 * Campaign endpoints (`/campaigns/…`) but a visitor's (campaignPageRoutes.ts): lists, writes, frames, supports,
 * analytics, donation management and what credits buy on a result.
 * Part of the route table (contract/routes.ts); the client loads one part per call (contract/routeArea.ts).
 */
import { z } from 'zod';
import { presignedUpload } from '../accountProfile.ts';
import { campaignListQuery, campaignListResponse, campaignResponse, campaignUriParams } from '../campaign.ts';
import { analyticsCsvResponse, analyticsQuery, campaignAnalyticsResponse } from '../campaignAnalytics.ts';
import {
  campaignAccessBody,
  campaignCreateBody,
  campaignUpdateBody,
  frameCheckBody,
  frameCheckResponse,
  framePresignBody,
  managedCampaignResponse,
  supportBody,
  supportResponse,
  supportTokenResponse,
  uriAvailabilityQuery,
  uriAvailabilityResponse,
} from '../campaignWrite.ts';
import { campaignResultParams, nowatermarkOrderBody, resultUnlocksResponse, spendBody, unlockResponse } from '../creditsApi.ts';
import {
  donationCreateBody,
  donationCreatedResponse,
  donationParams,
  donationSettingsBody,
  donationSummaryResponse,
  donationVisibilityBody,
  donationWallQuery,
  managedDonationListResponse,
  managedDonationResponse,
} from '../donation.ts';
import { orderResponse } from '../order.ts';
import { type RouteSchemas, noContent } from './routeSchemas.ts';

export const campaignRoutes = {
  'GET /campaigns': { query: campaignListQuery, response: campaignListResponse },
  'GET /campaigns/uri-availability': { query: uriAvailabilityQuery, response: uriAvailabilityResponse },
  'POST /campaigns/:uri/access': { params: campaignUriParams, body: campaignAccessBody, response: campaignResponse },
  'POST /campaigns': { body: campaignCreateBody, response: managedCampaignResponse },
  'GET /campaigns/:uri/manage': { params: campaignUriParams, response: managedCampaignResponse },
  'PATCH /campaigns/:uri': { params: campaignUriParams, body: campaignUpdateBody, response: managedCampaignResponse },
  'DELETE /campaigns/:uri': { params: campaignUriParams, response: noContent },
  'POST /campaigns/frames/presigned': { body: framePresignBody, response: z.object({ data: presignedUpload }) },
  'POST /campaigns/frames/check': { body: frameCheckBody, response: frameCheckResponse },
  'GET /campaigns/:uri/analytics': { params: campaignUriParams, query: analyticsQuery, response: campaignAnalyticsResponse },
  'GET /campaigns/:uri/analytics.csv': { params: campaignUriParams, query: analyticsQuery, response: analyticsCsvResponse },
  'GET /campaigns/:uri/support-token': { params: campaignUriParams, response: supportTokenResponse },
  'POST /campaigns/:uri/supports': { params: campaignUriParams, body: supportBody, response: supportResponse },

  'GET /campaigns/:uri/results/:resultKey/unlocks': { params: campaignResultParams, response: resultUnlocksResponse },
  'POST /campaigns/:uri/unlocks': { params: campaignUriParams, body: spendBody, response: unlockResponse },
  'POST /campaigns/:uri/nowatermark-orders': { params: campaignUriParams, body: nowatermarkOrderBody, response: orderResponse },

  // Donations (server/routes/donations.ts, docs/DONATIONS.md): anyone who may read the campaign donates; its creator manages.
  'PUT /campaigns/:uri/donations': { params: campaignUriParams, body: donationSettingsBody, response: donationSummaryResponse },
  'POST /campaigns/:uri/donations': { params: campaignUriParams, body: donationCreateBody, response: donationCreatedResponse },
  'GET /campaigns/:uri/donations/manage': { params: campaignUriParams, query: donationWallQuery, response: managedDonationListResponse },
  'PUT /campaigns/:uri/donations/:donationId/visibility': { params: donationParams, body: donationVisibilityBody, response: managedDonationResponse },
} as const satisfies Record<string, RouteSchemas>;
