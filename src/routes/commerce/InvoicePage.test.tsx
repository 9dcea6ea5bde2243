import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceView } from '../../../contract/order.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import InvoicePage from './InvoicePage.tsx';

const orderId = '00000000-0000-4000-8000-0000000000b2';
const invoice: InvoiceView = {
  orderId,
  number: 'BK-000012',
  issuedAt: Date.UTC(2026, 10, 27),
  seller: { name: 'Bingkai Test Seller', address: 'Jl. Sudirman 1, Jakarta', taxId: '01.234' },
  buyer: { name: 'Ayu Lestari', email: 'ayu@example.com' },
  lines: [{ description: 'Bingkai Supporter — monthly', planId: 'premiumn_monthly', quantity: 1, unitAmount: 299, amount: 299 }],
  currency: 'USD',
  subtotal: 299,
  tax: 33,
  taxRateBps: 1100,
  total: 332,
  provider: 'sandbox',
  isTest: true,
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/invoice/:orderId', element: <InvoicePage /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: 'u-1', username: 'ayu' }, 'token');

describe('InvoicePage', () => {
  it('shows the invoice as a document and downloads the server’s PDF through the signed client', async () => {
    const server = fakeAccountServer((call) => {
      if (call.url.pathname === `/api/v2/invoices/${orderId}`) return json({ data: invoice });
      if (call.url.pathname === `/api/v2/invoices/${orderId}/pdf`) return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': 'application/pdf' } });
      return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
    });
    renderAt(`/invoice/${orderId}`);
    expect(await screen.findByTestId('invoice-number', {}, { timeout: 10_000 })).toBeTruthy();
    expect(document.querySelector('[data-route="invoice"]')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invoice');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByTestId('invoice-number').textContent).toBe('BK-000012');
    expect(screen.getByText('TEST PAYMENT - no money was taken')).toBeTruthy();
    expect(screen.getByText('Bingkai Test Seller')).toBeTruthy();
    expect(screen.getByText('Ayu Lestari')).toBeTruthy();
    expect(screen.getByText('Tax (11%)')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toBe('$3.32');
    expect(screen.getByText('Paid with Test payment')).toBeTruthy();

    const saved: Array<{ blob: Blob; name: string }> = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ blob, name: '' });
      return 'blob:invoice';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Download PDF' })));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved[0]!.name).toBe('BK-000012.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    const pdfCall = server.to(`/invoices/${orderId}/pdf`)[0]!;
    expect(pdfCall.headers.get('authorization')).toBe('Bearer token');
    expect(pdfCall.headers.get('x-request-token')).toBeTruthy();
    click.mockRestore();
    expect([...missingKeys]).toEqual([]);
  });

  it('is the not-found page for someone else’s or an unknown invoice', async () => {
    fakeAccountServer(() => json({ message: 'Invoice not found', code: 'NOT_FOUND' }, 404));
    renderAt(`/invoice/${orderId}`);
    await waitFor(() => expect(document.querySelector('[data-route="not-found"]')).toBeTruthy(), { timeout: 10_000 });
  });
});
