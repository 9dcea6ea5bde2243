import { NOTICE_PATH, noticeResponse } from '../../contract/notice.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { siteNotice } from '../domain/siteNotice.ts';

export function noticeRoutes(app: ZodApp, ctx: AppContext): void {
  // Best-effort replay check: with PostgreSQL nonces, the database being down must not hide the notice that says so.
  app.get(NOTICE_PATH, { config: { replayCheck: 'best-effort' }, schema: { response: { 200: noticeResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await siteNotice(ctx.mail, ctx.database) };
  });
}
