/**
 * Every HTTP endpoint the server registers, written once: the key is `METHOD /path` (with `:params`),
 * the entry names the contract schemas of its params, query, body and (successful) response.
 * server/contractRoutes.test.ts checks that this list and the server's routes are the same; the client
 * (src/api/callRoute.ts) builds its URLs from the keys and parses every answer with `response`.
 *
 * Paths of `apiRoutes` are relative to the API base (/api/v2); `rootRoutes` sit at the site root;
 * `testHookRoutes` exist only with BINGKAI_TEST_HOOKS, under /api/test.
 */
import { z } from 'zod';
import {
  captchaChallengeResponse,
  deleteAccountResponse,
  forgotPasswordRequest,
  forgotPasswordResponse,
  idTokenResponse,
  logoutAllResponse,
  logoutResponse,
  nativeSignInRequest,
  pendingRequest,
  pendingResponse,
  refreshRequest,
  refreshResponse,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  resetPasswordResponse,
} from './account.ts';
import {
  accountUpdateBody,
  accountUpdateResponse,
  appealBody,
  appealResponse,
  emailUpdateCancelResponse,
  facebookAuthBody,
  facebookCheckBody,
  facebookCheckResponse,
  facebookDeletionCallbackResponse,
  googleAuthBody,
  photoProfileBody,
  preferenceGetQuery,
  preferenceGetResponse,
  preferenceUpdateBody,
  preferenceUpdateResponse,
  presignedAppealBody,
  presignedAppealResponse,
  presignedBannerBody,
  presignedBannerResponse,
  presignedPhotoBody,
  presignedPhotoResponse,
  presignedUpload,
  resetEmailQuery,
  resetEmailResponse,
  revokeBody,
  socialAuthBody,
  socialProviderParams,
  unsubscribeBody,
  unsubscribeResponse,
} from './accountProfile.ts';
import { pageViewRequest } from './analytics.ts';
import {
  checkoutOptionsResponse,
  invoiceResponse,
  orderCreateBody,
  orderIdParams,
  orderListQuery,
  orderListResponse,
  orderResponse,
  paymentProviderSchema,
  subscriptionResponse,
} from './order.ts';
import {
  donationCreateBody,
  donationCreatedResponse,
  donationParams,
  donationSettingsBody,
  donationSummaryResponse,
  donationVisibilityBody,
  donationWallQuery,
  donationWallResponse,
  managedDonationListResponse,
  managedDonationResponse,
} from './donation.ts';
import {
  campaignResultParams,
  creditsBalanceResponse,
  creditsHistoryQuery,
  creditsHistoryResponse,
  creditsOrderBody,
  nowatermarkOrderBody,
  resultUnlocksResponse,
  spendBody,
  unlockIdParams,
  unlockResponse,
} from './creditsApi.ts';
import { analyticsCsvResponse, analyticsQuery, campaignAnalyticsResponse, campaignShareBody, visitBody } from './campaignAnalytics.ts';
import { campaignListQuery, campaignListResponse, campaignResponse, campaignUriParams } from './campaign.ts';
import {
  campaignAccessBody,
  campaignCreateBody,
  campaignUpdateBody,
  frameCheckBody,
  frameCheckResponse,
  framePresignBody,
  managedCampaignResponse,
  ownCampaignListResponse,
  supportBody,
  supportResponse,
  supportTokenResponse,
  uriAvailabilityQuery,
  uriAvailabilityResponse,
} from './campaignWrite.ts';
import { designDraftListResponse, designDraftParams, designDraftReadResponse, designDraftSaveBody, designDraftSaveResponse } from './designDraft.ts';
import {
  collectionCandidateQuery,
  collectionCandidateResponse,
  collectionCoverPresignBody,
  collectionCreateBody,
  collectionListQuery,
  collectionListResponse,
  collectionResponse,
  collectionUpdateBody,
  collectionUriParams,
} from './collection.ts';
import { healthResponse } from './health.ts';
import { readinessResponse } from './readiness.ts';
import { ipLookupResponse } from './ipLookup.ts';
import { noticeResponse } from './notice.ts';
import { postCreateBody, postPresignBody, postResponse, postUriParams } from './post.ts';
import { leaderboardQuery, leaderboardResponse } from './leaderboard.ts';
import { creatorProfileResponse, profileListQuery, profileParams, profilePostListResponse } from './creatorProfile.ts';
import { reportBody, reportResponse } from './report.ts';
import { requestKeyResponse } from './requestKey.ts';
import { exploreParams, exploreQuery, exploreResponse, suggestionsQuery, suggestionsResponse } from './search.ts';
import { notificationIdParams, notificationListQuery, notificationListResponse, unreadCountResponse } from './notification.ts';
import {
  moderationParams,
  moderationResponse,
  staffAccountParams,
  staffAccountQuery,
  staffAccountResponse,
  staffAppealListResponse,
  staffAuditListResponse,
  staffPageQuery,
  staffReasonBody,
  staffReportListResponse,
  staffSessionResponse,
} from './staff.ts';
import {
  earningsResponse,
  monetizationApplyBody,
  monetizationResponse,
  payoutRequestBody,
  payoutResponse,
  staffApplicationListResponse,
  staffApplicationResponse,
  staffPayBody,
  staffPayoutListResponse,
  staffPayoutParams,
  staffPayoutResponse,
} from './monetization.ts';
import { staffOrderListResponse, staffOrderParams, staffOrderQuery, staffOrderResponse } from './staffOrders.ts';
import { staffPiracyFlagResponse, staffPiracyListResponse, staffPiracyParams, staffPiracyQuery } from './staffPiracy.ts';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schemas of one endpoint; `response` is the body of its success status as the client reads it. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** A 204 answer: the client reads no body. */
const noContent = z.undefined();
/** Not JSON (files): the client does not call these through the route table. */
const bytes = z.unknown();

export const API_PREFIX = '/api/v2';
export const TEST_HOOKS_PREFIX = '/api/test';

/** The signed JSON API under API_PREFIX (request-key, captcha and the Facebook callback are not signed). */
export const apiRoutes = {
  'GET /request-key': { response: requestKeyResponse },
  'GET /captcha/challenge': { response: captchaChallengeResponse },
  'POST /account/auth/facebook/data-deletion': { body: z.object({ signed_request: z.string() }), response: facebookDeletionCallbackResponse },

  'POST /analytics/page-view': { body: pageViewRequest, response: noContent },
  'GET /ip/lookup': { response: ipLookupResponse },
  'GET /notice': { response: noticeResponse },

  'GET /campaigns': { query: campaignListQuery, response: campaignListResponse },
  'GET /campaigns/uri-availability': { query: uriAvailabilityQuery, response: uriAvailabilityResponse },
  'GET /campaigns/:uri': { params: campaignUriParams, response: campaignResponse },
  'POST /campaigns/:uri/access': { params: campaignUriParams, body: campaignAccessBody, response: campaignResponse },
  'POST /campaigns': { body: campaignCreateBody, response: managedCampaignResponse },
  'GET /campaigns/:uri/manage': { params: campaignUriParams, response: managedCampaignResponse },
  'PATCH /campaigns/:uri': { params: campaignUriParams, body: campaignUpdateBody, response: managedCampaignResponse },
  'DELETE /campaigns/:uri': { params: campaignUriParams, response: noContent },
  'POST /campaigns/frames/presigned': { body: framePresignBody, response: z.object({ data: presignedUpload }) },
  'POST /campaigns/frames/check': { body: frameCheckBody, response: frameCheckResponse },
  'POST /campaigns/:uri/visits': { params: campaignUriParams, body: visitBody, response: noContent },
  'POST /campaigns/:uri/shares': { params: campaignUriParams, body: campaignShareBody, response: noContent },
  'GET /campaigns/:uri/analytics': { params: campaignUriParams, query: analyticsQuery, response: campaignAnalyticsResponse },
  'GET /campaigns/:uri/analytics.csv': { params: campaignUriParams, query: analyticsQuery, response: analyticsCsvResponse },
  'GET /campaigns/:uri/support-token': { params: campaignUriParams, response: supportTokenResponse },
  'POST /campaigns/:uri/supports': { params: campaignUriParams, body: supportBody, response: supportResponse },
  'GET /account/campaigns': { query: campaignListQuery, response: ownCampaignListResponse },

  'POST /posts/presigned': { body: postPresignBody, response: presignedPhotoResponse },
  'POST /posts': { body: postCreateBody, response: postResponse },
  'GET /posts/:uri': { params: postUriParams, response: postResponse },
  'DELETE /posts/:uri': { params: postUriParams, response: noContent },

  'POST /reports': { body: reportBody, response: reportResponse },

  'POST /account': { body: registerRequest, response: registerResponse },
  'POST /account/pending': { body: pendingRequest, response: pendingResponse },
  'DELETE /account/delete': { response: deleteAccountResponse },
  'POST /account/auth/native': { body: nativeSignInRequest, response: idTokenResponse },
  'POST /account/auth/refresh': { body: refreshRequest.optional(), response: refreshResponse },
  'POST /account/auth/logout-all': { response: logoutAllResponse },
  'POST /account/auth/logout': { response: logoutResponse },
  'POST /account/forgot-password': { body: forgotPasswordRequest, response: forgotPasswordResponse },
  'PATCH /account/forgot-password': { body: resetPasswordRequest, response: resetPasswordResponse },
  'PATCH /account/update': { body: accountUpdateBody, response: accountUpdateResponse },
  'POST /account/presigned/photo-profile': { body: presignedPhotoBody, response: presignedPhotoResponse },
  'POST /account/presigned/banner': { body: presignedBannerBody, response: presignedBannerResponse },
  'POST /account/photo-profile': { body: photoProfileBody, response: idTokenResponse },
  'POST /account/reset-email': { query: resetEmailQuery, response: resetEmailResponse },
  'DELETE /account/email-update': { response: emailUpdateCancelResponse },
  'GET /account/preference/get': { query: preferenceGetQuery, response: preferenceGetResponse },
  'PATCH /account/preference/update': { body: preferenceUpdateBody, response: preferenceUpdateResponse },
  'POST /account/preference/unsubscribe': { body: unsubscribeBody, response: unsubscribeResponse },
  'POST /account/auth/google': { body: googleAuthBody, response: idTokenResponse },
  'POST /account/auth/facebook': { body: facebookAuthBody, response: idTokenResponse },
  'POST /account/auth/integrate/:provider': { params: socialProviderParams, body: socialAuthBody, response: idTokenResponse },
  'POST /account/auth/revoke': { body: revokeBody, response: idTokenResponse },
  'POST /account/auth/check/facebook': { body: facebookCheckBody, response: facebookCheckResponse },
  'GET /account/appeal': { response: appealResponse },
  'POST /account/presigned/appeal': { body: presignedAppealBody, response: presignedAppealResponse },
  'POST /account/appeal': { body: appealBody, response: appealResponse },

  'GET /designs': { response: designDraftListResponse },
  'GET /designs/:id': { params: designDraftParams, response: designDraftReadResponse },
  'PUT /designs/:id': { params: designDraftParams, body: designDraftSaveBody, response: designDraftSaveResponse },
  'DELETE /designs/:id': { params: designDraftParams, response: noContent },

  'GET /notifications': { query: notificationListQuery, response: notificationListResponse },
  'GET /notifications/unread-count': { response: unreadCountResponse },
  'POST /notifications/read-all': { response: unreadCountResponse },
  'POST /notifications/:id/read': { params: notificationIdParams, response: unreadCountResponse },

  'GET /leaderboard': { query: leaderboardQuery, response: leaderboardResponse },
  'GET /profiles/:username': { params: profileParams, response: creatorProfileResponse },
  'GET /profiles/:username/campaigns': { params: profileParams, query: profileListQuery, response: campaignListResponse },
  'GET /profiles/:username/posts': { params: profileParams, query: profileListQuery, response: profilePostListResponse },

  'GET /collections/uri-availability': { query: uriAvailabilityQuery, response: uriAvailabilityResponse },
  'POST /collections/presigned': { body: collectionCoverPresignBody, response: presignedPhotoResponse },
  'POST /collections': { body: collectionCreateBody, response: collectionResponse },
  'GET /collections/:uri': { params: collectionUriParams, response: collectionResponse },
  'PATCH /collections/:uri': { params: collectionUriParams, body: collectionUpdateBody, response: collectionResponse },
  'DELETE /collections/:uri': { params: collectionUriParams, response: noContent },
  'GET /account/collections': { query: collectionListQuery, response: collectionListResponse },
  'GET /account/collection-candidates': { query: collectionCandidateQuery, response: collectionCandidateResponse },

  'GET /search/suggestions': { query: suggestionsQuery, response: suggestionsResponse },
  'GET /explore/:tab': { params: exploreParams, query: exploreQuery, response: exploreResponse },

  // Commerce (server/routes/orders.ts, billing.ts): prices come from contract/plan.ts, amounts from the server.
  'GET /checkout/options': { response: checkoutOptionsResponse },
  'POST /orders': { body: orderCreateBody, response: orderResponse },
  'GET /orders/:orderId': { params: orderIdParams, response: orderResponse },
  'GET /account/orders': { query: orderListQuery, response: orderListResponse },
  // Credits (server/routes/credits.ts, docs/CREDITS.md): the balance, top-ups and what credits buy on a result.
  'GET /credits': { response: creditsBalanceResponse },
  'GET /credits/history': { query: creditsHistoryQuery, response: creditsHistoryResponse },
  'POST /credits/orders': { body: creditsOrderBody, response: orderResponse },
  'GET /campaigns/:uri/results/:resultKey/unlocks': { params: campaignResultParams, response: resultUnlocksResponse },
  'POST /campaigns/:uri/unlocks': { params: campaignUriParams, body: spendBody, response: unlockResponse },
  'POST /campaigns/:uri/nowatermark-orders': { params: campaignUriParams, body: nowatermarkOrderBody, response: orderResponse },
  'POST /unlocks/:unlockId/refund': { params: unlockIdParams, response: creditsBalanceResponse },
  'GET /account/subscription': { response: subscriptionResponse },
  'POST /account/subscription/cancel': { response: subscriptionResponse },
  'POST /account/subscription/resume': { response: subscriptionResponse },
  'GET /invoices/:orderId': { params: orderIdParams, response: invoiceResponse },
  'GET /invoices/:orderId/pdf': { params: orderIdParams, response: bytes },
  // Donations (server/routes/donations.ts, docs/DONATIONS.md): anyone who may read the campaign donates; its creator manages.
  'GET /campaigns/:uri/donations': { params: campaignUriParams, response: donationSummaryResponse },
  'PUT /campaigns/:uri/donations': { params: campaignUriParams, body: donationSettingsBody, response: donationSummaryResponse },
  'POST /campaigns/:uri/donations': { params: campaignUriParams, body: donationCreateBody, response: donationCreatedResponse },
  'GET /campaigns/:uri/donations/wall': { params: campaignUriParams, query: donationWallQuery, response: donationWallResponse },
  'GET /campaigns/:uri/donations/manage': { params: campaignUriParams, query: donationWallQuery, response: managedDonationListResponse },
  'PUT /campaigns/:uri/donations/:donationId/visibility': { params: donationParams, body: donationVisibilityBody, response: managedDonationResponse },

  // Staff console (server/routes/staff.ts, contract/staff.ts): 404 to anyone who is not staff now.
  'GET /staff/session': { response: staffSessionResponse },
  'GET /staff/reports': { query: staffPageQuery, response: staffReportListResponse },
  'POST /staff/reports/:target/:uri/hide': { params: moderationParams, body: staffReasonBody, response: moderationResponse },
  'POST /staff/reports/:target/:uri/restore': { params: moderationParams, body: staffReasonBody, response: moderationResponse },
  'POST /staff/reports/:target/:uri/dismiss': { params: moderationParams, body: staffReasonBody, response: moderationResponse },
  'GET /staff/accounts': { query: staffAccountQuery, response: staffAccountResponse },
  'POST /staff/accounts/:uuid/suspend': { params: staffAccountParams, body: staffReasonBody, response: staffAccountResponse },
  'GET /staff/appeals': { query: staffPageQuery, response: staffAppealListResponse },
  'POST /staff/appeals/:uuid/lift': { params: staffAccountParams, body: staffReasonBody, response: staffAccountResponse },
  'POST /staff/appeals/:uuid/keep': { params: staffAccountParams, body: staffReasonBody, response: staffAccountResponse },
  'GET /staff/audit': { query: staffPageQuery, response: staffAuditListResponse },

  // Monetization (server/routes/monetization.ts, staffMonetization.ts; contract/monetization.ts).
  'GET /account/monetization': { response: monetizationResponse },
  'POST /account/monetization': { body: monetizationApplyBody, response: monetizationResponse },
  'GET /account/earnings': { response: earningsResponse },
  'POST /account/payouts': { body: payoutRequestBody, response: payoutResponse },
  'GET /staff/applications': { query: staffPageQuery, response: staffApplicationListResponse },
  'POST /staff/applications/:uuid/approve': { params: staffAccountParams, body: staffReasonBody, response: staffApplicationResponse },
  'POST /staff/applications/:uuid/reject': { params: staffAccountParams, body: staffReasonBody, response: staffApplicationResponse },
  'GET /staff/payouts': { query: staffPageQuery, response: staffPayoutListResponse },
  'POST /staff/payouts/:id/pay': { params: staffPayoutParams, body: staffPayBody, response: staffPayoutResponse },
  'POST /staff/payouts/:id/reject': { params: staffPayoutParams, body: staffReasonBody, response: staffPayoutResponse },

  // Staff orders and refunds, frame matches (server/routes/staffOrders.ts, staffPiracy.ts; contract/staffOrders.ts, staffPiracy.ts).
  'GET /staff/orders': { query: staffOrderQuery, response: staffOrderListResponse },
  'POST /staff/orders/:orderId/refund': { params: staffOrderParams, body: staffReasonBody, response: staffOrderResponse },
  'GET /staff/piracy': { query: staffPiracyQuery, response: staffPiracyListResponse },
  'POST /staff/piracy/:flagId/dismiss': { params: staffPiracyParams, body: staffReasonBody, response: staffPiracyFlagResponse },
  'POST /staff/piracy/:flagId/takedown': { params: staffPiracyParams, body: staffReasonBody, response: staffPiracyFlagResponse },
  'POST /staff/piracy/:flagId/suspend': { params: staffPiracyParams, body: staffReasonBody, response: staffPiracyFlagResponse },
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
