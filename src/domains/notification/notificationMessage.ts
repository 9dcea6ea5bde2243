import type { NotificationItem } from '../../../contract/notification.ts';

/** i18next's `t`, enough of it for messages with values. */
export type MessageTranslate = (key: string, values?: Record<string, unknown>) => string;

/** An internal path (one leading slash, not protocol-relative), or null: a stored path never leads off the site. */
export function internalPath(path: string | undefined): string | null {
  return path && /^\/(?!\/)/.test(path) && !/[\\\s]/.test(path) ? path : null;
}

/**
 * The localized message of a notification, from its type and data (`notification.message.<type>`): the campaign's
 * current title, else the stored title, else "a deleted campaign"; numbers in the locale's format.
 */
export function notificationMessage(item: NotificationItem, t: MessageTranslate, formatNumber: (value: number) => string): string {
  const { data } = item;
  const title = item.campaign?.title ?? data.title ?? t('notification.deletedCampaign');
  return t(`notification.message.${item.type}`, {
    title,
    milestone: formatNumber(data.milestone ?? 0),
    rank: formatNumber(data.rank ?? 0),
    week: data.week ?? '',
    supports: formatNumber(data.supports ?? 0),
    visits: formatNumber(data.visits ?? 0),
    name: data.name ?? '',
  });
}

/** Where a notification leads: its campaign, a recap to the creator's own campaigns, news to its page on the site. */
export function notificationLink(item: NotificationItem): string | null {
  if (item.campaign) return `/${item.campaign.uri}`;
  if (item.type === 'campaignRecap') return '/profile';
  return internalPath(item.data.path);
}
