import { campaignListQuery } from '../../contract/campaign.ts';
import { ownCampaignListResponse } from '../../contract/campaignWrite.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import type { CampaignService } from '../domain/campaigns.ts';

/** GET /account/campaigns: the signed-in creator's campaigns of every visibility. */
export function ownCampaignRoutes(app: ZodApp, ctx: AppContext, campaigns: CampaignService): void {
  app.get('/account/campaigns', { preHandler: requireAccount(ctx), schema: { querystring: campaignListQuery, response: { 200: ownCampaignListResponse } } }, async (request) => {
    const { page, limit } = request.query;
    const { items, total } = await campaigns.listOwn(accountOf(request).id, page, limit);
    return { data: { items, page, limit, total } };
  });
}
