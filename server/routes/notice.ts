import { NOTICE_PATH, noticeResponse } from '../../contract/notice.ts';
import type { AppContext, ZodApp } from '../context.ts';

export function noticeRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(NOTICE_PATH, { schema: { response: { 200: noticeResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: { maintenance: ctx.mail.status() === 'down' } };
  });
}
