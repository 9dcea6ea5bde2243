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
} from '../../contract/staff.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf } from '../http/requireAccount.ts';
import { signedInOrNotFound, staffNoStore, staffOnly } from '../http/staffOnly.ts';
import { listOpenReports, moderate, type ModerationAction } from '../domain/moderation.ts';
import { findAccountByEmailOrUsername, isStaff, toStaffAccount } from '../domain/staff.ts';
import { decidePendingAppeal, listPendingAppeals, suspendWithReason } from '../domain/staffAppeals.ts';
import { listStaffActions } from '../domain/staffAudit.ts';

/**
 * The staff console's API (contract/staff.ts), behind the staff guard (server/http/staffOnly.ts: 404 to anyone who
 * is not staff right now, before validation).
 */
export function staffRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  // Whether to show the console link: every signed-in account may ask (a 404 here would be a failed request on
  // every page of every signed-in person); visitors get 404 like the rest.
  const signedInOnly = signedInOrNotFound(ctx);
  const guard = staffOnly(ctx);
  const noStore = staffNoStore;

  app.get('/staff/session', { preValidation: signedInOnly, ...noStore, schema: { response: { 200: staffSessionResponse } } }, async (request) => ({
    data: { staff: isStaff(request.account) },
  }));

  app.get('/staff/reports', { preValidation: guard, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffReportListResponse } } }, async (request) => ({
    data: await listOpenReports(db, request.query.page, request.query.limit),
  }));

  for (const action of ['hide', 'restore', 'dismiss'] as const satisfies readonly ModerationAction[]) {
    app.post(
      `/staff/reports/:target/:uri/${action}`,
      { preValidation: guard, schema: { params: moderationParams, body: staffReasonBody, response: { 200: moderationResponse } } },
      async (request) => ({ data: await moderate(db, accountOf(request), action, request.params.target, request.params.uri, request.body.reason) }),
    );
  }

  app.get('/staff/accounts', { preValidation: guard, ...noStore, schema: { querystring: staffAccountQuery, response: { 200: staffAccountResponse } } }, async (request) => ({
    data: toStaffAccount(await findAccountByEmailOrUsername(db, request.query.q)),
  }));

  app.post(
    '/staff/accounts/:uuid/suspend',
    { preValidation: guard, schema: { params: staffAccountParams, body: staffReasonBody, response: { 200: staffAccountResponse } } },
    async (request) => ({ data: await suspendWithReason(db, accountOf(request), request.params.uuid, request.body.reason) }),
  );

  app.get('/staff/appeals', { preValidation: guard, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffAppealListResponse } } }, async (request) => ({
    data: await listPendingAppeals(db, ctx.storage, request.query.page, request.query.limit),
  }));

  for (const decision of ['lift', 'keep'] as const) {
    app.post(
      `/staff/appeals/:uuid/${decision}`,
      { preValidation: guard, schema: { params: staffAccountParams, body: staffReasonBody, response: { 200: staffAccountResponse } } },
      async (request) => ({ data: await decidePendingAppeal(db, accountOf(request), request.params.uuid, decision, request.body.reason) }),
    );
  }

  app.get('/staff/audit', { preValidation: guard, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffAuditListResponse } } }, async (request) => ({
    data: await listStaffActions(db, request.query.page, request.query.limit),
  }));
}
