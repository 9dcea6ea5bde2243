/**
 * In-app notifications of the signed-in account (all under /api/v2, signed, bearer):
 *
 *   GET  /notifications?page&limit     → NotificationListResponse   newest first, with the unread count
 *   GET  /notifications/unread-count   → { data: { unread } }       what the navbar badge shows
 *   POST /notifications/:id/read       → { data: { unread } }       404 NOT_FOUND when not one of the account's
 *   POST /notifications/read-all       → { data: { unread: 0 } }
 *
 * A notification's type is its preference key (contract/accountProfile.ts notificationKeys): the mail of a type
 * goes out only while that preference is on. The message is not stored: the client and the mailer render it per
 * locale from the type and `data`.
 */
import { z } from 'zod';
import { notificationKeys, type NotificationKey } from './accountProfile.ts';

export const notificationTypes = notificationKeys;
export type NotificationType = NotificationKey;

/** Supporter counts that notify the creator when a campaign reaches them. */
export const SUPPORTER_MILESTONES = [10, 100, 1000, 10_000] as const;

export const NOTIFICATION_PAGE_SIZE_DEFAULT = 10;
export const NOTIFICATION_PAGE_SIZE_MAX = 50;

export const notificationListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(NOTIFICATION_PAGE_SIZE_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationIdParams = z.strictObject({ id: z.uuid('Not a notification id') });

/** One campaign of a weekly recap: its activity over the week. */
export const recapCampaign = z.object({ uri: z.string(), title: z.string(), supports: z.number().int(), visits: z.number().int() });
export type RecapCampaign = z.infer<typeof recapCampaign>;

/**
 * What a message needs, by type: milestone (milestone), trending (rank, week), campaignRecap (week, supports,
 * visits, campaigns), whatsNew and article (title, path), submission and comments (name: who did it).
 */
export const notificationData = z.object({
  milestone: z.number().int().optional(),
  rank: z.number().int().optional(),
  /** ISO week, e.g. 2026-W48. */
  week: z.string().optional(),
  supports: z.number().int().optional(),
  visits: z.number().int().optional(),
  campaigns: z.array(recapCampaign).optional(),
  title: z.string().optional(),
  /** A path on this site (starting with one `/`). */
  path: z.string().optional(),
  name: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationData>;

export const notificationItem = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The campaign it is about, as it is now; null when none or when it was deleted. */
  campaign: z.object({ uri: z.string(), title: z.string() }).nullable(),
  data: notificationData,
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListResponse = z.object({
  data: z.object({
    items: z.array(notificationItem),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
  }),
});
export type NotificationList = z.infer<typeof notificationListResponse>['data'];

export const unreadCountResponse = z.object({ data: z.object({ unread: z.number().int() }) });
