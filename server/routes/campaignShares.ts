import { z } from 'zod';
import { campaignUriParams } from '../../contract/campaign.ts';
import { campaignShareBody } from '../../contract/campaignAnalytics.ts';
import type { AppContext, ZodApp } from '../context.ts';
import type { CampaignService } from '../domain/campaigns.ts';
import { CampaignShareService } from '../domain/campaignShares.ts';
import { optionalAccount } from '../http/requireAccount.ts';
import { requireFingerprint } from '../http/requestSigning.ts';
import { viewerOf } from './campaignViewer.ts';

/** Share posts one IP may send per minute, recorded or not: keeps a flood off the database (429 beyond). */
export const SHARE_POSTS_PER_IP = 60;

/** POST /campaigns/:uri/shares: a share through one of the page's controls, for the creator's analytics. */
export function campaignShareRoutes(app: ZodApp, ctx: AppContext, campaigns: CampaignService): void {
  const shares = new CampaignShareService(ctx.database.db, ctx.signingSecret, ctx.hits);
  app.post(
    '/campaigns/:uri/shares',
    {
      config: { rateLimit: { max: SHARE_POSTS_PER_IP, timeWindow: 60_000 } },
      preHandler: optionalAccount(ctx),
      schema: { params: campaignUriParams, body: campaignShareBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const entry = await campaigns.read(request.params.uri, viewerOf(request));
      // Recorded or not (a repeat within the hour), the answer is the same: nothing to probe.
      await shares.share(entry.id, request.body.channel, requireFingerprint(request), request.ip);
      return reply.code(204).send(null);
    },
  );
}
