import { leaderboardQuery, leaderboardResponse } from '../../contract/leaderboard.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { LeaderboardService } from '../domain/leaderboard.ts';

/** GET /leaderboard (contract/leaderboard.ts): reads the snapshot the scheduled refresh writes. */
export function leaderboardRoutes(app: ZodApp, ctx: AppContext): void {
  const service = new LeaderboardService(ctx.database.db, ctx.storage);

  app.get('/leaderboard', { schema: { querystring: leaderboardQuery, response: { 200: leaderboardResponse } } }, async (request) => {
    const { period, scope, kind } = request.query;
    return { data: await service.read(period, scope, kind) };
  });
}
