import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { OrderView } from '../../../contract/order.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { CheckoutView } from './CheckoutView.tsx';
import { redirectToProvider } from './providerRedirect.ts';

vi.mock(import('./providerRedirect.ts'), () => ({ redirectToProvider: vi.fn(), openCheckoutDocument: vi.fn() }));

const orderId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const options = { data: { currency: 'IDR', providers: [{ id: 'sandbox', currencies: ['IDR', 'USD'], isTest: true }, { id: 'stripe', currencies: ['USD'], isTest: false }] } };

function order(checkout: OrderView['checkout']): OrderView {
  return { id: orderId, kind: 'plan', itemId: null, status: 'pending', planId: 'diamond_yearly', tier: 'creator', period: 'yearly', currency: 'IDR', amount: 149_000_000, provider: 'sandbox', isTest: true, isRenewal: false, checkout, createdAt: 1, paidAt: null, expiresAt: 2, invoiceNumber: null };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutView /> },
      { path: '/checkout/loading/:orderId', element: <p>loading page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Clicks Pay, whose name carries the price (Intl separates the currency with a no-break space). */
async function pay(price: string) {
  const button = screen.getByRole('button', { name: (name) => name.replace(/\s/g, ' ') === `Pay ${price}` });
  await act(async () => fireEvent.click(button));
}

const keyOf = (call: Call) => call.json?.idempotencyKey as string;

accountTestLifecycle({ uuid: 'u-1', email: 'ayu@example.com', name: 'Ayu' }, 'token');

describe('checkout', () => {
  it('explains a link with a wrong plan, period or currency, links to pricing and calls nothing', async () => {
    const server = fakeAccountServer(() => json(options));
    renderAt('/checkout?plan=gold&period=monthly');
    expect(screen.getByText('This checkout link is incomplete')).toBeTruthy();
    expect(screen.getByText('The plan must be supporter or creator.')).toBeTruthy();
    expect(screen.getByText('The currency must be IDR or USD.')).toBeTruthy();
    expect(screen.queryByText('The billing period must be monthly or yearly.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe('/pricing');
    expect(server.calls).toHaveLength(0);
    expect(missingKeys.size).toBe(0);
  });

  it('needs the terms, shows the server’s message, and keeps one idempotency key per attempt', async () => {
    let answer: () => Response = () => json({ message: 'The payment provider is not answering', code: 'UNAVAILABLE' }, 503);
    const server = fakeAccountServer((call) => (call.url.pathname === '/api/v2/checkout/options' ? json(options) : answer()));
    renderAt('/checkout?plan=creator&period=yearly&currency=IDR');
    expect(screen.getByText('Creator plan')).toBeTruthy();
    expect(screen.getAllByText('IDR 1,490,000').length).toBeGreaterThan(0);
    const sandbox = (await screen.findByRole('radio', { name: /Sandbox payment/ }, { timeout: 10_000 })) as HTMLInputElement;
    // The test provider says so; a provider that does not charge rupiah cannot be picked.
    expect(sandbox.closest('label')?.textContent).toContain('Test payment — no real money');
    expect(sandbox.checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Card \(Stripe\)/ }) as HTMLInputElement).disabled).toBe(true);

    await pay('IDR 1,490,000');
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms to continue.');
    expect(server.to('/orders')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Read the terms of service' }).getAttribute('href')).toBe('/terms');

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ })));
    await pay('IDR 1,490,000');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The payment provider is not answering'));
    const first = server.to('/orders')[0]!;
    expect(first.json).toMatchObject({ tier: 'creator', period: 'yearly', currency: 'IDR', provider: 'sandbox', acceptTerms: true });
    expect(keyOf(first)).toMatch(/^[0-9a-f]{32}$/);

    // A retry of the same attempt sends the same key, so the server answers the same order.
    answer = () => json({ data: order({ kind: 'redirect', url: '/api/v2/sandbox-pay/pay_1' }) });
    await pay('IDR 1,490,000');
    await waitFor(() => expect(redirectToProvider).toHaveBeenCalledWith('/api/v2/sandbox-pay/pay_1'));
    expect(server.to('/orders').map(keyOf)).toEqual([keyOf(first), keyOf(first)]);
  });

  it('starts a new attempt when the currency or provider changes', async () => {
    const server = fakeAccountServer((call) => (call.url.pathname === '/api/v2/checkout/options' ? json(options) : json({ message: 'Declined', code: 'UNAVAILABLE' }, 503)));
    renderAt('/checkout?plan=supporter&period=monthly&currency=IDR');
    await screen.findByRole('radio', { name: /Sandbox payment/ }, { timeout: 10_000 });
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ })));
    await pay('IDR 49,000');
    await waitFor(() => expect(server.to('/orders')).toHaveLength(1));
    await screen.findByText('Declined');

    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Currency' }), { target: { value: 'USD' } }));
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: /Card \(Stripe\)/ })));
    await pay('$2.99');
    await waitFor(() => expect(server.to('/orders')).toHaveLength(2));
    const [first, second] = server.to('/orders');
    expect(second!.json).toMatchObject({ currency: 'USD', provider: 'stripe' });
    expect(keyOf(second!)).not.toBe(keyOf(first!));
  });

  it('loads DurianPay’s script only when paying with it, and says so when it fails to load', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const durianOptions = { data: { currency: 'IDR', providers: [{ id: 'durianpay', currencies: ['IDR'], isTest: true }] } };
    fakeAccountServer((call) => (call.url.pathname === '/api/v2/checkout/options' ? json(durianOptions) : json({ data: { ...order({ kind: 'durianpay', orderId: 'ord_dp_1', accessKey: 'adsk_1', sandbox: true }), provider: 'durianpay' } })));
    renderAt('/checkout?plan=supporter&period=monthly&currency=IDR');
    await screen.findByRole('radio', { name: /DurianPay/ }, { timeout: 10_000 });
    const scripts = () => [...document.querySelectorAll('script[src*="durianpay"]')] as HTMLScriptElement[];
    expect(scripts()).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ })));
    await pay('IDR 49,000');
    await waitFor(() => expect(scripts()).toHaveLength(1));
    expect(scripts()[0]!.src).toBe('https://js.durianpay.id/sandbox/0.1.55/durianpay.min.js');
    await act(async () => scripts()[0]!.dispatchEvent(new Event('error')));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The DurianPay payment window could not be loaded.'));
    expect(errors).toHaveBeenCalledWith('Failed to load DurianPay script', expect.anything());
    expect(scripts()).toHaveLength(0);
    errors.mockRestore();
  });
});
