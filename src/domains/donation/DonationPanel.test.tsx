import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { DonationSummary, DonationWallItem } from '../../../contract/donation.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { DonationPanel } from './DonationPanel.tsx';

const summary: DonationSummary = {
  enabled: true,
  cause: 'Clean the Ciliwung river',
  goalAmount: 100_000,
  currency: 'USD',
  minimum: 100,
  maximum: 1_000_000,
  raised: 25_000,
  donors: 12,
  providers: [{ id: 'sandbox', currencies: ['IDR', 'USD'], isTest: true }],
};

const item = (index: number, over: Partial<DonationWallItem> = {}): DonationWallItem => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Donor ${index}`,
  message: `Message ${index}`,
  amount: 1000 + index,
  currency: 'USD',
  createdAt: Date.UTC(2026, 10, 27, 12, 0, 60 - index),
  ...over,
});

function serve(posted: unknown[] = []) {
  return fakeAccountServer((call) => {
    const path = call.url.pathname;
    if (path === '/api/v2/campaigns/clean-rivers/donations' && call.method === 'GET') return json({ data: summary });
    if (path === '/api/v2/campaigns/clean-rivers/donations' && call.method === 'POST') {
      posted.push(call.json);
      return json({ data: { orderId: '00000000-0000-4000-8000-00000000abcd', checkout: { kind: 'redirect', url: '/sandbox-pay/sbx_123' } } });
    }
    if (path === '/api/v2/campaigns/clean-rivers/donations/wall') {
      const page = Number(call.url.searchParams.get('page'));
      const items = page === 1 ? [item(1, { name: null }), ...Array.from({ length: 9 }, (_, i) => item(i + 2))] : [item(11), item(12)];
      return json({ data: { items, page, limit: 10, total: 12 } });
    }
    return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
  });
}

function renderPanel(entry = '/clean-rivers', goTo = vi.fn()) {
  const router = createMemoryRouter([{ path: '/:uri', element: <DonationPanel uri="clean-rivers" goTo={goTo} /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return { router, goTo };
}

accountTestLifecycle({ uuid: 'u-1', username: 'budi', name: 'Budi Santoso', email: 'budi@example.com' }, 'token');

describe('DonationPanel', () => {
  it('shows the cause, the progress towards the goal and the donor wall, ten a page, with anonymous donors as such', async () => {
    serve();
    renderPanel();
    expect(await screen.findByText('Clean the Ciliwung river', {}, { timeout: 10_000 })).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Progress towards the donation goal' });
    expect(progress.getAttribute('value')).toBe('25');
    expect(progress.getAttribute('aria-valuetext')).toBe('25% of the goal: $250.00 of $1,000.00');
    expect(screen.getByTestId('donation-raised').textContent).toContain('12 donations');

    const wall = screen.getByTestId('donor-wall');
    await waitFor(() => expect(within(wall).getAllByTestId('donor-wall-item')).toHaveLength(10));
    expect(within(wall).getAllByTestId('donor-wall-item')[0]!.textContent).toContain('Anonymous');
    expect(within(wall).getByText('Message 2')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(wall).getByRole('button', { name: 'Page 2' }));
    });
    await waitFor(() => expect(within(wall).getAllByTestId('donor-wall-item')).toHaveLength(2));
    expect(within(wall).getByText('Donor 12')).toBeTruthy();
    expect([...missingKeys]).toEqual([]);
  });

  it('refuses an amount below the minimum and markup without calling the server, then opens the donation and goes to pay', async () => {
    const posted: unknown[] = [];
    serve(posted);
    const { goTo } = renderPanel();
    const form = await screen.findByTestId('donate-form', {}, { timeout: 10_000 });
    // A signed-in donor's name and email are prefilled.
    expect((within(form).getByLabelText('Email for the receipt') as HTMLInputElement).value).toBe('budi@example.com');
    expect((within(form).getByLabelText('Your name (shown on the donor wall)') as HTMLInputElement).value).toBe('Budi Santoso');
    expect(within(form).getByText('Test payment — no real money moves.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Amount (USD)'), { target: { value: '0.5' } });
    fireEvent.change(within(form).getByLabelText('Message (optional)'), { target: { value: '<b>hi</b>' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Donate $0.50' }));
    });
    expect(within(form).getByText('Enter an amount of at least $1.00.')).toBeTruthy();
    expect(within(form).getByText('Please remove the < and > characters.')).toBeTruthy();
    expect(within(form).getByLabelText('Amount (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Amount (USD)'), { target: { value: '12.5' } });
    fireEvent.change(within(form).getByLabelText('Message (optional)'), { target: { value: 'Keep going!' } });
    fireEvent.click(within(form).getByLabelText('Donate anonymously (your name is not shown)'));
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Donate $12.50' }));
    });
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/sandbox-pay/sbx_123'));
    expect(posted).toEqual([
      expect.objectContaining({ amount: 1250, currency: 'USD', provider: 'sandbox', email: 'budi@example.com', name: '', message: 'Keep going!', anonymous: true, idempotencyKey: expect.stringMatching(/^don_[0-9a-f]{32}$/) }),
    ]);
  });

  it('thanks a donor back from the provider once, and takes the action out of the address', async () => {
    serve();
    const { router } = renderPanel('/clean-rivers?action=donation');
    expect((await screen.findByTestId('donation-thanks', {}, { timeout: 10_000 })).textContent).toBe('Thank you for your donation! It shows here once the payment is confirmed.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('donation-thanks')).toBeTruthy();
  });
});
