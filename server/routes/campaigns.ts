import { z } from 'zod';
import { campaignListQuery, campaignListResponse, campaignResponse, campaignUriParams } from '../../contract/campaign.ts';
import {
  campaignAccessBody,
  campaignCreateBody,
  campaignUpdateBody,
  managedCampaignResponse,
  uriAvailabilityQuery,
  uriAvailabilityResponse,
} from '../../contract/campaignWrite.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { DomainError } from '../domainError.ts';
import { accountOf, optionalAccount, requireAccount } from '../http/requireAccount.ts';
import { CampaignWriteService } from '../domain/campaignWrites.ts';
import { CampaignService } from '../domain/campaigns.ts';
import { campaignFrameRoutes } from './campaignFrames.ts';
import { viewerOf } from './campaignViewer.ts';
import { campaignSupportRoutes } from './campaignSupports.ts';
import { campaignShareRoutes } from './campaignShares.ts';
import { campaignAnalyticsRoutes } from './campaignAnalytics.ts';
import { ownCampaignRoutes } from './ownCampaigns.ts';

/** New campaigns per account and per IP per hour: plenty for a creator, a wall for a script. */
export const CAMPAIGN_CREATES_PER_ACCOUNT = 20;
export const CAMPAIGN_CREATES_PER_IP = 60;
const HOUR_MS = 60 * 60_000;

/** Campaign reads and writes (contract/campaign.ts, contract/campaignWrite.ts); one read cache shared by all of them. */
export function campaignRoutes(app: ZodApp, ctx: AppContext): void {
  const campaigns = new CampaignService(ctx.database.db, ctx.storage, ctx.config.campaignReadCacheMs, ctx.hits, ctx.cacheBus);
  const writes = new CampaignWriteService(ctx.database.db, ctx.storage, campaigns, ctx.jobs);
  const signedIn = requireAccount(ctx);
  const maybeSignedIn = optionalAccount(ctx);
  const uriParams = { params: campaignUriParams };

  app.get('/campaigns', { schema: { querystring: campaignListQuery, response: { 200: campaignListResponse } } }, async (request) => {
    const { page, limit } = request.query;
    const { items, total } = await campaigns.listPublic(page, limit);
    return { data: { items, page, limit, total } };
  });

  app.get('/campaigns/uri-availability', { schema: { querystring: uriAvailabilityQuery, response: { 200: uriAvailabilityResponse } } }, async (request) => ({
    data: await writes.uriAvailability(request.query.uri),
  }));

  app.get('/campaigns/:uri', { preHandler: maybeSignedIn, schema: { ...uriParams, response: { 200: campaignResponse } } }, async (request, reply) => {
    const { campaign } = await campaigns.read(request.params.uri, viewerOf(request));
    // Shared caches must not keep what only the owner or holders of the code may see.
    if (campaign.visibility === 'private') reply.header('cache-control', 'private, no-store');
    return { data: campaign };
  });

  app.post('/campaigns/:uri/access', { preHandler: maybeSignedIn, schema: { ...uriParams, body: campaignAccessBody, response: { 200: campaignResponse } } }, async (request, reply) => {
    const { campaign } = await campaigns.read(request.params.uri, viewerOf(request, request.body.code));
    reply.header('cache-control', 'private, no-store');
    return { data: campaign };
  });

  app.post(
    '/campaigns',
    {
      config: { rateLimit: { max: CAMPAIGN_CREATES_PER_IP, timeWindow: HOUR_MS } },
      preHandler: [
        signedIn,
        async (request) => {
          const { count, resetInMs } = await ctx.hits.hit(`campaign-create:${accountOf(request).id}`, HOUR_MS);
          if (count > CAMPAIGN_CREATES_PER_ACCOUNT) throw new DomainError('RATE_LIMITED', `Too many new campaigns; retry in ${Math.max(1, Math.ceil(resetInMs / 60_000))} min`);
        },
      ],
      schema: { body: campaignCreateBody, response: { 201: managedCampaignResponse } },
    },
    async (request, reply) => reply.code(201).send({ data: await writes.create(accountOf(request), request.body) }),
  );

  app.get('/campaigns/:uri/manage', { preHandler: signedIn, schema: { ...uriParams, response: { 200: managedCampaignResponse } } }, async (request) => ({
    data: await writes.managed(accountOf(request), request.params.uri),
  }));

  app.patch('/campaigns/:uri', { preHandler: signedIn, schema: { ...uriParams, body: campaignUpdateBody, response: { 200: managedCampaignResponse } } }, async (request) => ({
    data: await writes.update(accountOf(request), request.params.uri, request.body),
  }));

  app.delete('/campaigns/:uri', { preHandler: signedIn, schema: { ...uriParams, response: { 204: z.null() } } }, async (request, reply) => {
    await writes.delete(accountOf(request), request.params.uri);
    return reply.code(204).send(null);
  });

  campaignFrameRoutes(app, ctx, writes);
  campaignSupportRoutes(app, ctx, campaigns);
  campaignShareRoutes(app, ctx, campaigns);
  campaignAnalyticsRoutes(app, ctx);
  ownCampaignRoutes(app, ctx, campaigns);
}
