import { healthResponse } from '../../contract/health.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { checkHealth } from '../domain/health.ts';

export function healthRoutes(app: ZodApp, ctx: AppContext): void {
  app.get('/api/health', { schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (_request, reply) => {
    const health = await checkHealth(ctx.database, ctx.storage, ctx.version, ctx.startedAt);
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });
}
