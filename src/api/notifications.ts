import type { NotificationList } from '../../contract/notification.ts';
import { callRoute } from './callRoute.ts';

/** A page of the signed-in account's notifications, newest first, with its unread count. */
export async function fetchNotifications(page: number, limit: number, signal?: AbortSignal): Promise<NotificationList> {
  return (await callRoute('GET /notifications', { query: { page, limit }, signal })).data;
}

/** How many of the signed-in account's notifications are unread (the navbar badge). */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await callRoute('GET /notifications/unread-count', { signal })).data.unread;
}

/** Marks one notification read; answers the unread count after it. */
export async function markNotificationRead(id: string): Promise<number> {
  return (await callRoute('POST /notifications/:id/read', { params: { id } })).data.unread;
}

/** Marks every notification of the account read. */
export async function markAllNotificationsRead(): Promise<number> {
  return (await callRoute('POST /notifications/read-all', {})).data.unread;
}
