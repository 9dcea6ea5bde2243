import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ResultUnlocks, UnlockView } from '../../../contract/creditsApi.ts';
import { useAccountStore } from '../account/public.ts';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import type { SupportResultData } from '../support/public.ts';
import { ResultPurchase } from './ResultPurchase.tsx';

const resultKey = 'k_0123456789abcdef';
const unlockId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const result: SupportResultData = {
  uri: 'reef',
  blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
  fileName: 'reef.jpg',
  format: 'jpeg',
  width: 500,
  height: 400,
  frameId: 'f-1',
  watermarked: true,
  recipe: { resultKey, frameId: 'f-1', type: 'frame', background: { kind: 'keep' }, fill: { kind: 'blur' }, format: 'jpeg', photos: [new Blob(['photo'])], slots: [{ photo: 0, transform: { x: 1, y: 2, scale: 1, rotation: 0 } }] },
};
const campaign = { uri: 'reef', frames: [] };
const unlock = (purchase: UnlockView['purchase']): UnlockView => ({ id: unlockId, purchase, resultKey, method: 'credits', paid: true, refundableUntil: Date.now() + 60_000 });
const options = { data: { currency: 'IDR', providers: [{ id: 'sandbox', currencies: ['IDR', 'USD'], isTest: true }] } };

function serve(balance: number, unlocks: Partial<ResultUnlocks> = {}) {
  return fakeAccountServer((call) => {
    const path = call.url.pathname;
    if (path === '/api/v2/credits') return json({ data: { balance } });
    if (path === `/api/v2/campaigns/reef/results/${resultKey}/unlocks`) return json({ data: { watermarked: true, nowatermark: null, highResolution: null, ...unlocks } });
    if (path === '/api/v2/campaigns/reef/unlocks') return json({ data: { unlock: unlock(call.json!.purchase as UnlockView['purchase']), balance: balance - 5 } });
    if (path === `/api/v2/unlocks/${unlockId}/refund`) return json({ data: { balance } });
    if (path === '/api/v2/checkout/options') return json(options);
    return json({ error: { code: 'NOT_FOUND', message: 'nope' } }, 404);
  });
}

function show(shown: SupportResultData = result) {
  const router = createMemoryRouter([{ path: '/reef/result', element: <ResultPurchase campaign={campaign} result={shown} onResult={() => {}} /> }], { initialEntries: ['/reef/result'] });
  render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: 'u-1', email: 'ayu@example.com', name: 'Ayu' }, 'token');

describe('the purchase on the result', () => {
  it('offers the watermark’s removal only where the server says this account sees the mark', async () => {
    serve(7, { watermarked: false });
    show();
    expect(await screen.findByTestId('high-resolution-offer', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('nowatermark-offer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download at 2× for 3 credits' })).toBeTruthy();
  });

  it('never offers it for a result without the mark', async () => {
    serve(7);
    show({ ...result, watermarked: false });
    expect(await screen.findByTestId('high-resolution-offer', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('nowatermark-offer')).toBeNull();
  });

  it('spends credits after a confirm step, and gives them back when the render fails', async () => {
    const server = serve(7);
    show();
    const offer = await screen.findByTestId('nowatermark-offer', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('result-balance').textContent).toContain('Your balance: 7 credits.');
    expect(within(offer).getByText(/applies to this photo and this placement/)).toBeTruthy();
    await act(async () => fireEvent.click(within(offer).getByRole('button', { name: 'Remove the watermark for 5 credits' })));
    // Nothing is spent before the confirm step, which names what stays and takes the focus.
    expect(server.to('/campaigns/reef/unlocks')).toHaveLength(0);
    const confirm = within(offer).getByRole('group', { name: 'Confirm the purchase' });
    expect(confirm.textContent).toContain('Spend 5 credits? 2 will be left.');
    const spend = within(confirm).getByRole('button', { name: 'Spend 5 credits' });
    expect(document.activeElement).toBe(spend);
    await act(async () => fireEvent.click(spend));
    // The campaign no longer has the result's frame: the render fails, and the credits come back once.
    expect(await screen.findByText('The picture could not be rendered. Your 5 credits came back to your balance.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(server.to('/campaigns/reef/unlocks').map((call) => call.json)).toEqual([{ resultKey, purchase: 'nowatermark' }]);
    expect(server.to(`/unlocks/${unlockId}/refund`)).toHaveLength(1);
    expect(missingKeys.size).toBe(0);
  });

  it('cancels the confirm step back to the offer', async () => {
    const server = serve(7);
    show();
    const offer = await screen.findByTestId('nowatermark-offer', undefined, { timeout: 10_000 });
    await act(async () => fireEvent.click(within(offer).getByRole('button', { name: 'Remove the watermark for 5 credits' })));
    await act(async () => fireEvent.click(within(offer).getByRole('button', { name: 'Cancel' })));
    expect(document.activeElement).toBe(within(offer).getByRole('button', { name: 'Remove the watermark for 5 credits' }));
    expect(server.to('/campaigns/reef/unlocks')).toHaveLength(0);
  });

  it('offers a top-up or the one-off payment in the account’s currency when the balance does not cover it', async () => {
    const server = serve(2);
    show();
    const offer = await screen.findByTestId('nowatermark-offer', undefined, { timeout: 10_000 });
    expect(within(offer).queryByRole('button', { name: /Remove the watermark/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Top up credits' }).getAttribute('href')).toBe('/credits');
    const oneOff = await within(offer).findByTestId('nowatermark-one-off', undefined, { timeout: 10_000 });
    expect(within(oneOff).getByRole('radio', { name: /Sandbox/ })).toBeTruthy();
    const pay = within(oneOff).getByRole('button', { name: (name) => name.replace(/\s/g, ' ') === 'Pay IDR 10,000' });
    await act(async () => fireEvent.click(pay));
    expect(within(oneOff).getByRole('alert').textContent).toBe('Please accept the terms of sale first.');
    expect(server.to('/campaigns/reef/nowatermark-orders')).toHaveLength(0);
    expect(within(oneOff).getByRole('checkbox', { name: /I accept the terms of sale/ })).toBeTruthy();
    expect(within(screen.getByTestId('high-resolution-offer')).getByText(/This costs 3 credits/)).toBeTruthy();
  });

  it('renders a purchase already paid without spending again', async () => {
    const server = serve(0, { nowatermark: unlock('nowatermark') });
    show();
    const offer = await screen.findByTestId('nowatermark-offer', undefined, { timeout: 10_000 });
    await act(async () => fireEvent.click(within(offer).getByRole('button', { name: 'Render without the watermark (already bought)' })));
    await waitFor(() => expect(screen.getByText('The picture could not be rendered on this device. Try again.')).toBeTruthy(), { timeout: 10_000 });
    expect(server.to('/campaigns/reef/unlocks')).toHaveLength(0);
    expect(server.to(`/unlocks/${unlockId}/refund`)).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in', async () => {
    useAccountStore.setState({ uuid: '' });
    localStorage.clear();
    show();
    const panel = await screen.findByTestId('result-purchase');
    expect(panel.textContent).toContain('Sign in to remove the watermark');
    expect(within(panel).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
