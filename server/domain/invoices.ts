import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceView } from '../../contract/order.ts';
import type { Currency, PlanOffer } from '../../contract/plan.ts';
import type { PaymentsConfig } from '../config.ts';
import { notFound } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { invoices, orders, type InvoiceLine, type InvoiceParty } from '../infra/db/schema.ts';
import type { OrderRow } from './orderLedger.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** The advisory lock that makes invoice numbers gapless: one issuer at a time takes max(number) + 1. */
const INVOICE_NUMBER_LOCK = 0x42_4b_49_4e_56; // "BKINV"

/** 12 → "BK-000012" (at least six digits; more once past 999,999). */
export function formatInvoiceNumber(number: number): string {
  return `BK-${String(number).padStart(6, '0')}`;
}

const tierNames: Record<PlanOffer['tier'], string> = { supporter: 'Supporter', creator: 'Creator' };

/** What an invoice line and a provider's payment page call a plan: "Bingkai Supporter — monthly". */
export function planDescription(offer: Pick<PlanOffer, 'tier' | 'period'>): string {
  return `Bingkai ${tierNames[offer.tier]} — ${offer.period}`;
}

/** Tax on a subtotal at a rate in basis points, in minor units, rounded half up (1100 bps of 299 → 32.89 → 33). */
export function taxOf(subtotal: number, rateBps: number): number {
  return Math.floor((subtotal * rateBps + 5_000) / 10_000);
}

/** Only the party fields that have a value (an unset seller address is left out, not printed empty). */
function party(fields: InvoiceParty): InvoiceParty {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === 'string' && value !== '')) as unknown as InvoiceParty;
}

/**
 * Issues the invoice of a paid order inside the caller's transaction: the next number without gaps (an advisory
 * lock held to the commit serialises issuers, then max + 1), the seller from configuration and the buyer as they
 * are now, one line for what was bought (`description`), and the configured tax added on top. An order already
 * invoiced keeps its invoice.
 */
export async function issueInvoice(
  tx: Db,
  order: OrderRow,
  description: string,
  buyer: { name: string; email: string } | null,
  payments: Pick<PaymentsConfig, 'seller' | 'taxRateBps'>,
  at: Date = new Date(),
): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  if (existing) return existing;
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK}::bigint)`);
  const [{ last } = { last: 0 }] = await tx.select({ last: sql<number>`coalesce(max(${invoices.number}), 0)::int` }).from(invoices);
  const subtotal = order.amount;
  const tax = taxOf(subtotal, payments.taxRateBps);
  const lines: InvoiceLine[] = [{ description, planId: order.planId ?? order.itemId ?? order.kind, quantity: 1, unitAmount: subtotal, amount: subtotal }];
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      number: Number(last) + 1,
      issuedAt: at,
      seller: party({ name: payments.seller.name, email: payments.seller.email, address: payments.seller.address, taxId: payments.seller.taxId }),
      // An order whose account was deleted before its payment arrived still gets its invoice.
      buyer: buyer ? party({ name: buyer.name, email: buyer.email }) : { name: '' },
      lines,
      currency: order.currency,
      subtotal,
      taxRateBps: payments.taxRateBps,
      tax,
      total: subtotal + tax,
    })
    .returning();
  return row!;
}

/** The invoice of an order as the contract shows it; only its owner sees it (anyone else: not found). */
export async function invoiceView(db: Db, accountId: string, orderId: string): Promise<InvoiceView> {
  const [found] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.orderId, orderId), eq(orders.accountId, accountId)));
  if (!found) throw notFound('Invoice not found');
  const { invoice, order } = found;
  return {
    orderId: order.id,
    number: formatInvoiceNumber(invoice.number),
    issuedAt: invoice.issuedAt.getTime(),
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines,
    currency: invoice.currency as Currency,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    taxRateBps: invoice.taxRateBps,
    total: invoice.total,
    provider: order.provider,
    isTest: order.isTest,
  };
}
