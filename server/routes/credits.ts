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
} from '../../contract/creditsApi.ts';
import { campaignUriParams } from '../../contract/campaign.ts';
import { orderResponse } from '../../contract/order.ts';
import { resultWatermarked } from '../../contract/plan.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { CampaignService } from '../domain/campaigns.ts';
import { createCreditsOrder, createNowatermarkOrder } from '../domain/creditOrders.ts';
import { creditBalance, creditHistory } from '../domain/credits.ts';
import { refundFailedRender, resultUnlocks, spendOnResult, type UnlockTarget } from '../domain/watermarkUnlocks.ts';
import { originOf } from '../http/pageMeta.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import type { FastifyRequest } from 'fastify';
import { viewerOf } from './campaignViewer.ts';

/** The credits balance, its top-ups and what credits buy on a result (contract/creditsApi.ts, docs/CREDITS.md). Signed-in only. */
export function creditRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx);
  const campaigns = new CampaignService(db, ctx.storage, ctx.config.campaignReadCacheMs, ctx.hits, ctx.cacheBus);
  const orderDeps = { db, providers: ctx.payments, payments: ctx.config.payments };

  /** The campaign as this account may read it (access code, visibility), and whether its results carry the mark for them. */
  const targetOf = async (request: FastifyRequest, uri: string): Promise<UnlockTarget> => {
    const entry = await campaigns.read(uri, viewerOf(request));
    return { campaignId: entry.id, watermarked: resultWatermarked(entry.campaign.premium, accountOf(request).subscription?.plan) };
  };

  app.get('/credits', { preHandler: signedIn, schema: { response: { 200: creditsBalanceResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: { balance: await creditBalance(db, accountOf(request).id) } };
  });

  app.get('/credits/history', { preHandler: signedIn, schema: { querystring: creditsHistoryQuery, response: { 200: creditsHistoryResponse } } }, async (request, reply) => {
    const { items, hasMore } = await creditHistory(db, accountOf(request).id, request.query.page);
    reply.header('cache-control', 'private, no-store');
    return { data: items, meta: { page: request.query.page, hasMore } };
  });

  app.post('/credits/orders', { preHandler: signedIn, schema: { body: creditsOrderBody, response: { 200: orderResponse } } }, async (request, reply) => {
    const order = await createCreditsOrder(orderDeps, accountOf(request), request.body, originOf(ctx.config, request));
    reply.header('cache-control', 'private, no-store');
    return { data: order };
  });

  app.get('/campaigns/:uri/results/:resultKey/unlocks', { preHandler: signedIn, schema: { params: campaignResultParams, response: { 200: resultUnlocksResponse } } }, async (request, reply) => {
    const target = await targetOf(request, request.params.uri);
    reply.header('cache-control', 'private, no-store');
    return { data: await resultUnlocks(db, accountOf(request).id, target, request.params.resultKey) };
  });

  app.post('/campaigns/:uri/unlocks', { preHandler: signedIn, schema: { params: campaignUriParams, body: spendBody, response: { 200: unlockResponse } } }, async (request, reply) => {
    const target = await targetOf(request, request.params.uri);
    const { unlock, balance } = await spendOnResult(db, accountOf(request).id, target, request.body.resultKey, request.body.purchase);
    reply.header('cache-control', 'private, no-store');
    return { data: { unlock, balance } };
  });

  app.post('/campaigns/:uri/nowatermark-orders', { preHandler: signedIn, schema: { params: campaignUriParams, body: nowatermarkOrderBody, response: { 200: orderResponse } } }, async (request, reply) => {
    const target = await targetOf(request, request.params.uri);
    const order = await createNowatermarkOrder(orderDeps, accountOf(request), { ...target, uri: request.params.uri }, request.body, originOf(ctx.config, request));
    reply.header('cache-control', 'private, no-store');
    return { data: order };
  });

  app.post('/unlocks/:unlockId/refund', { preHandler: signedIn, schema: { params: unlockIdParams, response: { 200: creditsBalanceResponse } } }, async (request, reply) => {
    const { balance } = await refundFailedRender(db, accountOf(request).id, request.params.unlockId);
    reply.header('cache-control', 'private, no-store');
    return { data: { balance } };
  });
}
