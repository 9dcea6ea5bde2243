import { z } from 'zod';
import { campaignUriParams } from '../../contract/campaign.ts';
import { supportBody, supportResponse } from '../../contract/campaignWrite.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { optionalAccount } from '../http/requireAccount.ts';
import { CampaignSupportService } from '../domain/campaignSupports.ts';
import { CampaignVisitService } from '../domain/campaignVisits.ts';
import type { CampaignService } from '../domain/campaigns.ts';
import { requireFingerprint } from '../http/requestSigning.ts';
import { viewerOf } from './campaignViewer.ts';

/**
 * Supports one IP may send in SUPPORT_WINDOW_MS. Fingerprints are made by the client, so this is what stops a
 * script from inflating a count with fresh ones; a crowd behind one school or office NAT stays well below it.
 */
export const SUPPORTS_PER_IP = 120;
const SUPPORT_WINDOW_MS = 10 * 60_000;

/** The supporter's counters: page visits and supports, for anyone who may read the campaign. */
export function campaignSupportRoutes(app: ZodApp, ctx: AppContext, campaigns: CampaignService): void {
  const supports = new CampaignSupportService(ctx.database.db, ctx.signingSecret);
  const visits = new CampaignVisitService(ctx.database.db, ctx.signingSecret);
  const maybeSignedIn = optionalAccount(ctx);

  app.post('/campaigns/:uri/visits', { preHandler: maybeSignedIn, schema: { params: campaignUriParams, response: { 204: z.null() } } }, async (request, reply) => {
    const entry = await campaigns.read(request.params.uri, viewerOf(request));
    await visits.visit(entry.id, requireFingerprint(request));
    return reply.code(204).send(null);
  });

  app.post('/campaigns/:uri/supports', { config: { rateLimit: { max: SUPPORTS_PER_IP, timeWindow: SUPPORT_WINDOW_MS } }, preHandler: maybeSignedIn, schema: { params: campaignUriParams, body: supportBody, response: { 200: supportResponse } } }, async (request) => {
    const entry = await campaigns.read(request.params.uri, viewerOf(request));
    const result = await supports.support({
      campaignId: entry.id,
      accountId: request.account?.id ?? null,
      fingerprint: requireFingerprint(request),
      frameId: request.body.frameId,
      frameIds: entry.campaign.frames.map((frame) => frame.id),
    });
    if (result.counted) campaigns.forget(request.params.uri);
    return { data: result };
  });
}
