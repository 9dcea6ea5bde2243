import { campaignListQuery, campaignListResponse, campaignResponse, campaignUriParams } from '../../contract/campaign.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { notFound } from '../http/apiError.ts';
import { CampaignService } from '../services/campaigns.ts';

export function campaignRoutes(app: ZodApp, ctx: AppContext): void {
  const campaigns = new CampaignService(ctx.database.db, ctx.storage);

  app.get('/campaigns', { schema: { querystring: campaignListQuery, response: { 200: campaignListResponse } } }, async (request) => {
    const { page, limit } = request.query;
    const { items, total } = await campaigns.listPublic(page, limit);
    return { data: { items, page, limit, total } };
  });

  app.get('/campaigns/:uri', { schema: { params: campaignUriParams, response: { 200: campaignResponse } } }, async (request) => {
    const campaign = await campaigns.findReadable(request.params.uri);
    if (!campaign) throw notFound('Campaign not found');
    return { data: campaign };
  });
}
