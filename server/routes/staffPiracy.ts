import { staffReasonBody } from '../../contract/staff.ts';
import { piracyActions, staffPiracyFlagResponse, staffPiracyListResponse, staffPiracyParams, staffPiracyQuery } from '../../contract/staffPiracy.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf } from '../http/requireAccount.ts';
import { staffNoStore, staffOnly } from '../http/staffOnly.ts';
import { decideFlag, listOpenFlags } from '../domain/piracyReview.ts';

/**
 * The staff console's Frame matches tab (contract/staffPiracy.ts): open piracy flags with both frames, and the
 * rulings (dismiss, take the copy down and warn, suspend its creator). 404 to anyone who is not staff now.
 */
export function staffPiracyRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const guard = staffOnly(ctx);
  const noStore = staffNoStore;

  app.get('/staff/piracy', { preValidation: guard, ...noStore, schema: { querystring: staffPiracyQuery, response: { 200: staffPiracyListResponse } } }, async (request) => ({
    data: await listOpenFlags(db, ctx.storage, request.query.page, request.query.limit),
  }));

  for (const action of piracyActions) {
    app.post(
      `/staff/piracy/:flagId/${action}`,
      { preValidation: guard, schema: { params: staffPiracyParams, body: staffReasonBody, response: { 200: staffPiracyFlagResponse } } },
      async (request) => ({ data: await decideFlag(db, ctx.storage, accountOf(request), request.params.flagId, action, request.body.reason) }),
    );
  }
}
