/**
 * The staff console's endpoints (`/staff/…`): 404 to anyone who is not staff now.
 * Part of the route table (contract/routes.ts); the client loads one part per call (contract/routeArea.ts).
 */
import {
  staffApplicationListResponse,
  staffApplicationResponse,
  staffPayBody,
  staffPayoutListResponse,
  staffPayoutParams,
  staffPayoutResponse,
} from '../monetization.ts';
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
} from '../staff.ts';
import { staffOrderListResponse, staffOrderParams, staffOrderQuery, staffOrderResponse } from '../staffOrders.ts';
import { staffPiracyFlagResponse, staffPiracyListResponse, staffPiracyParams, staffPiracyQuery } from '../staffPiracy.ts';
import { type RouteSchemas } from './routeSchemas.ts';

export const staffRoutes = {
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
