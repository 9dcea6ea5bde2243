import type { CheckoutOptions, OrderCreateBody, OrderView } from '../../contract/order.ts';
import { callRoute } from './callRoute.ts';

/** What this visitor can pay with: the currency shown first and each provider with the currencies it charges. */
export async function fetchCheckoutOptions(signal?: AbortSignal): Promise<CheckoutOptions> {
  return (await callRoute('GET /checkout/options', { signal })).data;
}

/**
 * Creates the order of one checkout attempt. The server prices it from the plan catalog; sending the same
 * idempotency key again answers the same order, so a double click or a retry never buys twice.
 */
export async function createOrder(body: OrderCreateBody): Promise<OrderView> {
  return (await callRoute('POST /orders', { body })).data;
}

/** One of the signed-in account's orders, as it stands now (the webhooks move it). */
export async function fetchOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return (await callRoute('GET /orders/:orderId', { params: { orderId }, signal })).data;
}
