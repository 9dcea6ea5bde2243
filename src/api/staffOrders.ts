import type { StaffOrder, StaffOrderList } from '../../contract/staffOrders.ts';
import { callRoute } from './callRoute.ts';

/** Orders by order id, buyer email or provider reference, newest first. */
export async function searchStaffOrders(q: string, page: number, signal?: AbortSignal): Promise<StaffOrderList> {
  return (await callRoute('GET /staff/orders', { query: { q, page }, signal })).data;
}

/** Refunds an order in full through its provider; the answer shows it as it is then (refunded once confirmed). */
export async function refundStaffOrder(orderId: string, reason: string): Promise<StaffOrder> {
  return (await callRoute('POST /staff/orders/:orderId/refund', { params: { orderId }, body: { reason } })).data;
}
