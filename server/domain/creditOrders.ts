import { CREDITS_CATALOG_VERSION, creditPackById, nowatermarkPrices } from '../../contract/credits.ts';
import { and, eq } from 'drizzle-orm';
import type { CreditsOrderBody, NowatermarkOrderBody } from '../../contract/creditsApi.ts';
import type { OrderView } from '../../contract/order.ts';
import { DomainError } from '../domainError.ts';
import type { Db } from '../infra/db/database.ts';
import { orderLedger } from '../infra/db/schema.ts';
import type { AccountRow } from './accounts.ts';
import { creditsDescription } from './credits.ts';
import { appendLedger, type OrderRow } from './orderLedger.ts';
import { openOrder, toOrderView, type OrderDeps } from './orders.ts';
import { assertNotUnlocked, assertWatermarked, awaitPayment, nowatermarkDescription, type UnlockTarget } from './watermarkUnlocks.ts';

type Buyer = Pick<AccountRow, 'id' | 'email' | 'name'>;

/** The order ledger entry that keeps where a one-off no-watermark payment returns to (amount 0: no money moves). */
const RETURN_ENTRY = 'return';

/** Opens a top-up order for a pack (POST /credits/orders), priced from contract/credits.ts; it returns to /credits. */
export async function createCreditsOrder(deps: OrderDeps, account: Buyer, body: CreditsOrderBody, origin: string, now: Date = new Date()): Promise<OrderView> {
  const pack = creditPackById(body.pack);
  if (!pack) throw new DomainError('VALIDATION_FAILED', `There is no credit pack "${body.pack}"`, { pack: 'Unknown pack' });
  const { order } = await openOrder(
    deps,
    { accountId: account.id, email: account.email, name: account.name },
    {
      kind: 'credits',
      itemId: pack.id,
      amount: pack.prices[body.currency],
      currency: body.currency,
      catalogVersion: CREDITS_CATALOG_VERSION,
      description: creditsDescription(pack.credits),
      returnPath: '/credits?order={orderId}',
      cancelPath: '/credits?order={orderId}',
    },
    body.provider,
    body.idempotencyKey,
    origin,
    { now },
  );
  return toOrderView(order, null);
}

/**
 * Opens the one-off payment for one result without the watermark (POST /campaigns/:uri/nowatermark-orders). The
 * unlock waiting for it is written with the order; the provider returns to the seed's success routes.
 */
export async function createNowatermarkOrder(deps: OrderDeps, account: Buyer, target: UnlockTarget & { uri: string }, body: NowatermarkOrderBody, origin: string, now: Date = new Date()): Promise<OrderView> {
  assertWatermarked(target, 'nowatermark');
  await assertNotUnlocked(deps.db, account.id, target.campaignId, body.resultKey);
  const uri = encodeURIComponent(target.uri);
  const back = body.returnTo === 'support' ? `/nowatermark-success-support/${uri}` : `/nowatermark-success/${uri}`;
  const { order } = await openOrder(
    deps,
    { accountId: account.id, email: account.email, name: account.name },
    {
      kind: 'nowatermark',
      itemId: 'nowatermark',
      campaignId: target.campaignId,
      amount: nowatermarkPrices[body.currency],
      currency: body.currency,
      catalogVersion: CREDITS_CATALOG_VERSION,
      description: nowatermarkDescription,
      returnPath: `${back}?order={orderId}`,
      cancelPath: `${back}?order={orderId}`,
    },
    body.provider,
    body.idempotencyKey,
    origin,
    {
      now,
      within: async (tx, order) => {
        await awaitPayment(tx, order, body.resultKey);
        // Kept with the order for a provider that does not carry the return URL itself (the sandbox page).
        await appendLedger(tx, order, RETURN_ENTRY, { amount: 0, data: { path: `${back}?order=${order.id}` } });
      },
    },
  );
  return toOrderView(order, null);
}

/**
 * Where the browser goes back to after paying an order of credits or of a result without the watermark (the sandbox
 * page asks; real providers carry the return URL given at openOrder). Null for other kinds.
 */
export async function creditOrderReturnPath(db: Db, order: Pick<OrderRow, 'id' | 'kind'>): Promise<string | null> {
  if (order.kind === 'credits') return `/credits?order=${order.id}`;
  if (order.kind !== 'nowatermark') return null;
  const [entry] = await db
    .select({ data: orderLedger.data })
    .from(orderLedger)
    .where(and(eq(orderLedger.orderId, order.id), eq(orderLedger.entry, RETURN_ENTRY)));
  const path = entry?.data.path;
  return typeof path === 'string' ? path : null;
}
