import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { OrderView } from '../../../contract/order.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { goToProvider } from '../commerce/public.ts';
import { CreditsView } from './CreditsView.tsx';

// Leaving for the provider is a full navigation: the test sees where it would go.
// Handing over to the provider's hosted page is a full navigation (commerce's own tests cover it): replaced here.
vi.mock(import('../commerce/public.ts'), async (importOriginal) => ({ ...(await importOriginal()), goToProvider: vi.fn(() => true) }));

const orderId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const options = { data: { currency: 'IDR', providers: [{ id: 'sandbox', currencies: ['IDR', 'USD'], isTest: true }] } };
const order = (status: OrderView['status']): OrderView => ({
  id: orderId,
  kind: 'credits',
  itemId: 'credits_50',
  status,
  planId: null,
  tier: null,
  period: null,
  currency: 'IDR',
  amount: 6_500_000,
  provider: 'sandbox',
  isTest: true,
  isRenewal: false,
  checkout: status === 'pending' ? { kind: 'redirect', url: '/sandbox-pay/sbx_1' } : null,
  createdAt: 1,
  paidAt: null,
  expiresAt: 2,
  invoiceNumber: null,
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/credits', element: <CreditsView /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: 'u-1', email: 'ayu@example.com', name: 'Ayu' }, 'token');

describe('credits page', () => {
  it('shows the balance, the packs in the account’s currency, and buys a pack through the chosen provider', async () => {
    const server = fakeAccountServer((call) => {
      if (call.url.pathname === '/api/v2/credits') return json({ data: { balance: 7 } });
      if (call.url.pathname === '/api/v2/credits/history') return json({ data: [{ id: 2, kind: 'spend', amount: -5, item: 'nowatermark', createdAt: 1_760_000_000_000 }, { id: 1, kind: 'topup', amount: 12, item: 'credits_10', createdAt: 1_760_000_000_000 }], meta: { page: 1, hasMore: false } });
      if (call.url.pathname === '/api/v2/checkout/options') return json(options);
      return json({ data: order('pending') });
    });
    renderAt('/credits');
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('7 credits'), { timeout: 10_000 });
    const entries = await screen.findAllByTestId('credit-entry');
    expect(entries.map((entry) => entry.textContent)).toEqual([expect.stringContaining('Spent'), expect.stringContaining('Top-up')]);
    expect(within(entries[0]!).getByText('-5 credits')).toBeTruthy();

    const buy = await screen.findByRole('button', { name: (name) => name.replace(/\s/g, ' ') === 'Buy 50 credits for IDR 65,000' }, { timeout: 10_000 });
    await act(async () => fireEvent.click(buy));
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms of sale first.');
    expect(server.to('/credits/orders')).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms of sale/ })));
    await act(async () => fireEvent.click(buy));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(expect.objectContaining({ checkout: { kind: 'redirect', url: '/sandbox-pay/sbx_1' } })));
    expect(server.to('/credits/orders')[0]!.json).toMatchObject({ pack: 'credits_50', currency: 'IDR', provider: 'sandbox', acceptTerms: true, idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(missingKeys.size).toBe(0);
  });

  it('waits for the payment on the return and reads the balance again once paid', async () => {
    let balance = 0;
    let polls = 0;
    fakeAccountServer((call) => {
      if (call.url.pathname === '/api/v2/credits') return json({ data: { balance } });
      if (call.url.pathname === '/api/v2/credits/history') return json({ data: [], meta: { page: 1, hasMore: false } });
      if (call.url.pathname === '/api/v2/checkout/options') return json(options);
      polls += 1;
      if (polls < 2) return json({ data: order('pending') });
      balance = 50;
      return json({ data: order('paid') });
    });
    renderAt(`/credits?order=${orderId}`);
    expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeTruthy();
    expect(await screen.findByText('Payment received: your credits were added.', undefined, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('50 credits'));
    expect(screen.getByText('No top-ups or purchases yet.')).toBeTruthy();
  });
});
