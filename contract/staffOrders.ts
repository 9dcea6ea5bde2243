/**
 * Staff orders (under /api/v2/staff, signed, bearer; 404 to anyone not staff, like contract/staff.ts):
 *
 *   GET  /staff/orders?q&page&limit           → StaffOrderList   by order id, buyer email or provider reference, newest first
 *   POST /staff/orders/:orderId/refund         { reason } → { data: StaffOrder }   refund in full through the provider
 *
 * A refund is final when the provider confirms it (its webhook); the answer shows the order as it is then.
 */
import { z } from 'zod';
import { orderKindSchema, orderStatusSchema, paymentProviderSchema } from './order.ts';
import { currencySchema } from './plan.ts';
import { STAFF_PAGE_SIZE_DEFAULT, STAFF_PAGE_SIZE_MAX } from './staff.ts';

export const staffOrderQuery = z.strictObject({
  q: z.string().trim().min(1, 'Enter an order id, an email or a provider reference').max(254),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(STAFF_PAGE_SIZE_DEFAULT),
});
export type StaffOrderQuery = z.input<typeof staffOrderQuery>;

export const staffOrderParams = z.strictObject({ orderId: z.uuid('Not an order id') });

export const staffOrderLedgerEntry = z.object({
  entry: z.string(),
  /** Minor units, signed (a refund is negative). */
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.iso.datetime(),
});

export const staffOrder = z.object({
  id: z.uuid(),
  kind: orderKindSchema,
  /** The plan id (plans) or the item id (credit pack, 'nowatermark', 'donation'). */
  item: z.string().nullable(),
  amount: z.number().int(),
  currency: currencySchema,
  provider: paymentProviderSchema,
  providerRef: z.string().nullable(),
  status: orderStatusSchema,
  isTest: z.boolean(),
  /** The buyer's email when the order has an account, else null (a visitor's donation). */
  buyerEmail: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  ledger: z.array(staffOrderLedgerEntry),
});
export type StaffOrder = z.infer<typeof staffOrder>;

export const staffOrderListResponse = z.object({
  data: z.object({ items: z.array(staffOrder), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export type StaffOrderList = z.infer<typeof staffOrderListResponse>['data'];
export const staffOrderResponse = z.object({ data: staffOrder });
