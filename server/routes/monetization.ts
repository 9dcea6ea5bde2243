import { earningsResponse, monetizationApplyBody, monetizationResponse, payoutRequestBody, payoutResponse } from '../../contract/monetization.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { earningsOf } from '../domain/earnings.ts';
import { applyForMonetization, monetizationOf } from '../domain/monetization.ts';
import { requestPayout } from '../domain/payouts.ts';

/**
 * A creator's monetization (contract/monetization.ts): the application (FORM or REJECTED → PENDING), the earnings
 * page and payout requests. Everything is the signed-in account's own.
 */
export function monetizationRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx);

  app.get('/account/monetization', { preHandler: signedIn, schema: { response: { 200: monetizationResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await monetizationOf(db, accountOf(request)) };
  });

  app.post('/account/monetization', { preHandler: signedIn, schema: { body: monetizationApplyBody, response: { 200: monetizationResponse } } }, async (request) => ({
    data: await applyForMonetization(db, accountOf(request).id, request.body),
  }));

  app.get('/account/earnings', { preHandler: signedIn, schema: { response: { 200: earningsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await earningsOf(db, accountOf(request).id, ctx.config.monetization) };
  });

  app.post('/account/payouts', { preHandler: signedIn, schema: { body: payoutRequestBody, response: { 200: payoutResponse } } }, async (request) => ({
    data: await requestPayout(db, accountOf(request).id, ctx.config.monetization, request.body),
  }));
}
