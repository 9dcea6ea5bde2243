import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  DONATION_LIMITS,
  DONATION_MAXIMUM,
  donationFee,
  donationReturnPath,
  type DonationCreateBody,
  type DonationSettingsBody,
  type DonationSummary,
  type DonationWallItem,
  type ManagedDonation,
  type ManagedDonationList,
  donationCreateBody,
} from '../../contract/donation.ts';
import type { Currency } from '../../contract/plan.ts';
import type { PaymentsConfig } from '../config.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaignDonations, campaigns, donations, orderLedger, orders } from '../infra/db/schema.ts';
import type { PaymentProviders } from '../infra/payments/paymentProviders.ts';
import { donationDescription, TERMS_ENTRY } from './donationFulfilment.ts';
import type { OrderRow } from './orderLedger.ts';
import { openOrder, type OrderDeps } from './orders.ts';

export type DonationConfig = Pick<PaymentsConfig, 'platformFeeBps' | 'donationMinimum'>;

interface DonationCampaign {
  id: string;
  uri: string;
  title: string;
  creatorId: string;
  hidden: boolean;
  creatorSuspended: boolean;
}

async function campaignByUri(db: Db, uri: string): Promise<DonationCampaign | undefined> {
  const [row] = await db
    .select({ id: campaigns.id, uri: campaigns.uri, title: campaigns.title, creatorId: campaigns.creatorId, hiddenAt: campaigns.hiddenAt, suspendedAt: accounts.suspendedAt })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
    .where(eq(campaigns.uri, uri))
    .limit(1);
  return row && { id: row.id, uri: row.uri, title: row.title, creatorId: row.creatorId, hidden: row.hiddenAt !== null, creatorSuspended: row.suspendedAt !== null };
}

/** The campaign its creator manages: 404 when unknown, 403 for anyone else (as the analytics answer). */
async function ownedCampaign(db: Db, accountId: string, uri: string): Promise<DonationCampaign> {
  const campaign = await campaignByUri(db, uri);
  if (!campaign) throw notFound('Campaign not found');
  if (campaign.creatorId !== accountId) throw new DomainError('FORBIDDEN', 'Only the creator of this campaign manages its donations');
  return campaign;
}

async function settingsOf(db: Db, campaignId: string) {
  const [row] = await db.select().from(campaignDonations).where(eq(campaignDonations.campaignId, campaignId));
  return row;
}

/** Paid donations to the campaign: refunded, failed and pending orders do not count. */
const paidDonationOrders = (campaignId: string) => and(eq(orders.campaignId, campaignId), eq(orders.kind, 'donation'), eq(orders.status, 'paid'));

/** The raised total and the number of donations, in the settings' currency. */
async function raisedFor(db: Db, campaignId: string, currency: Currency): Promise<{ raised: number; donors: number }> {
  const [row] = await db
    .select({ raised: sql<string | null>`sum(${orders.amount})`, donors: count() })
    .from(orders)
    .where(and(paidDonationOrders(campaignId), eq(orders.currency, currency)));
  return { raised: Number(row?.raised ?? 0), donors: Number(row?.donors ?? 0) };
}

/** What the campaign page shows: the settings, the total raised and who can take a donation in its currency. */
export async function donationSummaryOf(db: Db, config: DonationConfig, providers: PaymentProviders, campaignId: string): Promise<DonationSummary> {
  const settings = await settingsOf(db, campaignId);
  const currency: Currency = settings?.currency ?? 'IDR';
  const { raised, donors } = await raisedFor(db, campaignId, currency);
  return {
    enabled: settings?.enabled ?? false,
    cause: settings?.cause ?? '',
    goalAmount: settings?.goalAmount ?? null,
    currency,
    minimum: config.donationMinimum[currency],
    maximum: DONATION_MAXIMUM[currency],
    raised,
    donors,
    providers: [...providers.values()].filter((provider) => provider.currencies.includes(currency)).map((provider) => ({ id: provider.id, currencies: [...provider.currencies], isTest: provider.isTest })),
  };
}

/**
 * The creator turns donations on or off, with the cause, an optional goal and the currency. The currency is fixed
 * once a donation was paid (the total is kept in one currency).
 */
export async function saveDonationSettings(db: Db, config: DonationConfig, providers: PaymentProviders, accountId: string, uri: string, body: DonationSettingsBody, now = new Date()): Promise<DonationSummary> {
  const campaign = await ownedCampaign(db, accountId, uri);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(campaignDonations).where(eq(campaignDonations.campaignId, campaign.id)).for('update');
    if (current && current.currency !== body.currency) {
      const [paid] = await tx.select({ n: count() }).from(orders).where(paidDonationOrders(campaign.id));
      if ((paid?.n ?? 0) > 0) throw new DomainError('VALIDATION_FAILED', 'The currency cannot change once donations were received', { currency: 'Fixed once donations were received' });
    }
    const values = { enabled: body.enabled, cause: body.cause, goalAmount: body.goalAmount, currency: body.currency, updatedAt: now };
    await tx
      .insert(campaignDonations)
      .values({ campaignId: campaign.id, ...values })
      .onConflictDoUpdate({ target: campaignDonations.campaignId, set: values });
  });
  return donationSummaryOf(db, config, providers, campaign.id);
}

export interface DonationDeps extends OrderDeps {
  donations: DonationConfig;
}

/** Why this campaign takes no donation now, or null when it does. */
function closedReason(campaign: DonationCampaign, settings: Awaited<ReturnType<typeof settingsOf>>): string | null {
  if (campaign.hidden) return 'This campaign was taken down and takes no donations';
  if (campaign.creatorSuspended) return 'This campaign takes no donations while its creator is suspended';
  if (!settings?.enabled) return 'This campaign does not take donations';
  return null;
}

/**
 * A visitor (signed in or not) donates: an order of kind 'donation' opened through the chosen provider, with the
 * donation's row (name, message, anonymity) and the fee rate of the day written in the order's transaction. Bad
 * input is refused before anything is written; the same idempotency key answers the same order.
 */
export async function openDonation(
  deps: DonationDeps,
  uri: string,
  donor: { accountId: string | null; name: string },
  input: DonationCreateBody,
  origin: string,
  now = new Date(),
): Promise<{ order: OrderRow; created: boolean }> {
  const body = donationCreateBody.parse(input);
  const campaign = await campaignByUri(deps.db, uri);
  if (!campaign) throw notFound('Campaign not found');
  const settings = await settingsOf(deps.db, campaign.id);
  const closed = closedReason(campaign, settings);
  if (closed || !settings) throw new DomainError('DONATIONS_CLOSED', closed ?? 'This campaign does not take donations');
  if (body.currency !== settings.currency) {
    throw new DomainError('VALIDATION_FAILED', `This campaign takes donations in ${settings.currency}`, { currency: `Donations here are in ${settings.currency}` });
  }
  const minimum = deps.donations.donationMinimum[body.currency];
  if (body.amount < minimum) throw new DomainError('VALIDATION_FAILED', `The smallest donation is ${minimum} (minor units of ${body.currency})`, { amount: `At least ${minimum}` });
  const maximum = DONATION_MAXIMUM[body.currency];
  if (body.amount > maximum) throw new DomainError('VALIDATION_FAILED', `The largest donation is ${maximum} (minor units of ${body.currency})`, { amount: `At most ${maximum}` });

  const feeBps = deps.donations.platformFeeBps;
  const name = body.anonymous ? '' : body.name;
  return openOrder(
    deps,
    { accountId: donor.accountId, email: body.email, name: name || donor.name || 'Donor' },
    {
      kind: 'donation',
      itemId: 'donation',
      campaignId: campaign.id,
      amount: body.amount,
      currency: body.currency,
      catalogVersion: 1,
      description: donationDescription(campaign.title),
      returnPath: donationReturnPath(campaign.uri),
      cancelPath: `/${encodeURIComponent(campaign.uri)}`,
    },
    body.provider,
    body.idempotencyKey,
    origin,
    {
      now,
      within: async (tx, order) => {
        await tx.insert(donations).values({
          orderId: order.id,
          campaignId: campaign.id,
          donorAccountId: donor.accountId,
          donorName: name || null,
          message: body.message || null,
          anonymous: body.anonymous || !name,
          createdAt: now,
        });
        await recordDonationTerms(tx, order, feeBps);
      },
    },
  );
}

/** Fixes, in the donation's 'created' transaction, the fee rate it will be settled at (donationFulfilment.ts reads it). */
export async function recordDonationTerms(tx: Db, order: Pick<OrderRow, 'id' | 'amount' | 'currency'>, feeBps: number): Promise<void> {
  const fee = donationFee(order.amount, feeBps);
  await tx.insert(orderLedger).values({ orderId: order.id, entry: TERMS_ENTRY, amount: fee, currency: order.currency, data: { platformFeeBps: feeBps, fee, net: order.amount - fee } });
}

function toWallItem(row: { id: string; donorName: string | null; anonymous: boolean; message: string | null; amount: number; currency: Currency; createdAt: Date }): DonationWallItem {
  return { id: row.id, name: row.anonymous ? null : row.donorName, message: row.message, amount: row.amount, currency: row.currency, createdAt: row.createdAt.getTime() };
}

const wallColumns = {
  id: donations.id,
  donorName: donations.donorName,
  anonymous: donations.anonymous,
  message: donations.message,
  hiddenAt: donations.hiddenAt,
  amount: orders.amount,
  currency: orders.currency,
  createdAt: donations.createdAt,
};

async function donationPage(db: Db, campaignId: string, page: number, withHidden: boolean) {
  const limit = DONATION_LIMITS.wallPageSize;
  const where = and(eq(donations.campaignId, campaignId), paidDonationOrders(campaignId), withHidden ? undefined : isNull(donations.hiddenAt));
  const [rows, totals] = await Promise.all([
    db
      .select(wallColumns)
      .from(donations)
      .innerJoin(orders, eq(orders.id, donations.orderId))
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(donations).innerJoin(orders, eq(orders.id, donations.orderId)).where(where),
  ]);
  return { rows, page, limit, total: Number(totals[0]?.total ?? 0) };
}

/** The donor wall: paid donations not hidden by the creator, newest first, a page of 10. */
export async function donorWall(db: Db, campaignId: string, page: number) {
  const { rows, ...rest } = await donationPage(db, campaignId, page, false);
  return { items: rows.map(toWallItem), ...rest };
}

/** The creator's list of paid donations, hidden ones included and marked. */
export async function managedDonations(db: Db, accountId: string, uri: string, page: number): Promise<ManagedDonationList> {
  const campaign = await ownedCampaign(db, accountId, uri);
  const { rows, ...rest } = await donationPage(db, campaign.id, page, true);
  return { items: rows.map((row) => ({ ...toWallItem(row), hidden: row.hiddenAt !== null })), ...rest };
}

/** The creator hides a donation from the wall, or shows it again; the money still counts either way. */
export async function setDonationHidden(db: Db, accountId: string, uri: string, donationId: string, hidden: boolean, now = new Date()): Promise<ManagedDonation> {
  const campaign = await ownedCampaign(db, accountId, uri);
  const [updated] = await db
    .update(donations)
    .set({ hiddenAt: hidden ? now : null })
    .where(and(eq(donations.id, donationId), eq(donations.campaignId, campaign.id)))
    .returning({ id: donations.id });
  if (!updated) throw notFound('Donation not found');
  const [row] = await db.select(wallColumns).from(donations).innerJoin(orders, eq(orders.id, donations.orderId)).where(eq(donations.id, donationId));
  return { ...toWallItem(row!), hidden: row!.hiddenAt !== null };
}

/** Where the donation-success page sends the donor: the campaign, which thanks them once. */
export async function campaignUriOfOrder(db: Db, order: Pick<OrderRow, 'campaignId'>): Promise<string | null> {
  if (!order.campaignId) return null;
  const [row] = await db.select({ uri: campaigns.uri }).from(campaigns).where(eq(campaigns.id, order.campaignId));
  return row?.uri ?? null;
}
