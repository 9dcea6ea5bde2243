import { analyticsCsvFileName, analyticsQuery, campaignAnalyticsResponse } from '../../contract/campaignAnalytics.ts';
import { campaignUriParams } from '../../contract/campaign.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { seriesCsv } from '../domain/analyticsCsv.ts';
import { CampaignAnalyticsService } from '../domain/campaignAnalytics.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';

/** GET /campaigns/:uri/analytics and its CSV (contract/campaignAnalytics.ts): the creator only (403 for others, 404 unknown). */
export function campaignAnalyticsRoutes(app: ZodApp, ctx: AppContext): void {
  const analytics = new CampaignAnalyticsService(ctx.database.db);
  const signedIn = requireAccount(ctx);
  const schema = { params: campaignUriParams, querystring: analyticsQuery };

  app.get('/campaigns/:uri/analytics', { preHandler: signedIn, schema: { ...schema, response: { 200: campaignAnalyticsResponse } } }, async (request, reply) => {
    const data = await analytics.read(accountOf(request).id, request.params.uri, request.query);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });

  app.get('/campaigns/:uri/analytics.csv', { preHandler: signedIn, schema }, async (request, reply) => {
    const { range, granularity } = request.query;
    const data = await analytics.read(accountOf(request).id, request.params.uri, request.query);
    const name = analyticsCsvFileName(request.params.uri, range, granularity);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(seriesCsv(data.series));
  });
}
