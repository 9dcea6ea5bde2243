import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../contract/order.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { CheckoutFailure } from './CheckoutFailure.tsx';

const orderId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const expired: OrderView = {
  id: orderId,
  kind: 'plan',
  itemId: null,
  status: 'expired',
  planId: 'diamond_yearly',
  tier: 'creator',
  period: 'yearly',
  currency: 'IDR',
  amount: 149_000_000,
  provider: 'durianpay',
  isTest: false,
  isRenewal: false,
  checkout: null,
  createdAt: 1,
  paidAt: null,
  expiresAt: 2,
  invoiceNumber: null,
};

function renderFor(id: string | null) {
  const router = createMemoryRouter([{ path: '*', element: <CheckoutFailure orderId={id} /> }], { initialEntries: ['/checkout/failed/x'] });
  render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: 'u-1' }, 'token');

describe('failed checkout', () => {
  it('says the order expired and retries the same plan, period and currency as a new checkout', async () => {
    const server = fakeAccountServer(() => json({ data: expired }));
    renderFor(orderId);
    await screen.findByText('The order for your Creator plan (billed yearly) expired before it was paid. You were not charged for it.', undefined, { timeout: 10_000 });
    expect(server.to(`/orders/${orderId}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/checkout?plan=creator&period=yearly&currency=IDR');
    expect(screen.getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe('/pricing');
    expect(missingKeys.size).toBe(0);
  });

  it('says a failed payment failed', async () => {
    fakeAccountServer(() => json({ data: { ...expired, status: 'failed', tier: 'supporter', period: 'monthly', currency: 'USD' } }));
    renderFor(orderId);
    await screen.findByText('The payment for your Supporter plan (billed monthly) did not go through. You were not charged for this order.', undefined, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/checkout?plan=supporter&period=monthly&currency=USD');
  });

  it('an order paid after all leads to its invoice instead of a retry', async () => {
    fakeAccountServer(() => json({ data: { ...expired, status: 'paid', paidAt: 3, invoiceNumber: 'BK-000002' } }));
    renderFor(orderId);
    await screen.findByText('Good news: this order is paid after all.', undefined, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe(`/invoice/${orderId}`);
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('an order that is not there, or not this account’s, leads back to pricing', async () => {
    fakeAccountServer(() => json({ message: 'No such order', code: 'NOT_FOUND' }, 404));
    renderFor(orderId);
    await screen.findByText('We could not find this order. It may belong to another account.', undefined, { timeout: 10_000 });
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toBeTruthy();
  });
});
