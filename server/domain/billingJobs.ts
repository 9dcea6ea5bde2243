import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Currency } from '../../contract/plan.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, orders, subscriptions } from '../infra/db/schema.ts';
import type { Mailer } from '../infra/mail/mailer.ts';
import { mailPlanEnded, mailRenewalReminder, type BillingMailDeps, type PlanMailSubject } from './billingMail.ts';
import { lockOrder, moveOrder } from './orderLedger.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Several instances share one database: the one holding this lock runs the billing pass, the others skip that tick. */
const BILLING_LOCK_KEY = 7_346_290_016;
const BATCH = 200;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface BillingJobOptions {
  /** The site's address, for the links in the mails. */
  publicUrl: string;
  /** How long before a period's end the renewal reminder goes out (config.payments.renewalReminderDays). */
  renewalReminderDays: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(...args: unknown[]): void };
}

export interface BillingJobResult {
  /** Pending orders past their expiry, now expired. */
  expiredOrders: number;
  /**
   * Renewal reminders sent. Our providers take one-time payments, so renewing is the person paying the next period
   * (the reminder's link), which activatePlan adds to the running one; a provider that renews natively
   * (providerSubscriptionId) does it through its webhooks.
   */
  reminded: number;
  /** Plans past their period end, now ended (the account back on the free plan). */
  ended: number;
  /** Another instance held the lock: nothing was done. */
  skipped?: boolean;
}

interface Pass {
  expiredOrders: number;
  reminders: Array<PlanMailSubject & { stamp: Date }>;
  ended: PlanMailSubject[];
}

const subjectOf = (row: typeof subscriptions.$inferSelect): PlanMailSubject => ({
  accountId: row.accountId,
  planId: row.planId,
  currency: row.currency as Currency,
  currentPeriodEnd: row.currentPeriodEnd,
});

/** (a) Pending orders whose payment window closed become expired, through the ledger. */
async function expireStaleOrders(tx: Db, now: Date): Promise<number> {
  const stale = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of stale) {
    // Locked and read again: a webhook may have settled it since.
    const order = await lockOrder(tx, id);
    if (order?.status !== 'pending') continue;
    if (await moveOrder(tx, order, 'expired', { at: now, data: { reason: 'payment window closed' } })) expired += 1;
  }
  return expired;
}

/** (c) Plans past their period end: ended, and the account's plan claim cleared in the same transaction. */
async function endLapsedPlans(tx: Db, now: Date): Promise<PlanMailSubject[]> {
  const lapsed = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.state, 'active'), lte(subscriptions.currentPeriodEnd, now), isNull(subscriptions.providerSubscriptionId)))
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(BATCH)
    .for('update');
  for (const row of lapsed) {
    await tx.update(subscriptions).set({ state: 'ended', updatedAt: now }).where(eq(subscriptions.accountId, row.accountId));
    await tx.update(accounts).set({ subscription: null }).where(eq(accounts.id, row.accountId));
  }
  return lapsed.map(subjectOf);
}

/**
 * (b) Plans ending within the reminder window, not cancelled, whose reminder for this period is not yet sent:
 * stamped now (the mail goes out after the commit). "Sent for this period" is a stamp inside the window, so a
 * period extended since is reminded again near its new end.
 */
async function stampReminders(tx: Db, now: Date, days: number): Promise<Array<PlanMailSubject & { stamp: Date }>> {
  const windowEnd = new Date(now.getTime() + days * DAY_MS);
  const due = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.state, 'active'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNull(subscriptions.providerSubscriptionId),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, windowEnd),
        or(isNull(subscriptions.reminderSentAt), sql`${subscriptions.reminderSentAt} < ${subscriptions.currentPeriodEnd} - make_interval(days => ${days})`),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(BATCH)
    .for('update');
  for (const row of due) await tx.update(subscriptions).set({ reminderSentAt: now }).where(eq(subscriptions.accountId, row.accountId));
  return due.map((row) => ({ ...subjectOf(row), stamp: now }));
}

/**
 * One billing pass as if the clock read `now`: (a) expire stale pending orders, (b) stamp and mail renewal
 * reminders, (c) end plans past their period. The writes run in one transaction under an advisory lock (another
 * instance holding it: skipped); the mails go out after the commit, so a slow SMTP server holds no lock. A
 * reminder that could not be sent has its stamp taken back, so the next pass tries again.
 * Subscriptions a provider renews natively (providerSubscriptionId) are left to that provider's webhooks.
 */
export async function runBillingJobs(db: Db, mailer: Mailer, options: BillingJobOptions & { now?: Date }): Promise<BillingJobResult> {
  const now = options.now ?? new Date();
  const pass = await db.transaction(async (tx): Promise<Pass | null> => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${BILLING_LOCK_KEY}::bigint) as locked`));
    if (!lock?.locked) return null;
    const expiredOrders = await expireStaleOrders(tx, now);
    const ended = await endLapsedPlans(tx, now);
    const reminders = await stampReminders(tx, now, options.renewalReminderDays);
    return { expiredOrders, ended, reminders };
  });
  if (!pass) return { expiredOrders: 0, reminded: 0, ended: 0, skipped: true };

  const deps: BillingMailDeps = { db, mailer, publicUrl: options.publicUrl, log: options.log };
  let reminded = 0;
  for (const reminder of pass.reminders) {
    if (await mailRenewalReminder(deps, reminder)) reminded += 1;
    else {
      await db
        .update(subscriptions)
        .set({ reminderSentAt: null })
        .where(and(eq(subscriptions.accountId, reminder.accountId), eq(subscriptions.reminderSentAt, reminder.stamp)))
        .catch((error: unknown) => options.log.warn({ err: error }, 'renewal reminder stamp not taken back'));
    }
  }
  for (const ended of pass.ended) await mailPlanEnded(deps, ended);
  return { expiredOrders: pass.expiredOrders, reminded, ended: pass.ended.length };
}

/**
 * One billing pass as a recurring job (server/backgroundJobs.ts; never in a request). Idempotent: the lock and the
 * stamps make a second pass, here or on another instance, do nothing twice. A failure is logged and the next
 * occurrence tries again. `now` is the clock (tests).
 */
export function billingJob(db: Db, mailer: Mailer, options: BillingJobOptions & { now?: () => Date }): () => Promise<void> {
  return async () => {
    try {
      const done = await runBillingJobs(db, mailer, { ...options, now: options.now?.() ?? new Date() });
      if (done.expiredOrders + done.reminded + done.ended > 0) options.log.info(done, 'billing jobs ran');
    } catch (error) {
      options.log.warn({ err: error }, 'billing jobs failed');
    }
  };
}
