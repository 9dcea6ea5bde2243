import type { FastifyRequest } from 'fastify';
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
import { DomainError, notFound } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { listOpenReports, moderate, type ModerationAction } from '../domain/moderation.ts';
import { findAccountByEmailOrUsername, isStaff, toStaffAccount } from '../domain/staff.ts';
import { decidePendingAppeal, listPendingAppeals, suspendWithReason } from '../domain/staffAppeals.ts';
import { listStaffActions } from '../domain/staffAudit.ts';

/**
 * The staff console's API (contract/staff.ts). The staff check runs before validation (preValidation), so a
 * non-staff caller learns nothing from a 400 either. The role is read from the database on every request (requireAccount
 * loads the account fresh), so a revoked or suspended staff member loses access at once. Anyone else gets 404, as if
 * the routes did not exist; only an expired token says so (401 TOKEN_EXPIRED), so a staff session can refresh.
 */
export function staffRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx);
  // Whether to show the console link: every signed-in account may ask (a 404 here would be a failed request on
  // every page of every signed-in person); visitors get 404 like the rest.
  async function signedInOnly(request: FastifyRequest): Promise<void> {
    try {
      await signedIn(request);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'TOKEN_EXPIRED') throw error;
      throw notFound();
    }
  }
  async function staffOnly(request: FastifyRequest): Promise<void> {
    await signedInOnly(request);
    if (!isStaff(request.account)) throw notFound();
  }
  const noStore = { onSend: async (_request: FastifyRequest, reply: { header(name: string, value: string): unknown }) => void reply.header('cache-control', 'private, no-store') };

  app.get('/staff/session', { preValidation: signedInOnly, ...noStore, schema: { response: { 200: staffSessionResponse } } }, async (request) => ({
    data: { staff: isStaff(request.account) },
  }));

  app.get('/staff/reports', { preValidation: staffOnly, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffReportListResponse } } }, async (request) => ({
    data: await listOpenReports(db, request.query.page, request.query.limit),
  }));

  for (const action of ['hide', 'restore', 'dismiss'] as const satisfies readonly ModerationAction[]) {
    app.post(
      `/staff/reports/:target/:uri/${action}`,
      { preValidation: staffOnly, schema: { params: moderationParams, body: staffReasonBody, response: { 200: moderationResponse } } },
      async (request) => ({ data: await moderate(db, accountOf(request), action, request.params.target, request.params.uri, request.body.reason) }),
    );
  }

  app.get('/staff/accounts', { preValidation: staffOnly, ...noStore, schema: { querystring: staffAccountQuery, response: { 200: staffAccountResponse } } }, async (request) => ({
    data: toStaffAccount(await findAccountByEmailOrUsername(db, request.query.q)),
  }));

  app.post(
    '/staff/accounts/:uuid/suspend',
    { preValidation: staffOnly, schema: { params: staffAccountParams, body: staffReasonBody, response: { 200: staffAccountResponse } } },
    async (request) => ({ data: await suspendWithReason(db, accountOf(request), request.params.uuid, request.body.reason) }),
  );

  app.get('/staff/appeals', { preValidation: staffOnly, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffAppealListResponse } } }, async (request) => ({
    data: await listPendingAppeals(db, ctx.storage, request.query.page, request.query.limit),
  }));

  for (const decision of ['lift', 'keep'] as const) {
    app.post(
      `/staff/appeals/:uuid/${decision}`,
      { preValidation: staffOnly, schema: { params: staffAccountParams, body: staffReasonBody, response: { 200: staffAccountResponse } } },
      async (request) => ({ data: await decidePendingAppeal(db, accountOf(request), request.params.uuid, decision, request.body.reason) }),
    );
  }

  app.get('/staff/audit', { preValidation: staffOnly, ...noStore, schema: { querystring: staffPageQuery, response: { 200: staffAuditListResponse } } }, async (request) => ({
    data: await listStaffActions(db, request.query.page, request.query.limit),
  }));
}
