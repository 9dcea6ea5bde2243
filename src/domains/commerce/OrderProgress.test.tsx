import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../contract/order.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { ayuClaims, fakeAccountServer, idToken, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { useAccountStore } from '../account/public.ts';
import { OrderProgress } from './OrderProgress.tsx';
import { rememberReturnPath } from './returnPath.ts';

const orderId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const pending: OrderView = {
  id: orderId,
  kind: 'plan',
  itemId: null,
  status: 'pending',
  planId: 'premiumn_monthly',
  tier: 'supporter',
  period: 'monthly',
  currency: 'USD',
  amount: 299,
  provider: 'sandbox',
  isTest: true,
  isRenewal: false,
  checkout: { kind: 'redirect', url: '/api/v2/sandbox-pay/pay_1' },
  createdAt: 1,
  paidAt: null,
  expiresAt: 2,
  invoiceNumber: null,
};
const fast = () => 5;

function renderAt(id: string | null) {
  const router = createMemoryRouter(
    [
      { path: '/checkout/loading/:orderId', element: <OrderProgress orderId={id} pollDelay={fast} /> },
      { path: '/checkout/failed/:orderId', element: <p>failed page</p> },
    ],
    { initialEntries: [`/checkout/loading/${id ?? 'order-1'}`] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

accountTestLifecycle({ uuid: ayuClaims.sub, subscription: null }, 'token');

describe('checkout loading', () => {
  it('polls until the order is paid, then refreshes the session so the plan shows, announces it and leads on', async () => {
    rememberReturnPath('/demo-campaign/support');
    let polls = 0;
    const paidToken = idToken({ ...ayuClaims, subscription: { plan: 'premiumn_monthly' } });
    const server = fakeAccountServer((call) => {
      if (call.url.pathname === `/api/v2/orders/${orderId}`) {
        polls += 1;
        return json({ data: polls < 3 ? pending : { ...pending, status: 'paid', checkout: null, paidAt: 3, invoiceNumber: 'BK-000001' } });
      }
      if (call.url.pathname === '/api/v2/account/auth/refresh') return json({ data: { idToken: paidToken } });
      return json({ message: 'no', code: 'NOT_FOUND' }, 404);
    });
    renderAt(orderId);
    // The live region that announces each change of state.
    const announced = () => document.querySelector('output[aria-live="polite"]')?.textContent;
    await waitFor(() => expect(announced()).toBe('Waiting for the payment to be confirmed…'), { timeout: 10_000 });
    expect(screen.getAllByText('This was a test payment: no real money moved.').length).toBe(1);

    await waitFor(() => expect(announced()).toBe('Payment received. Your Supporter plan is active.'), { timeout: 10_000 });
    await waitFor(() => expect(useAccountStore.getState().subscription).toEqual({ plan: 'premiumn_monthly' }));
    expect(server.to('/account/auth/refresh')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe(`/invoice/${orderId}`);
    expect(screen.getByRole('link', { name: 'Back to where you were' }).getAttribute('href')).toBe('/demo-campaign/support');

    // Settled: no more polls.
    const seen = polls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls).toBe(seen);
    expect(missingKeys.size).toBe(0);
  });

  it('goes to the failed page when the order fails or expires', async () => {
    let polls = 0;
    fakeAccountServer(() => json({ data: ++polls < 2 ? pending : { ...pending, status: 'expired', checkout: null } }));
    const { router } = renderAt(orderId);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkout/failed/${orderId}`), { timeout: 10_000 });
  });

  it('stops polling when the page goes away', async () => {
    let polls = 0;
    fakeAccountServer(() => {
      polls += 1;
      return json({ data: pending });
    });
    const { view } = renderAt(orderId);
    await waitFor(() => expect(polls).toBeGreaterThan(1), { timeout: 10_000 });
    view.unmount();
    const seen = polls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls).toBeLessThanOrEqual(seen + 1);
    const after = polls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls).toBe(after);
  });

  it('says so when the order is not there, without asking for an id that is not an order’s', async () => {
    const server = fakeAccountServer(() => json({ message: 'No such order', code: 'NOT_FOUND' }, 404));
    renderAt(null);
    expect(screen.getByText('We could not find this order.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe('/pricing');
    expect(server.calls).toHaveLength(0);
  });
});
