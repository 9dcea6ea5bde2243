import { pageViewRequest } from '../../contract/analytics.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { recordPageView } from '../domain/pageViews.ts';
import { requireFingerprint } from '../http/requestSigning.ts';

export function analyticsRoutes(app: ZodApp, ctx: AppContext): void {
  app.post('/analytics/page-view', { schema: { body: pageViewRequest } }, async (request, reply) => {
    await recordPageView(ctx.database.db, requireFingerprint(request), request.body);
    return reply.code(204).send();
  });
}
