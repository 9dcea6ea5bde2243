import { healthResponse } from '../../contract/health.ts';
import { readinessResponse } from '../../contract/readiness.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { checkHealth } from '../domain/health.ts';
import { checkReadiness } from '../domain/readiness.ts';

export function healthRoutes(app: ZodApp, ctx: AppContext): void {
  app.get('/api/health', { schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (_request, reply) => {
    const health = await checkHealth(ctx.database, ctx.storage, ctx.version, ctx.startedAt);
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });

  // Readiness (docs/DEPLOY.md): take traffic only when the database and the storage answer. While the app is
  // closing, Fastify answers every new request 503 (return503OnClosing), this one included.
  app.get('/api/ready', { schema: { response: { 200: readinessResponse, 503: readinessResponse } } }, async (_request, reply) => {
    const readiness = await checkReadiness(ctx.database, ctx.storage);
    return reply
      .code(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });
}
