import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_PAGE_FRAME_SIZES } from '../../../contract/frameImageSources.ts';
import { demoCampaign } from '../../testing/apiMock.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import CampaignPage from './CampaignPage.tsx';
import { fullText } from '../../testing/fullText.ts';

const secret = { ...demoCampaign, uri: 'secret-club', title: 'Secret Club', visibility: 'private' as const };
const envelope = (code: string, status: number) => json({ message: code, code }, status);

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/:uri', element: <CampaignPage /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

/** A private campaign opened with the code `open-sesame`. */
function privateCampaignServer() {
  return fakeAccountServer((call: Call) => {
    const path = call.url.pathname.replace('/api/v2', '');
    const code = call.headers.get('x-campaign-access');
    if (path === '/campaigns/secret-club' && call.method === 'GET') {
      if (code === null) return envelope('ACCESS_CODE_REQUIRED', 403);
      return code === 'open-sesame' ? json({ data: secret }) : envelope('ACCESS_CODE_INVALID', 403);
    }
    if (path === '/campaigns/secret-club/access') return call.json?.code === 'open-sesame' ? json({ data: secret }) : envelope('ACCESS_CODE_INVALID', 403);
    if (path === '/campaigns/secret-club/visits') return code === 'open-sesame' ? new Response(null, { status: 204 }) : envelope('ACCESS_CODE_REQUIRED', 403);
    return envelope('NOT_FOUND', 404);
  });
}

accountTestLifecycle();
beforeEach(() => sessionStorage.clear());

describe('a private campaign', () => {
  it('asks for the access code, refuses a wrong one, then shows the campaign and counts the visit with the code', async () => {
    const server = privateCampaignServer();
    renderAt('/secret-club');
    expect(await screen.findByRole('heading', { level: 1, name: 'This campaign is private' })).toBeTruthy();
    expect(screen.queryByText('Secret Club')).toBeNull();

    await clickButton('Open campaign');
    expect(screen.getByRole('alert').textContent).toBe('Enter the access code.');
    expect(server.to('/campaigns/secret-club/access')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'wrong' } });
    await clickButton('Open campaign');
    expect((await screen.findByRole('alert')).textContent).toBe('That access code is not right.');

    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: ' open-sesame ' } });
    await clickButton('Open campaign');
    expect(await screen.findByRole('heading', { level: 1, name: 'Secret Club' })).toBeTruthy();
    await waitFor(() => expect(server.to('/campaigns/secret-club/visits')).toHaveLength(1));
    expect(server.to('/campaigns/secret-club/visits')[0]?.headers.get('x-campaign-access')).toBe('open-sesame');
    expect(missingKeys.size).toBe(0);
  });

  it('opens at once with the code entered earlier in this tab', async () => {
    sessionStorage.setItem('bingkai-access:secret-club', 'open-sesame');
    privateCampaignServer();
    renderAt('/secret-club');
    expect(await screen.findByRole('heading', { level: 1, name: 'Secret Club' })).toBeTruthy();
  });

  it('drops a stored code that no longer works and asks again', async () => {
    sessionStorage.setItem('bingkai-access:secret-club', 'old-code');
    privateCampaignServer();
    renderAt('/secret-club');
    expect(await screen.findByRole('heading', { level: 1, name: 'This campaign is private' })).toBeTruthy();
    expect(sessionStorage.getItem('bingkai-access:secret-club')).toBeNull();
  });
});

describe('a public campaign', () => {
  it('shows the frame, creator, supporters, the support link and share links, and only logs a failed visit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = fakeAccountServer((call) => (call.method === 'GET' ? json({ data: demoCampaign }) : envelope('INTERNAL', 500)));
    renderAt('/demo-campaign');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Campaign' })).toBeTruthy();
    expect(screen.getByText(fullText('1,234 supporters'))).toBeTruthy();
    // The frame as the server's first view offers it: the display-size WebP and the PNG, for the page's column.
    const frame = screen.getByRole('img', { name: 'Frame of the campaign “Demo Campaign”' });
    expect([frame.getAttribute('src'), frame.getAttribute('srcset'), frame.getAttribute('sizes')]).toEqual(['/files/demo.png', '/files/demo-display.webp 768w, /files/demo.png 1080w', CAMPAIGN_PAGE_FRAME_SIZES]);
    expect(screen.getByRole('link', { name: 'by Ayu' }).getAttribute('href')).toBe('/u/ayu');
    expect(screen.getByRole('link', { name: 'Choose photo' }).getAttribute('href')).toBe('/demo-campaign/support');
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp (opens in a new tab)' });
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(new URL(whatsapp.getAttribute('href') ?? '').searchParams.get('text')).toContain(`${window.location.origin}/demo-campaign`);
    await waitFor(() => expect(server.to('/campaigns/demo-campaign/visits')).toHaveLength(1));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 1, name: 'Demo Campaign' })).toBeTruthy();
    warn.mockRestore();
  });

  it('offers its creator, and nobody else, the way to the edit page', async () => {
    fakeAccountServer((call) => (call.method === 'GET' ? json({ data: demoCampaign }) : new Response(null, { status: 204 })));
    useAccountStore.setState({ uuid: 'u-2', username: 'someone-else' });
    renderAt('/demo-campaign');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Campaign' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Manage campaign' })).toBeNull();
    cleanup();
    useAccountStore.setState({ uuid: 'u-1', username: demoCampaign.creator.username });
    renderAt('/demo-campaign');
    expect((await screen.findByRole('link', { name: 'Manage campaign' })).getAttribute('href')).toBe('/campaign/demo-campaign');
    expect(missingKeys.size).toBe(0);
  });

  it('copies the campaign link', async () => {
    fakeAccountServer(() => json({ data: demoCampaign }));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }));
    renderAt('/demo-campaign');
    await screen.findByRole('heading', { level: 1, name: 'Demo Campaign' });
    await clickButton('Copy link');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/demo-campaign`);
  });

  it('offers the system share sheet only where the browser has one', async () => {
    fakeAccountServer(() => json({ data: demoCampaign }));
    renderAt('/demo-campaign');
    await screen.findByRole('heading', { level: 1, name: 'Demo Campaign' });
    expect(screen.queryByRole('button', { name: 'Share via…' })).toBeNull();
    cleanup();

    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: share } }) as Navigator);
    renderAt('/demo-campaign');
    await screen.findByRole('heading', { level: 1, name: 'Demo Campaign' });
    await clickButton('Share via…');
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/demo-campaign` }));
  });

  it('shows the 404 page for an unknown campaign', async () => {
    fakeAccountServer(() => envelope('NOT_FOUND', 404));
    renderAt('/nobody-knows');
    await waitFor(() => expect(document.querySelector('[data-route="not-found"]')).not.toBeNull());
  });
});

describe('reporting a campaign', () => {
  async function openReport() {
    renderAt('/demo-campaign');
    await screen.findByRole('heading', { level: 1, name: 'Demo Campaign' });
    await clickButton('Report campaign');
    return screen.findByRole('dialog', { name: 'Report this campaign' });
  }

  it('sends the reason and details, and needs details for "Something else"', async () => {
    const server = fakeAccountServer((call) => (call.method === 'GET' ? json({ data: demoCampaign }) : call.url.pathname.endsWith('/reports') ? json({ data: { id: 'r1' } }, 201) : new Response(null, { status: 204 })));
    await openReport();
    await clickButton('Send report');
    expect(screen.getByRole('alert').textContent).toBe('Choose a reason.');
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    await clickButton('Send report');
    expect(screen.getByRole('alert').textContent).toBe('Tell us what is wrong in the details.');
    expect(server.to('/reports')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Details (required)'), { target: { value: ' Uses my logo ' } });
    await clickButton('Send report');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('/reports').map((call) => call.json)).toEqual([{ target: 'campaign', uri: 'demo-campaign', reason: 'other', details: 'Uses my logo' }]);
  });

  it('tells a repeat reporter kindly that the report is already in', async () => {
    fakeAccountServer((call) => (call.method === 'GET' ? json({ data: demoCampaign }) : call.url.pathname.endsWith('/reports') ? envelope('ALREADY_REPORTED', 409) : new Response(null, { status: 204 })));
    await openReport();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam or scam' }));
    await clickButton('Send report');
    expect((await screen.findByText('You have already reported this. Thank you, our team is reviewing it.')).tagName).toBe('OUTPUT');
    expect(screen.queryByRole('alert')).toBeNull();
    await clickButton('OK');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows other failures as errors and keeps the form', async () => {
    fakeAccountServer((call) => (call.method === 'GET' ? json({ data: demoCampaign }) : call.url.pathname.endsWith('/reports') ? envelope('RATE_LIMITED', 429) : new Response(null, { status: 204 })));
    await openReport();
    fireEvent.click(screen.getByRole('radio', { name: 'Hate speech' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait a moment and try again.');
    expect(screen.getByRole('radio', { name: 'Hate speech' })).toBeTruthy();
  });
});
