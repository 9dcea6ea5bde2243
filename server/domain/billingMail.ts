import { eq } from 'drizzle-orm';
import { findOffer, offerById, type Currency, type PaidTier, type PlanPeriod } from '../../contract/plan.ts';
import { creditPackById } from '../../contract/credits.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, orders } from '../infra/db/schema.ts';
import type { JobHandler } from '../infra/jobs/jobQueue.ts';
import type { Mailer } from '../infra/mail/mailer.ts';
import { mailLocale, mailText, type MailKind, type MailLocale, type MailVars } from '../infra/mail/mailTemplates.ts';
import { formatInvoiceAmount, formatInvoiceDate } from './invoicePdf.ts';
import { invoiceView } from './invoices.ts';
import type { OrderRow } from './orderLedger.ts';

/** What the billing mails need; the order domain (payments) and the billing jobs pass the same. */
export interface BillingMailDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address, for the links in the mails. */
  publicUrl: string;
  log: { error(...args: unknown[]): void };
}

export const billingMailKinds = {
  receipt: 'BILLING_RECEIPT',
  paymentFailed: 'BILLING_PAYMENT_FAILED',
  renewalReminder: 'BILLING_RENEWAL_REMINDER',
  planEnded: 'BILLING_PLAN_ENDED',
} as const satisfies Record<string, MailKind>;

type Recipient = Pick<typeof accounts.$inferSelect, 'email' | 'name' | 'locale' | 'language'>;

const siteUrl = (deps: BillingMailDeps, path: string) => `${deps.publicUrl.replace(/\/+$/, '')}${path}`;

async function recipient(db: Db, accountId: string | null): Promise<Recipient | undefined> {
  if (!accountId) return undefined;
  const [row] = await db.select({ email: accounts.email, name: accounts.name, locale: accounts.locale, language: accounts.language }).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

const localeOf = (to: Recipient): MailLocale => mailLocale(to.locale ?? to.language);

/** What an order bought, in the mail's language (the client's orderLabel, from the same texts). */
export async function orderLabel(locale: MailLocale, order: Pick<OrderRow, 'kind' | 'planId' | 'itemId'>): Promise<string> {
  if (order.kind === 'plan') return planLabel(locale, order.planId ?? '');
  if (order.kind === 'credits') return mailText(locale, 'billing.item.credits', { count: creditPackById(order.itemId)?.credits ?? 0 });
  return mailText(locale, `billing.item.${order.kind}`);
}

/** "Supporter (monthly)" in the mail's language, from the billing texts the client shows too. */
export async function planLabel(locale: MailLocale, planId: string): Promise<string> {
  const offer = offerById(planId);
  if (!offer) return planId;
  return mailText(locale, 'billing.planName', { tier: await mailText(locale, `billing.tier.${offer.tier}`), period: await mailText(locale, `billing.period.${offer.period}`) });
}

/** Sends one mail and never throws: a failure is logged (a billing step must not fail because the mail did). */
async function deliver(deps: BillingMailDeps, kind: MailKind, context: Record<string, unknown>, build: () => Promise<{ to: Recipient; vars: MailVars } | null>): Promise<boolean> {
  try {
    const mail = await build();
    if (!mail) {
      deps.log.error(context, `${kind} not sent: its order or account is gone`);
      return false;
    }
    await deps.mailer.sendMail(kind, mail.to.email, localeOf(mail.to), { name: mail.to.name, ...mail.vars });
    return true;
  } catch (error) {
    deps.log.error({ ...context, err: error }, `${kind} mail failed`);
    return false;
  }
}

async function orderOf(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/**
 * The receipt of a paid order: plan, amount paid (the invoice's total), invoice number and a link to the invoice
 * page. Call it after the invoice is issued. Resolves in every case (true: sent); a failure is logged.
 */
export async function mailReceipt(deps: BillingMailDeps, orderId: string): Promise<boolean> {
  return deliver(deps, billingMailKinds.receipt, { orderId }, async () => {
    const order = await orderOf(deps.db, orderId);
    const to = await recipient(deps.db, order?.accountId ?? null);
    if (!order || !to || !order.accountId) return null;
    const locale = localeOf(to);
    const invoice = await invoiceView(deps.db, order.accountId, orderId);
    return {
      to,
      vars: {
        plan: await orderLabel(locale, order),
        amount: formatInvoiceAmount(invoice.total, invoice.currency, locale),
        number: invoice.number,
        link: siteUrl(deps, `/invoice/${orderId}`),
      },
    };
  });
}

/** A payment that did not go through, with a link to try again (/checkout/failed/{orderId}). Never throws; true: sent. */
export async function mailPaymentFailed(deps: BillingMailDeps, orderId: string): Promise<boolean> {
  return deliver(deps, billingMailKinds.paymentFailed, { orderId }, async () => {
    const order = await orderOf(deps.db, orderId);
    const to = await recipient(deps.db, order?.accountId ?? null);
    if (!order || !to) return null;
    const locale = localeOf(to);
    return {
      to,
      vars: {
        plan: await orderLabel(locale, order),
        amount: formatInvoiceAmount(order.amount, order.currency, locale),
        link: siteUrl(deps, `/checkout/failed/${orderId}`),
      },
    };
  });
}

/** Where renewing sends the person: the checkout of the same plan and currency (our providers take one-time payments). */
export function renewalPath(tier: PaidTier, period: PlanPeriod, currency: Currency): string {
  return `/checkout?${new URLSearchParams({ plan: tier, period, currency }).toString()}`;
}

export interface PlanMailSubject {
  accountId: string;
  planId: string;
  currency: Currency;
  currentPeriodEnd: Date;
}

/**
 * The reminder before a plan's period ends: its end date, the next period's price and a link to pay it.
 * Resolves true when it was sent, false when it failed (logged), so the job can try again later.
 */
export async function mailRenewalReminder(deps: BillingMailDeps, subscription: PlanMailSubject): Promise<boolean> {
  return deliver(deps, billingMailKinds.renewalReminder, { accountId: subscription.accountId }, async () => {
    const to = await recipient(deps.db, subscription.accountId);
    const offer = offerById(subscription.planId);
    if (!to || !offer) return null;
    const locale = localeOf(to);
    const next = findOffer(offer.tier, offer.period);
    return {
      to,
      vars: {
        plan: await planLabel(locale, subscription.planId),
        date: formatInvoiceDate(subscription.currentPeriodEnd, locale),
        amount: formatInvoiceAmount(next.prices[subscription.currency], subscription.currency, locale),
        link: siteUrl(deps, renewalPath(offer.tier, offer.period, subscription.currency)),
      },
    };
  });
}

/** The plan has ended and the account is on the free plan: what is kept, what is locked, and the pricing link. */
export async function mailPlanEnded(deps: BillingMailDeps, subscription: PlanMailSubject): Promise<boolean> {
  return deliver(deps, billingMailKinds.planEnded, { accountId: subscription.accountId }, async () => {
    const to = await recipient(deps.db, subscription.accountId);
    if (!to) return null;
    const locale = localeOf(to);
    return {
      to,
      vars: {
        plan: await planLabel(locale, subscription.planId),
        date: formatInvoiceDate(subscription.currentPeriodEnd, locale),
        link: siteUrl(deps, '/pricing'),
      },
    };
  });
}

/** The job that mails a webhook's outcome (server/backgroundJobs.ts): the provider waits for our answer, not for SMTP. */
export const BILLING_MAIL_JOB = 'billing-mail';

/** publicUrl: the site's address as the webhook's request saw it, for the links. */
export type BillingMailJob = { mail: 'receipt' | 'paymentFailed'; orderId: string; publicUrl: string };

/** Throws when the mail did not go out, so the queue retries it with backoff and keeps it in the dead letters at last. */
export function billingMailJob(deps: Omit<BillingMailDeps, 'publicUrl'>): JobHandler<BillingMailJob> {
  return async ({ mail, orderId, publicUrl }) => {
    const sent = mail === 'receipt' ? await mailReceipt({ ...deps, publicUrl }, orderId) : await mailPaymentFailed({ ...deps, publicUrl }, orderId);
    if (!sent) throw new Error(`${billingMailKinds[mail]} for order ${orderId} not sent`);
  };
}
