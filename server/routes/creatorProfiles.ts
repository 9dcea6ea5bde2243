import { campaignListResponse } from '../../contract/campaign.ts';
import { creatorProfileResponse, profileListQuery, profileParams, profilePostListResponse } from '../../contract/creatorProfile.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { notFound } from '../domainError.ts';
import { CreatorProfileService } from '../domain/creatorProfiles.ts';

const missing = () => notFound('No creator has this username');

/** GET /profiles/:username and its campaigns and posts (contract/creatorProfile.ts); suspended accounts read as unknown. */
export function creatorProfileRoutes(app: ZodApp, ctx: AppContext): void {
  const service = new CreatorProfileService(ctx.database.db, ctx.storage);
  const params = { params: profileParams };

  app.get('/profiles/:username', { schema: { ...params, response: { 200: creatorProfileResponse } } }, async (request) => {
    const found = await service.find(request.params.username);
    if (!found) throw missing();
    return { data: found.profile };
  });

  app.get('/profiles/:username/campaigns', { schema: { ...params, querystring: profileListQuery, response: { 200: campaignListResponse } } }, async (request) => {
    const { page, limit } = request.query;
    const found = await service.campaigns(request.params.username, page, limit);
    if (!found) throw missing();
    return { data: { items: found.items, page, limit, total: found.total } };
  });

  app.get('/profiles/:username/posts', { schema: { ...params, querystring: profileListQuery, response: { 200: profilePostListResponse } } }, async (request) => {
    const { page, limit } = request.query;
    const found = await service.posts(request.params.username, page, limit);
    if (!found) throw missing();
    return { data: { items: found.items, page, limit, total: found.total } };
  });
}
