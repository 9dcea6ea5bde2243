import { z } from 'zod';
import { campaignUriParams } from '../../contract/campaign.ts';
import { supportBody, supportResponse, supportTokenResponse } from '../../contract/campaignWrite.ts';
import { visitBody } from '../../contract/campaignAnalytics.ts';
import { UNKNOWN_COUNTRY } from '../../contract/ipLookup.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { optionalAccount } from '../http/requireAccount.ts';
import { CampaignSupportService } from '../domain/campaignSupports.ts';
import { CampaignVisitService } from '../domain/campaignVisits.ts';
import type { CampaignService } from '../domain/campaigns.ts';
import { CountFilter } from '../domain/countFilter.ts';
import { SupportTokens } from '../domain/supportTokens.ts';
import { requireFingerprint } from '../http/requestSigning.ts';
import { referrerHost } from '../domain/referrerHost.ts';
import { viewerOf } from './campaignViewer.ts';

/**
 * Support posts one IP may send in SUPPORT_WINDOW_MS, counted or not. It only keeps a flood off the database:
 * what a count may gain is bounded by the page token and the per-IP caps (docs/COUNTS.md), which answer
 * silently instead.
 */
export const SUPPORTS_PER_IP = 120;
const SUPPORT_WINDOW_MS = 10 * 60_000;

/** The supporter's counters: page visits and supports, for anyone who may read the campaign. */
export function campaignSupportRoutes(app: ZodApp, ctx: AppContext, campaigns: CampaignService): void {
  const filter = new CountFilter(ctx.hits, ctx.signingSecret, ctx.config.countLimits);
  const tokens = new SupportTokens(ctx.hits, ctx.signingSecret);
  const supports = new CampaignSupportService(ctx.database.db, ctx.signingSecret, tokens, filter);
  const visits = new CampaignVisitService(ctx.database.db, ctx.signingSecret, filter);
  const maybeSignedIn = optionalAccount(ctx);
  // Countries of counted visits and supports, for the creator's analytics (docs/ANALYTICS.md); WW is stored as unknown (null).
  const countryOf = async (ip: string) => {
    const country = await ctx.countries.lookup(ip);
    return country === UNKNOWN_COUNTRY ? null : country;
  };
  const ownHosts = [...ctx.config.publicHosts, ...(ctx.config.publicUrl ? [new URL(ctx.config.publicUrl).hostname] : [])];

  app.post('/campaigns/:uri/visits', { preHandler: maybeSignedIn, schema: { params: campaignUriParams, body: visitBody, response: { 204: z.null() } } }, async (request, reply) => {
    const entry = await campaigns.read(request.params.uri, viewerOf(request));
    // The page sends its own referrer; a client that does not may still send the header. Only the host is kept.
    const referrer = request.body.referrer ?? request.headers.referer;
    await visits.visit(entry.id, requireFingerprint(request), request.ip, { referrerHost: referrerHost(referrer, [...ownHosts, request.hostname]), country: await countryOf(request.ip) });
    return reply.code(204).send(null);
  });

  // Fetched by the support page when it opens; bound to the caller's fingerprint, so never cached.
  app.get('/campaigns/:uri/support-token', { preHandler: maybeSignedIn, schema: { params: campaignUriParams, response: { 200: supportTokenResponse } } }, async (request, reply) => {
    const entry = await campaigns.read(request.params.uri, viewerOf(request));
    return reply.header('cache-control', 'private, no-store').send({ data: tokens.issue(entry.id, requireFingerprint(request)) });
  });

  app.post('/campaigns/:uri/supports', { config: { rateLimit: { max: SUPPORTS_PER_IP, timeWindow: SUPPORT_WINDOW_MS } }, preHandler: maybeSignedIn, schema: { params: campaignUriParams, body: supportBody, response: { 200: supportResponse } } }, async (request) => {
    const entry = await campaigns.read(request.params.uri, viewerOf(request));
    const result = await supports.support({
      campaignId: entry.id,
      accountId: request.account?.id ?? null,
      fingerprint: requireFingerprint(request),
      ip: request.ip,
      pageToken: request.body.pageToken,
      frameId: request.body.frameId,
      frameIds: entry.campaign.frames.map((frame) => frame.id),
      country: await countryOf(request.ip),
    });
    if (result.counted) campaigns.forget(request.params.uri);
    return { data: result };
  });
}
