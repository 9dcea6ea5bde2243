import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderView, SubscriptionView } from '../../../contract/order.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { BillingTab } from './BillingTab.tsx';

const periodEnd = Date.UTC(2026, 11, 27, 10);
const plan: SubscriptionView = { planId: 'diamond_monthly', tier: 'creator', period: 'monthly', state: 'active', currency: 'USD', provider: 'stripe', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false };

const order = (over: Partial<OrderView>): OrderView => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'plan',
  itemId: null,
  status: 'paid',
  planId: 'diamond_monthly',
  tier: 'creator',
  period: 'monthly',
  currency: 'USD',
  amount: 999,
  provider: 'stripe',
  isTest: false,
  isRenewal: false,
  checkout: null,
  createdAt: Date.UTC(2026, 10, 27),
  paidAt: Date.UTC(2026, 10, 27),
  expiresAt: Date.UTC(2026, 10, 27, 1),
  invoiceNumber: 'BK-000007',
  ...over,
});

function renderTab() {
  const router = createMemoryRouter([{ path: '*', element: <BillingTab /> }], { initialEntries: ['/profile/profile-settings?tab=billing'] });
  return render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: 'u-1', username: 'ayu' }, 'token');

describe('BillingTab', () => {
  it('shows the plan and its end date, cancels after asking, resumes, and lists the payments with their invoices', async () => {
    let current = plan;
    const server = fakeAccountServer((call) => {
      const path = call.url.pathname;
      if (path === '/api/v2/account/subscription') return json({ data: current });
      if (path === '/api/v2/account/subscription/cancel') return json({ data: (current = { ...current, cancelAtPeriodEnd: true }) });
      if (path === '/api/v2/account/subscription/resume') return json({ data: (current = { ...current, cancelAtPeriodEnd: false }) });
      if (path === '/api/v2/account/orders') {
        const page = Number(call.url.searchParams.get('page'));
        return json(
          page === 1
            ? { data: [order({ id: '00000000-0000-4000-8000-000000000002', status: 'failed', invoiceNumber: null, paidAt: null, createdAt: Date.UTC(2026, 10, 28) })], meta: { page: 1, hasMore: true } }
            : { data: [order({})], meta: { page: 2, hasMore: false } },
        );
      }
      return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
    });
    renderTab();
    expect((await screen.findByTestId('billing-plan', {}, { timeout: 10_000 })).textContent).toBe('Creator (monthly)');
    expect(screen.getByText('Paid until 12/27/26. We will email you a few days before so you can renew.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/pricing');

    // Cancel asks first; keeping the plan sends nothing.
    await clickButton('Cancel plan');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    expect(within(dialog).getByText(/Your Creator \(monthly\) plan stays active until 12\/27\/26/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' })));
    expect(server.to('/account/subscription/cancel')).toHaveLength(0);
    await clickButton('Cancel plan');
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel plan' })));
    await waitFor(() => expect(screen.getByText('Cancelled: your plan stays active until 12/27/26, then your account returns to the free plan.')).toBeTruthy());
    expect(server.to('/account/subscription/cancel')).toHaveLength(1);
    expect(server.to('/account/subscription/cancel')[0]!.headers.get('authorization')).toBe('Bearer token');
    await clickButton('Resume plan');
    await waitFor(() => expect(screen.getByText(/^Paid until 12\/27\/26/)).toBeTruthy());

    // The history: newest first, a page at a time, an invoice link once paid.
    const rows = () => screen.getAllByTestId('billing-order');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Failed');
    expect(within(rows()[0]!).queryByRole('link')).toBeNull();
    await clickButton('Show more');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.textContent).toContain('$9.99');
    expect(rows()[1]!.textContent).toContain('Paid');
    expect(screen.getByRole('link', { name: 'View invoice BK-000007' }).getAttribute('href')).toBe('/invoice/00000000-0000-4000-8000-000000000001');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect([...missingKeys]).toEqual([]);
  });

  it('shows a free account its plan and the way to pricing, and an empty history', async () => {
    fakeAccountServer((call) => {
      if (call.url.pathname === '/api/v2/account/subscription') return json({ data: null });
      if (call.url.pathname === '/api/v2/account/orders') return json({ data: [], meta: { page: 1, hasMore: false } });
      return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
    });
    renderTab();
    expect(await screen.findByText('You are on the free plan.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(await screen.findByText('No payments yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });
});
