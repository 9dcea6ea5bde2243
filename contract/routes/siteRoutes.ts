/**
 * Every other API endpoint (the start-up calls are in bootRoutes.ts): captcha, search, posts, profiles, collections, designs,
 * notifications, the leaderboard and commerce.
 * Part of the route table (contract/routes.ts); the client loads one part per call (contract/routeArea.ts).
 */
import { captchaChallengeResponse } from '../account.ts';
import { articleKindParams, articleListQuery, articleLocaleQuery, articleParams, articleListResponse, articleResponse } from '../article.ts';
import { presignedPhotoResponse } from '../accountProfile.ts';
import { campaignListResponse } from '../campaign.ts';
import { uriAvailabilityQuery, uriAvailabilityResponse } from '../campaignWrite.ts';
import { collectionCoverPresignBody, collectionCreateBody, collectionResponse, collectionUpdateBody, collectionUriParams } from '../collection.ts';
import { creatorProfileResponse, profileListQuery, profileParams, profilePostListResponse } from '../creatorProfile.ts';
import { creditsBalanceResponse, creditsHistoryQuery, creditsHistoryResponse, creditsOrderBody, unlockIdParams } from '../creditsApi.ts';
import { designDraftListResponse, designDraftParams, designDraftReadResponse, designDraftSaveBody, designDraftSaveResponse } from '../designDraft.ts';
import { leaderboardQuery, leaderboardResponse } from '../leaderboard.ts';
import { notificationIdParams, notificationListQuery, notificationListResponse, unreadCountResponse } from '../notification.ts';
import { checkoutOptionsResponse, invoiceResponse, orderCreateBody, orderIdParams, orderResponse } from '../order.ts';
import { postCreateBody, postPresignBody, postResponse, postUriParams } from '../post.ts';
import { reportBody, reportResponse } from '../report.ts';
import { exploreParams, exploreQuery, exploreResponse, suggestionsQuery, suggestionsResponse } from '../search.ts';
import { type RouteSchemas, bytes, noContent } from './routeSchemas.ts';

export const siteRoutes = {
  'GET /captcha/challenge': { response: captchaChallengeResponse },

  'POST /posts/presigned': { body: postPresignBody, response: presignedPhotoResponse },
  'POST /posts': { body: postCreateBody, response: postResponse },
  'GET /posts/:uri': { params: postUriParams, response: postResponse },
  'DELETE /posts/:uri': { params: postUriParams, response: noContent },

  'POST /reports': { body: reportBody, response: reportResponse },

  'GET /designs': { response: designDraftListResponse },
  'GET /designs/:id': { params: designDraftParams, response: designDraftReadResponse },
  'PUT /designs/:id': { params: designDraftParams, body: designDraftSaveBody, response: designDraftSaveResponse },
  'DELETE /designs/:id': { params: designDraftParams, response: noContent },

  'GET /notifications': { query: notificationListQuery, response: notificationListResponse },
  'GET /notifications/unread-count': { response: unreadCountResponse },
  'POST /notifications/read-all': { response: unreadCountResponse },
  'POST /notifications/:id/read': { params: notificationIdParams, response: unreadCountResponse },

  'GET /leaderboard': { query: leaderboardQuery, response: leaderboardResponse },

  // Articles (server/routes/articles.ts, docs/CONTENT.md): the blog, use cases and testimonials from content/.
  'GET /articles/:kind': { params: articleKindParams, query: articleListQuery, response: articleListResponse },
  'GET /articles/:kind/:ref': { params: articleParams, query: articleLocaleQuery, response: articleResponse },
  'GET /profiles/:username': { params: profileParams, response: creatorProfileResponse },
  'GET /profiles/:username/campaigns': { params: profileParams, query: profileListQuery, response: campaignListResponse },
  'GET /profiles/:username/posts': { params: profileParams, query: profileListQuery, response: profilePostListResponse },

  'GET /collections/uri-availability': { query: uriAvailabilityQuery, response: uriAvailabilityResponse },
  'POST /collections/presigned': { body: collectionCoverPresignBody, response: presignedPhotoResponse },
  'POST /collections': { body: collectionCreateBody, response: collectionResponse },
  'GET /collections/:uri': { params: collectionUriParams, response: collectionResponse },
  'PATCH /collections/:uri': { params: collectionUriParams, body: collectionUpdateBody, response: collectionResponse },
  'DELETE /collections/:uri': { params: collectionUriParams, response: noContent },

  'GET /search/suggestions': { query: suggestionsQuery, response: suggestionsResponse },
  'GET /explore/:tab': { params: exploreParams, query: exploreQuery, response: exploreResponse },

  // Commerce (server/routes/orders.ts, billing.ts): prices come from contract/plan.ts, amounts from the server.
  'GET /checkout/options': { response: checkoutOptionsResponse },
  'POST /orders': { body: orderCreateBody, response: orderResponse },
  'GET /orders/:orderId': { params: orderIdParams, response: orderResponse },

  // Credits (server/routes/credits.ts, docs/CREDITS.md): the balance, top-ups and what credits buy on a result.
  'GET /credits': { response: creditsBalanceResponse },
  'GET /credits/history': { query: creditsHistoryQuery, response: creditsHistoryResponse },
  'POST /credits/orders': { body: creditsOrderBody, response: orderResponse },

  'POST /unlocks/:unlockId/refund': { params: unlockIdParams, response: creditsBalanceResponse },

  'GET /invoices/:orderId': { params: orderIdParams, response: invoiceResponse },
  'GET /invoices/:orderId/pdf': { params: orderIdParams, response: bytes },
} as const satisfies Record<string, RouteSchemas>;
