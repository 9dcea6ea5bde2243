import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ownCampaignListResponse } from '../../../contract/campaignWrite.ts';
import { monetizationApplyBody, monetizationResponse, type MonetizationView } from '../../../contract/monetization.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { ayuClaims, fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { useAccountStore } from '../account/public.ts';
import { ApplyMonetization } from './ApplyMonetization.tsx';

const campaign = {
  uri: 'ayu-fest',
  type: 'frame',
  title: 'Ayu Fest',
  description: '',
  thumbnailUrl: '/files/t.jpg',
  supportersCount: 1,
  creator: { username: 'ayu', name: 'Ayu', avatarUrl: null, premium: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  visitsCount: 0,
};

/** GET/POST /account/monetization and GET /account/campaigns with the server's rules (server/domain/monetization.ts). */
function monetizationServer(initial: MonetizationView) {
  let view = initial;
  return fakeAccountServer((call: Call) => {
    if (call.url.pathname === '/api/v2/account/campaigns') return json(ownCampaignListResponse.parse({ data: { items: [campaign], page: 1, limit: 50, total: 1 } }));
    if (call.url.pathname !== '/api/v2/account/monetization') return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    if (call.method === 'GET') return json(monetizationResponse.parse({ data: view }));
    const body = monetizationApplyBody.safeParse(call.json);
    if (!body.success) return json({ message: 'Invalid', code: 'VALIDATION_FAILED' }, 400);
    if (view.state !== 'FORM' && view.state !== 'REJECTED') return json({ message: 'Not now', code: 'CONFLICT' }, 409);
    view = {
      state: 'PENDING',
      application: { ...body.data, campaigns: [{ uri: campaign.uri, title: campaign.title }], submittedAt: new Date().toISOString(), decidedAt: null, reason: null },
    };
    return json(monetizationResponse.parse({ data: view }));
  });
}

function show() {
  const router = createMemoryRouter([{ path: '/apply-monetization', element: <ApplyMonetization /> }], { initialEntries: ['/apply-monetization'] });
  render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: ayuClaims.sub, name: 'Ayu', email: 'ayu@example.com', applyMonetization: 'FORM' }, 'token');

describe('monetization application', () => {
  it('checks every field before sending, then sends the application and shows it under review', async () => {
    const server = monetizationServer({ state: 'FORM', application: null });
    show();
    await screen.findByLabelText('Ayu Fest');
    await clickButton('Send application');
    for (const message of ['Enter your legal name.', 'Choose a country.', 'Enter the bank.', "Enter the account holder's name.", 'Choose at least one of your campaigns.', 'Agree to the monetization terms to apply.']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Legal name (as on your ID and bank account)'), { target: { value: 'Ayu Lestari' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'ID' } });
    fireEvent.click(screen.getByLabelText('E-wallet', { selector: 'input' }));
    fireEvent.change(screen.getByLabelText('E-wallet', { selector: 'select' }), { target: { value: 'dana' } });
    fireEvent.change(screen.getByLabelText('Phone number or email of the e-wallet'), { target: { value: '+62 812 0000 1111' } });
    fireEvent.change(screen.getByLabelText("Account holder's name"), { target: { value: 'Ayu Lestari' } });
    fireEvent.click(screen.getByLabelText('Ayu Fest'));
    fireEvent.click(screen.getByLabelText(/I agree to the monetization terms/));
    await clickButton('Send application');

    await screen.findByText('Your application is under review');
    const [post] = server.calls.filter((call) => call.method === 'POST');
    expect(post?.json).toEqual({
      legalName: 'Ayu Lestari',
      country: 'ID',
      payoutMethod: { type: 'ewallet', provider: 'dana', accountName: 'Ayu Lestari', handle: '+62 812 0000 1111' },
      campaigns: ['ayu-fest'],
      agreeToTerms: true,
    });
    expect(useAccountStore.getState().applyMonetization).toBe('PENDING');
    expect([...missingKeys]).toEqual([]);
  });

  it('shows a rejection with the reason, and lets the creator apply again', async () => {
    monetizationServer({
      state: 'REJECTED',
      application: {
        legalName: 'Ayu Lestari',
        country: 'ID',
        payoutMethod: { type: 'bank', bankName: 'BCA', accountName: 'Ayu Lestari', accountNumber: '1234567890' },
        campaigns: [{ uri: 'ayu-fest', title: 'Ayu Fest' }],
        submittedAt: '2026-01-01T00:00:00.000Z',
        decidedAt: '2026-01-02T00:00:00.000Z',
        reason: 'The account holder does not match the legal name',
      },
    });
    show();
    await screen.findByText('Your application was not approved');
    expect(screen.getByText('The account holder does not match the legal name')).toBeTruthy();
    await clickButton('Apply again');
    // The form comes back filled with what was sent; agreeing again is required.
    expect((screen.getByLabelText('Bank') as HTMLInputElement).value).toBe('BCA');
    expect(((await screen.findByLabelText('Ayu Fest')) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/I agree to the monetization terms/));
    await clickButton('Send application');
    await screen.findByText('Your application is under review');
    expect(useAccountStore.getState().applyMonetization).toBe('PENDING');
  });
});
