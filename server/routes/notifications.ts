import { notificationIdParams, notificationListQuery, notificationListResponse, unreadCountResponse } from '../../contract/notification.ts';
import type { AppContext, ZodApp } from '../context.ts';
import { notFound } from '../domainError.ts';
import { accountOf, requireAccount } from '../http/requireAccount.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadCount } from '../domain/notifications.ts';

/** GET /notifications, GET /notifications/unread-count, POST /notifications/:id/read, POST /notifications/read-all (contract/notification.ts). */
export function notificationRoutes(app: ZodApp, ctx: AppContext): void {
  const db = ctx.database.db;
  const signedIn = requireAccount(ctx);

  app.get('/notifications', { preHandler: signedIn, schema: { querystring: notificationListQuery, response: { 200: notificationListResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await listNotifications(db, accountOf(request).id, request.query.page, request.query.limit) };
  });

  app.get('/notifications/unread-count', { preHandler: signedIn, schema: { response: { 200: unreadCountResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: { unread: await unreadCount(db, accountOf(request).id) } };
  });

  app.post('/notifications/read-all', { preHandler: signedIn, schema: { response: { 200: unreadCountResponse } } }, async (request) => {
    await markAllNotificationsRead(db, accountOf(request).id);
    return { data: { unread: 0 } };
  });

  app.post('/notifications/:id/read', { preHandler: signedIn, schema: { params: notificationIdParams, response: { 200: unreadCountResponse } } }, async (request) => {
    const accountId = accountOf(request).id;
    // Someone else's notification answers like a missing one.
    if (!(await markNotificationRead(db, accountId, request.params.id))) throw notFound('Notification not found');
    return { data: { unread: await unreadCount(db, accountId) } };
  });
}
