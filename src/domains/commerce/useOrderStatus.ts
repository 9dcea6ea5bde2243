import { useEffect, useState } from 'react';
import { settledOrderStatuses, type OrderView } from '../../../contract/order.ts';
import { isApiError } from '../../api/ApiError.ts';
import { fetchOrder } from '../../api/orders.ts';

/** What the watch of an order knows: still loading, the order as last seen, or why it cannot be seen. */
export type OrderWatch =
  | { phase: 'loading' }
  | { phase: 'watching'; order: OrderView; troubled: boolean }
  | { phase: 'settled'; order: OrderView }
  | { phase: 'missing' }
  | { phase: 'error'; error: unknown };

/** Back-off between polls: 1 s, 1.5 s, 2.25 s … up to 15 s (a payment usually settles in seconds, a VA can take hours). */
export function nextPollDelay(attempt: number): number {
  return Math.min(15_000, Math.round(1000 * 1.5 ** attempt));
}

/** Failed polls in a row before the view says it has trouble reaching the server (it keeps trying). */
const TROUBLE_AFTER = 3;

export function isSettled(order: OrderView): boolean {
  return settledOrderStatuses.includes(order.status);
}

/**
 * Polls GET /orders/:orderId until the order is settled (paid, failed, expired, refunded), backing off between
 * polls; stops on unmount. No id (the URL's is not an order id) and an order that is not there (or not this
 * account's) are 'missing'; a refusal (signed out) is an error; network trouble keeps polling.
 */
export function useOrderStatus(orderId: string | null, pollDelay: (attempt: number) => number = nextPollDelay): OrderWatch {
  // What the polls saw, for the order they polled: another id starts from 'loading' again.
  const [seen, setSeen] = useState<{ orderId: string; watch: OrderWatch } | null>(null);
  useEffect(() => {
    if (!orderId) return;
    const setWatch = (watch: OrderWatch) => setSeen({ orderId, watch });
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let failures = 0;
    let last: OrderView | null = null;

    const poll = async () => {
      try {
        const order = await fetchOrder(orderId, controller.signal);
        if (controller.signal.aborted) return;
        last = order;
        failures = 0;
        if (isSettled(order)) {
          setWatch({ phase: 'settled', order });
          return;
        }
        setWatch({ phase: 'watching', order, troubled: false });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isApiError(error) && (error.status === 404 || error.status === 400)) {
          setWatch({ phase: 'missing' });
          return;
        }
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          setWatch({ phase: 'error', error });
          return;
        }
        failures += 1;
        if (failures >= TROUBLE_AFTER) setWatch(last ? { phase: 'watching', order: last, troubled: true } : { phase: 'error', error });
      }
      timer = setTimeout(() => void poll(), pollDelay(attempt++));
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, pollDelay]);
  if (!orderId) return { phase: 'missing' };
  return seen?.orderId === orderId ? seen.watch : { phase: 'loading' };
}
