/**
 * The account's own endpoints (`/account/…`): sign-up and sign-in, profile, preferences, appeals, and what an
 * account owns (its campaigns, collections, orders, subscription, monetization).
 * Part of the route table (contract/routes.ts); the client loads one part per call (contract/routeArea.ts).
 */
import { z } from 'zod';
import {
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
} from '../account.ts';
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
  resetEmailQuery,
  resetEmailResponse,
  revokeBody,
  socialAuthBody,
  socialProviderParams,
  unsubscribeBody,
  unsubscribeResponse,
} from '../accountProfile.ts';
import { campaignListQuery } from '../campaign.ts';
import { ownCampaignListResponse } from '../campaignWrite.ts';
import { collectionCandidateQuery, collectionCandidateResponse, collectionListQuery, collectionListResponse } from '../collection.ts';
import { earningsResponse, monetizationApplyBody, monetizationResponse, payoutRequestBody, payoutResponse } from '../monetization.ts';
import { orderListQuery, orderListResponse, subscriptionResponse } from '../order.ts';
import { type RouteSchemas } from './routeSchemas.ts';

export const accountRoutes = {
  'POST /account/auth/facebook/data-deletion': { body: z.object({ signed_request: z.string() }), response: facebookDeletionCallbackResponse },

  'GET /account/campaigns': { query: campaignListQuery, response: ownCampaignListResponse },

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

  'GET /account/collections': { query: collectionListQuery, response: collectionListResponse },
  'GET /account/collection-candidates': { query: collectionCandidateQuery, response: collectionCandidateResponse },

  'GET /account/orders': { query: orderListQuery, response: orderListResponse },

  'GET /account/subscription': { response: subscriptionResponse },
  'POST /account/subscription/cancel': { response: subscriptionResponse },
  'POST /account/subscription/resume': { response: subscriptionResponse },

  // Monetization (server/routes/monetization.ts, staffMonetization.ts; contract/monetization.ts).
  'GET /account/monetization': { response: monetizationResponse },
  'POST /account/monetization': { body: monetizationApplyBody, response: monetizationResponse },
  'GET /account/earnings': { response: earningsResponse },
  'POST /account/payouts': { body: payoutRequestBody, response: payoutResponse },
} as const satisfies Record<string, RouteSchemas>;
