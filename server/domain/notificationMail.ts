import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { BaseLogger } from 'pino';
import type { NotificationData, NotificationType } from '../../contract/notification.ts';
import type { Db } from '../infra/db/database.ts';
import type { Mailer } from '../infra/mail/mailer.ts';
import { mailIntlTag, mailLocale, mailText, type MailKind, type MailLocale, type MailVars } from '../infra/mail/mailTemplates.ts';
import { campaigns, notifications } from '../infra/db/schema.ts';
import { createWeeklyRecaps, isoWeek, notificationRecipient, notifyTrending } from './notifications.ts';
import { getNotificationPreference } from './preferences.ts';
import { UnsubscribeSigner } from './unsubscribe.ts';

/** A failed mail is tried again after 1, 2, 4, 8… times this, and given up after MAIL_MAX_ATTEMPTS tries. */
export const MAIL_RETRY_BASE_MS = 60_000;
export const MAIL_MAX_ATTEMPTS = 5;
const MAIL_BATCH = 50;

export const mailKindOf: Record<NotificationType, MailKind> = {
  milestone: 'NOTIFICATION_MILESTONE',
  trending: 'NOTIFICATION_TRENDING',
  campaignRecap: 'NOTIFICATION_RECAP',
  whatsNew: 'NOTIFICATION_WHATS_NEW',
  article: 'NOTIFICATION_ARTICLE',
  submission: 'NOTIFICATION_SUBMISSION',
  comments: 'NOTIFICATION_COMMENTS',
};

export interface NotificationMailOptions {
  /** The site's address, for the links in the mails. */
  publicUrl: string;
  /** The server secret the unsubscribe links are signed with (UnsubscribeSigner). */
  signingSecret: Uint8Array;
  log?: Pick<BaseLogger, 'info' | 'warn'>;
  retryBaseMs?: number;
  maxAttempts?: number;
  batchSize?: number;
}

export interface DeliveryResult {
  sent: number;
  skipped: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

type Claimed = typeof notifications.$inferSelect;

/**
 * Takes the pending notifications that are due (never tried, or their back-off since the last try is over), counts the
 * try and stamps its time, in one short transaction: FOR UPDATE SKIP LOCKED lets several PostgreSQL instances share
 * the outbox without taking the same row (PGlite is one process). The mail goes out after the commit, so a slow SMTP
 * server holds no lock; a process that dies mid-send leaves the row pending, tried again after its back-off.
 */
async function claimDue(db: Db, now: Date, retryBaseMs: number, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.mailState, 'pending'),
          or(
            isNull(notifications.mailedAt),
            sql`${notifications.mailedAt} + (${sql.raw(String(Math.max(0, Math.trunc(retryBaseMs))))} * power(2, greatest(${notifications.mailAttempts} - 1, 0))) * interval '1 millisecond' <= ${now.toISOString()}::timestamptz`,
          ),
        ),
      )
      .orderBy(asc(notifications.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notifications)
      .set({ mailAttempts: sql`${notifications.mailAttempts} + 1`, mailedAt: now })
      .where(inArray(
        notifications.id,
        due.map((row) => row.id),
      ))
      .returning();
  });
}

/** The mail's texts: what the template interpolates, and the page its button opens (null: nothing to mail about). */
async function mailVarsFor(db: Db, row: Claimed, locale: MailLocale, publicUrl: string): Promise<MailVars | null> {
  const data = row.data as NotificationData & { campaignId?: string };
  const number = (value: number | undefined) => new Intl.NumberFormat(mailIntlTag(locale)).format(value ?? 0);
  let campaign: { uri: string; title: string } | undefined;
  if (data.campaignId) {
    [campaign] = await db.select({ uri: campaigns.uri, title: campaigns.title }).from(campaigns).where(eq(campaigns.id, data.campaignId)).limit(1);
    // The campaign was deleted since: nothing left to tell about it.
    if (!campaign) return null;
  }
  const campaignVars = campaign ? { title: campaign.title, link: `${publicUrl}/${campaign.uri}` } : {};
  switch (row.type) {
    case 'milestone':
      return { ...campaignVars, milestone: number(data.milestone) };
    case 'trending':
      return { ...campaignVars, rank: number(data.rank) };
    case 'campaignRecap': {
      const lines: string[] = [];
      for (const item of data.campaigns ?? []) {
        lines.push(await mailText(locale, 'mail.NOTIFICATION_RECAP.line', { title: item.title, supports: number(item.supports), visits: number(item.visits), link: `${publicUrl}/${item.uri}` }));
      }
      return { week: data.week ?? '', supports: number(data.supports), visits: number(data.visits), lines: lines.join('\n\n'), link: `${publicUrl}/profile` };
    }
    case 'whatsNew':
    case 'article':
      return { title: data.title ?? '', ...(data.path?.startsWith('/') && !data.path.startsWith('//') ? { link: `${publicUrl}${data.path}` } : {}) };
    case 'submission':
    case 'comments':
      return { ...campaignVars, who: data.name ?? '' };
  }
}

/**
 * Mails the due notifications, ONE mail each (a weekly recap is one notification, so one mail): skipped when the
 * recipient is suspended, or the preference of the notification's type is off (defaults apply when never saved);
 * else sent in the account's language with the signed unsubscribe link of that type (in the text and as
 * List-Unsubscribe). A failure is tried again with back-off, and marked failed after the last try.
 */
export async function deliverNotificationMails(db: Db, mail: Mailer, options: NotificationMailOptions, now: Date = new Date()): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, skipped: 0, retrying: 0, failed: 0 };
  // While the mail service is down, trying would only spend the rows' attempts.
  if (mail.status() === 'down') return result;
  const signer = new UnsubscribeSigner(options.signingSecret);
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const claimed = await claimDue(db, now, options.retryBaseMs ?? MAIL_RETRY_BASE_MS, options.batchSize ?? MAIL_BATCH);
  const mark = (id: string, set: Partial<Claimed>) => db.update(notifications).set(set).where(eq(notifications.id, id));
  for (const row of claimed) {
    try {
      const recipient = await notificationRecipient(db, row.accountId);
      const preference = recipient && !recipient.suspendedAt ? await getNotificationPreference(db, row.accountId) : null;
      const locale = mailLocale(recipient?.locale ?? recipient?.language);
      const vars = recipient && preference?.[row.type] ? await mailVarsFor(db, row, locale, options.publicUrl) : null;
      if (!recipient || !vars) {
        await mark(row.id, { mailState: 'skipped', mailedAt: null });
        result.skipped += 1;
        continue;
      }
      const unsubscribe = signer.link(options.publicUrl, recipient.email, row.type);
      await mail.sendMail(mailKindOf[row.type], recipient.email, locale, { ...vars, name: recipient.name, unsubscribe }, { listUnsubscribe: unsubscribe });
      await mark(row.id, { mailState: 'sent', mailedAt: new Date() });
      result.sent += 1;
    } catch (error) {
      const last = row.mailAttempts >= maxAttempts;
      options.log?.warn({ err: error, notification: row.id, attempt: row.mailAttempts }, last ? 'notification mail failed for good' : 'notification mail failed; will retry');
      if (last) {
        await mark(row.id, { mailState: 'failed' }).catch(() => undefined);
        result.failed += 1;
      } else result.retrying += 1;
    }
  }
  return result;
}

export interface NotificationJobResult extends DeliveryResult {
  trending: number;
  recaps: number;
}

/** One run of every scheduled step: trending from the leaderboard, last week's recaps (when `recaps`), then the mail. */
export async function runNotificationJobs(db: Db, mail: Mailer, options: NotificationMailOptions & { recaps?: boolean }, now: Date = new Date()): Promise<NotificationJobResult> {
  const trending = await notifyTrending(db, now);
  const recaps = options.recaps === false ? 0 : await createWeeklyRecaps(db, now);
  return { trending, recaps, ...(await deliverNotificationMails(db, mail, options, now)) };
}

/**
 * One pass of the notification jobs, as a recurring job (server/backgroundJobs.ts; never in a request). The recap
 * query runs once per ISO week per process (its dedupe key makes another instance's run, or a restart's, harmless),
 * and each step is idempotent (dedupe keys, sent/failed stamps). A failure is logged and the next occurrence tries again.
 */
export function notificationJob(db: Db, mail: Mailer, options: NotificationMailOptions & { log: Pick<BaseLogger, 'info' | 'warn'> }): () => Promise<void> {
  let recappedWeek: string | undefined;
  return async () => {
    const now = new Date();
    const week = isoWeek(now).label;
    try {
      const done = await runNotificationJobs(db, mail, { ...options, recaps: recappedWeek !== week }, now);
      recappedWeek = week;
      if (done.sent + done.failed + done.retrying + done.trending + done.recaps > 0) options.log.info(done, 'notification jobs ran');
    } catch (error) {
      options.log.warn({ err: error }, 'notification jobs failed');
    }
  };
}
