import type { InvoiceView, OrderView, SubscriptionView } from '../../contract/order.ts';
import { ApiError } from './ApiError.ts';
import { callRoute, routePath } from './callRoute.ts';
import { apiV2 } from './clients.ts';
import { createApiClient } from './createApiClient.ts';

/** The signed-in person's running plan; null on the free plan. */
export async function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionView | null> {
  return (await callRoute('GET /account/subscription', { signal })).data;
}

/** Cancels at the period end: the plan runs until then. Answers the plan as it is now. */
export async function cancelSubscription(): Promise<SubscriptionView | null> {
  return (await callRoute('POST /account/subscription/cancel', {})).data;
}

/** Undoes a cancel while the period runs. */
export async function resumeSubscription(): Promise<SubscriptionView | null> {
  return (await callRoute('POST /account/subscription/resume', {})).data;
}

/** A page of the person's orders, newest first. */
export async function fetchOrders(page: number, signal?: AbortSignal): Promise<{ orders: OrderView[]; hasMore: boolean }> {
  const answer = await callRoute('GET /account/orders', { query: { page }, signal });
  return { orders: answer.data, hasMore: answer.meta.hasMore };
}

/** One of the person's invoices (404 for anyone else's). */
export async function fetchInvoice(orderId: string, signal?: AbortSignal): Promise<InvoiceView> {
  return (await callRoute('GET /invoices/:orderId', { params: { orderId }, signal })).data;
}

/**
 * The invoice PDF as the server renders it. The request is signed and carries the session like every API call
 * (so it cannot be a plain link): the API client sends it, and this fetch keeps the PDF's bytes as a Blob
 * instead of the client's text reading.
 */
export async function fetchInvoicePdf(orderId: string): Promise<Blob> {
  let pdf: Blob | undefined;
  const client = createApiClient({
    baseUrl: apiV2.baseUrl,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('application/pdf')) return response;
      pdf = await response.blob();
      return new Response(null, { status: 204 });
    },
  });
  await client.get(routePath('/invoices/:orderId/pdf', { orderId }));
  if (!pdf) throw new ApiError({ status: 200, code: 'MALFORMED_RESPONSE', message: 'The invoice download is not a PDF' });
  return pdf;
}
