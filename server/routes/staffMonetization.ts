import {
  staffApplicationListResponse,
  staffApplicationResponse,
  staffPayBody,
  staffPayoutListResponse,
  staffPayoutParams,
  staffPayoutResponse,
} from '../../contract/monetization.ts';
import { staffAccountParams, staffPageQuery, staffReasonBody } from '../../contract/staff.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf } from '../http/requireAccount.ts';
import { staffNoStore, staffOnly } from '../http/staffOnly.ts';
import { decideApplication, listPendingApplications } from '../domain/monetization.ts';
import { listRequestedPayouts, markPayoutPaid, rejectPayout } from '../domain/payouts.ts';

/**
 * The staff console's monetization sections (contract/monetization.ts): pending applications (approve, reject) and
 * requested payouts (mark paid with the transfer reference, reject: the money returns to earnings). 404 to anyone
 * who is not staff now; every action writes its staff_actions row in its own transaction.
 */
export function staffMonetizationRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const guard = staffOnly(ctx);
  const noStore = staffNoStore;

  app.get('/staff/applications', { preValidation: guard, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffApplicationListResponse } } }, async (request) => ({
    data: await listPendingApplications(db, request.query.page, request.query.limit),
  }));

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/staff/applications/:uuid/${decision}`,
      { preValidation: guard, schema: { params: staffAccountParams, body: staffReasonBody, response: { 200: staffApplicationResponse } } },
      async (request) => ({ data: await decideApplication(db, accountOf(request), request.params.uuid, decision, request.body.reason) }),
    );
  }

  app.get('/staff/payouts', { preValidation: guard, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffPayoutListResponse } } }, async (request) => ({
    data: await listRequestedPayouts(db, request.query.page, request.query.limit),
  }));

  app.post(
    '/staff/payouts/:id/pay',
    { preValidation: guard, schema: { params: staffPayoutParams, body: staffPayBody, response: { 200: staffPayoutResponse } } },
    async (request) => ({ data: await markPayoutPaid(db, accountOf(request), request.params.id, request.body.reference) }),
  );

  app.post(
    '/staff/payouts/:id/reject',
    { preValidation: guard, schema: { params: staffPayoutParams, body: staffReasonBody, response: { 200: staffPayoutResponse } } },
    async (request) => ({ data: await rejectPayout(db, accountOf(request), request.params.id, request.body.reason) }),
  );
}
