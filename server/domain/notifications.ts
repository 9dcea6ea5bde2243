import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { notificationData, SUPPORTER_MILESTONES, type NotificationData, type NotificationItem, type NotificationList, type NotificationType, type RecapCampaign } from '../../contract/notification.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaigns, notifications } from '../infra/db/schema.ts';

/** What a producer stores: the campaign (by id, so the list shows its current link and title) and the message's data. */
export interface NewNotification {
  accountId: string;
  type: NotificationType;
  /** The event's identity: the same key never notifies the same account twice. */
  dedupeKey: string;
  campaignId?: string | null;
  data?: NotificationData;
}

/**
 * One notification per event: inserted only when the account exists and is not suspended, and only the first time
 * its dedupe key is seen for that account (a unique key decides between concurrent producers). True when created.
 */
export async function createNotification(db: Db, input: NewNotification): Promise<boolean> {
  const data = { ...notificationData.parse(input.data ?? {}), ...(input.campaignId ? { campaignId: input.campaignId } : {}) };
  const result = await db.execute(sql`
    insert into notifications (account_id, type, dedupe_key, data)
    select a.id, ${input.type}, ${input.dedupeKey}, ${JSON.stringify(data)}::jsonb
    from accounts a where a.id = ${input.accountId} and a.suspended_at is null
    on conflict (account_id, dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

// Producers without an event source yet (the admin's news, the blog, submissions, comments): ready for them.

export function notifyWhatsNew(db: Db, accountId: string, item: { key: string; title: string; path: string }): Promise<boolean> {
  return createNotification(db, { accountId, type: 'whatsNew', dedupeKey: `whatsNew:${item.key}`, data: { title: item.title, path: item.path } });
}

export function notifyArticle(db: Db, accountId: string, article: { id: string; title: string; path: string }): Promise<boolean> {
  return createNotification(db, { accountId, type: 'article', dedupeKey: `article:${article.id}`, data: { title: article.title, path: article.path } });
}

/** A supporter submitted something to a creator's campaign (no producer yet: submissions are not built). */
export function notifySubmission(db: Db, creatorId: string, submission: { id: string; campaignId: string; name: string }): Promise<boolean> {
  return createNotification(db, { accountId: creatorId, type: 'submission', dedupeKey: `submission:${submission.id}`, campaignId: submission.campaignId, data: { name: submission.name } });
}

export function notifyComment(db: Db, creatorId: string, comment: { id: string; campaignId: string; name: string }): Promise<boolean> {
  return createNotification(db, { accountId: creatorId, type: 'comments', dedupeKey: `comment:${comment.id}`, campaignId: comment.campaignId, data: { name: comment.name } });
}

/**
 * After a counted support: when the campaign's count is exactly a milestone, its creator is told, once per
 * campaign and milestone (a count that falls and reaches it again does not notify again). Never throws: a
 * notification that cannot be written must not fail the support that was already counted.
 */
export async function notifyMilestone(db: Db, campaignId: string, supportersCount: number, onError?: (error: unknown) => void): Promise<boolean> {
  if (!(SUPPORTER_MILESTONES as readonly number[]).includes(supportersCount)) return false;
  try {
    const [campaign] = await db.select({ creatorId: campaigns.creatorId }).from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
    if (!campaign) return false;
    return await createNotification(db, {
      accountId: campaign.creatorId,
      type: 'milestone',
      dedupeKey: `milestone:${campaignId}:${supportersCount}`,
      campaignId,
      data: { milestone: supportersCount },
    });
  } catch (error) {
    onError?.(error);
    return false;
  }
}

/** ISO 8601 week of a date (UTC): the year that owns its Thursday, and the week number. */
export function isoWeek(date: Date): { year: number; week: number; label: string } {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const year = day.getUTCFullYear();
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return { year, week, label: `${year}-W${String(week).padStart(2, '0')}` };
}

/** Monday 00:00 UTC of the ISO week that holds `date`. */
export function isoWeekStart(date: Date): Date {
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

const TRENDING_TOP = 10;

/**
 * Campaigns in the top 10 of the worldwide weekly campaign leaderboard: their creators are told, once per campaign
 * and ISO week. One statement over at most ten rows; private campaigns and suspended creators are left out.
 */
export async function notifyTrending(db: Db, now: Date = new Date()): Promise<number> {
  const { label } = isoWeek(now);
  const result = await db.execute(sql`
    insert into notifications (account_id, type, dedupe_key, data)
    select c.creator_id, 'trending', 'trending:' || c.id::text || ':' || ${label}::text,
      jsonb_build_object('campaignId', c.id, 'rank', l.rank, 'week', ${label}::text)
    from leaderboard_entries l
    join campaigns c on c.id = l.subject_id and c.visibility <> 'private'
    join accounts a on a.id = c.creator_id and a.suspended_at is null
    where l.period = 'week' and l.scope = 'WW' and l.kind = 'campaign' and l.rank <= ${TRENDING_TOP}
    on conflict (account_id, dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

type RawRow = Record<string, unknown>;
const asInt = (value: unknown) => Number(value ?? 0);

/**
 * The weekly recap of the ISO week before `now`'s (Monday to Monday, UTC): each creator with at least one campaign that
 * had supports or visits in it gets ONE notification listing those campaigns with their counts (dedupe `recap:{week}`),
 * which the mail job sends as one mail. Safe to run again: the week's key is taken once. Returns how many were created.
 */
export async function createWeeklyRecaps(db: Db, now: Date = new Date()): Promise<number> {
  const end = isoWeekStart(now);
  const start = new Date(end.getTime() - 7 * 86_400_000);
  const { label } = isoWeek(start);
  const result = await db.execute(sql`
    with s as (
      select campaign_id, count(*)::int as n from campaign_supports
      where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz group by campaign_id
    ), v as (
      select campaign_id, count(*)::int as n from campaign_visit_events
      where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz group by campaign_id
    )
    select c.creator_id, c.uri, c.title, coalesce(s.n, 0) as supports, coalesce(v.n, 0) as visits
    from campaigns c
    join accounts a on a.id = c.creator_id and a.suspended_at is null
    left join s on s.campaign_id = c.id
    left join v on v.campaign_id = c.id
    where s.n is not null or v.n is not null
    order by c.creator_id, coalesce(s.n, 0) desc, coalesce(v.n, 0) desc, c.title`);
  const byCreator = new Map<string, RecapCampaign[]>();
  for (const row of (result as unknown as { rows: RawRow[] }).rows) {
    const list = byCreator.get(String(row.creator_id)) ?? [];
    list.push({ uri: String(row.uri), title: String(row.title), supports: asInt(row.supports), visits: asInt(row.visits) });
    byCreator.set(String(row.creator_id), list);
  }
  let created = 0;
  for (const [accountId, list] of byCreator) {
    const supports = list.reduce((sum, item) => sum + item.supports, 0);
    const visits = list.reduce((sum, item) => sum + item.visits, 0);
    if (await createNotification(db, { accountId, type: 'campaignRecap', dedupeKey: `recap:${label}`, data: { week: label, supports, visits, campaigns: list } })) created += 1;
  }
  return created;
}

/** Keeps only what the contract knows, so an odd stored value cannot break the list's answer. */
function cleanData(stored: Record<string, unknown>): NotificationData {
  const parsed = notificationData.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

export async function unreadCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** A page of the account's notifications, newest first, with the campaign each is about as it is now. */
export async function listNotifications(db: Db, accountId: string, page: number, limit: number): Promise<NotificationList> {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      data: notifications.data,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      campaignUri: campaigns.uri,
      campaignTitle: campaigns.title,
    })
    .from(notifications)
    .leftJoin(campaigns, sql`${campaigns.id} = (${notifications.data}->>'campaignId')::uuid`)
    .where(eq(notifications.accountId, accountId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [[totalRow], unread] = await Promise.all([db.select({ n: count() }).from(notifications).where(eq(notifications.accountId, accountId)), unreadCount(db, accountId)]);
  const items: NotificationItem[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    campaign: row.campaignUri !== null && row.campaignTitle !== null ? { uri: row.campaignUri, title: row.campaignTitle } : null,
    data: cleanData(row.data),
  }));
  return { items, page, limit, total: totalRow?.n ?? 0, unread };
}

/** Marks one of the account's notifications read (again is fine); false when it is not one of the account's. */
export async function markNotificationRead(db: Db, accountId: string, id: string): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

export async function markAllNotificationsRead(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Who a mail goes to: the account's address, name, mail language and whether it is suspended. */
export async function notificationRecipient(db: Db, accountId: string) {
  const [row] = await db
    .select({ email: accounts.email, name: accounts.name, locale: accounts.locale, language: accounts.language, suspendedAt: accounts.suspendedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}
