import type { CreditEntryView, CreditsOrderBody, NowatermarkOrderBody, ResultUnlocks, SpendBody, UnlockView } from '../../contract/creditsApi.ts';
import type { OrderView } from '../../contract/order.ts';
import { callRoute } from './callRoute.ts';

/** The signed-in account's credits (the sum of its ledger entries, on the server). */
export async function fetchCreditBalance(signal?: AbortSignal): Promise<number> {
  return (await callRoute('GET /credits', { signal })).data.balance;
}

/** One page of the balance's history, newest first. */
export async function fetchCreditHistory(page: number, signal?: AbortSignal): Promise<{ items: CreditEntryView[]; hasMore: boolean }> {
  const answer = await callRoute('GET /credits/history', { query: { page }, signal });
  return { items: answer.data, hasMore: answer.meta.hasMore };
}

/** Opens the top-up order of one attempt (priced on the server; the same idempotency key answers the same order). */
export async function createCreditsOrder(body: CreditsOrderBody): Promise<OrderView> {
  return (await callRoute('POST /credits/orders', { body })).data;
}

/** What this account bought for one result of a campaign, and whether its results carry the mark at all. */
export async function fetchResultUnlocks(uri: string, resultKey: string, signal?: AbortSignal): Promise<ResultUnlocks> {
  return (await callRoute('GET /campaigns/:uri/results/:resultKey/unlocks', { params: { uri, resultKey }, signal })).data;
}

/** Spends credits on one result (charged once per result). */
export async function spendCredits(uri: string, body: SpendBody): Promise<{ unlock: UnlockView; balance: number }> {
  return (await callRoute('POST /campaigns/:uri/unlocks', { params: { uri }, body })).data;
}

/** Gives the credits of a result back when its render failed (once, within the window). */
export async function refundFailedRender(unlockId: string): Promise<number> {
  return (await callRoute('POST /unlocks/:unlockId/refund', { params: { unlockId } })).data.balance;
}

/** Opens the one-off payment for a result without the watermark. */
export async function createNowatermarkOrder(uri: string, body: NowatermarkOrderBody): Promise<OrderView> {
  return (await callRoute('POST /campaigns/:uri/nowatermark-orders', { params: { uri }, body })).data;
}
