/**
 * Signing up from the create page's "Sign in to create": the code goes out by mail, /verification takes it, and
 * the new account lands back on the create page with the frames picked before, now uploaded, and the title typed.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import SignInDialog from '../../domains/account/SignInDialog.tsx';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { ayuClaims, fakeAccountServer, idToken, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import VerificationPage from '../account/VerificationPage.tsx';
import CreateCampaignPage from './CreateCampaignPage.tsx';

const newAccount = { ...ayuClaims, sub: '5d0c2d6e-9a4b-4f7e-8c1a-3b2e1f0a9d8c', name: 'Dewi', username: 'dewi', email: 'dewi@example.com', isVerified: true };

/** Registration, verification and the frame upload as the contract describes them. */
function server() {
  return fakeAccountServer((call) => {
    const path = call.url.pathname.replace('/api/v2', '');
    if (path === '/captcha/challenge') return json({ parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 1, keyLength: 32, keyPrefix: '00' }, signature: 'x' });
    if (path === '/account' && call.method === 'POST') return json({ data: { email: 'dewi@example.com', request: 'VERIFY_REGISTRATION' } }, 201);
    if (path === '/account/pending' || path === '/account/auth/refresh') return json({ data: { idToken: idToken(newAccount) } });
    if (path === '/designs') return json({ data: { items: [] } });
    if (path === '/campaigns/frames/presigned') {
      return json({ data: { url: '/files/upload?token=t', key: `uploads/frame/${newAccount.sub}/f1`, method: 'PUT', headers: { 'content-type': 'image/png' }, maxBytes: 10485760, expiresAt: '2030-01-01T00:00:00.000Z' } });
    }
    if (call.method === 'PUT' && call.url.pathname === '/files/upload') return new Response(null, { status: 201 });
    if (path === '/campaigns/frames/check') return json({ data: { key: call.json?.key, width: 1080, height: 1080, holes: [{ x: 240, y: 240, width: 600, height: 600 }], transparentShare: 0.3 } });
    if (path === '/campaigns/uri-availability') return json({ data: { uri: call.url.searchParams.get('uri'), available: true } });
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <SignInDialog />
          </>
        ),
        children: [
          { path: '/create/:type/:frameid?', element: <CreateCampaignPage /> },
          { path: '/verification', element: <VerificationPage /> },
          { path: '/profile', element: <h1>Own profile</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const cardNames = () => screen.queryAllByTestId('frame-card').map((card) => card.getAttribute('data-frame-name'));

beforeEach(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${(blob as File).name}`);
  URL.revokeObjectURL = vi.fn();
});

describe('signing up from the create page', () => {
  accountTestLifecycle();

  it('comes back to the create page with the picked frame and the typed title once the code is verified', async () => {
    const calls = server();
    const router = renderApp('/create/frame');
    const picked = png('circle.png');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Choose PNG frames'), { target: { files: [picked] } });
    });
    type('Title', 'Hari Guru');
    expect(screen.getByText('Uploads after you sign in')).toBeTruthy();

    await clickButton('Sign in to create');
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Dewi' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'dewi@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'frame-it-2026' } });
    // The ALTCHA widget reports a solved proof of work with its statechange event.
    const widget = await waitFor(() => {
      const element = within(dialog).getByTestId('captcha').querySelector('altcha-widget');
      expect(element).not.toBeNull();
      return element!;
    });
    act(() => {
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solved-payload' } }));
    });
    await act(async () => {
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Create account' }).at(-1)!);
    });

    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    expect(router.state.location.pathname).toBe('/verification');
    expect(calls.to('/account')[0]?.headers.get('x-altcha')).toBe('solved-payload');
    await clickButton('Verify');

    await waitFor(() => expect(cardNames()).toEqual(['circle.png']));
    expect(router.state.location.pathname).toBe('/create/frame');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Hari Guru');
    // Signed in now: the same file goes up for the server's check.
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy());
    expect(calls.to('/campaigns/frames/presigned')).toHaveLength(1);
    expect(calls.calls.filter((call) => call.method === 'PUT').map((call) => call.url.pathname)).toEqual(['/files/upload']);
    expect(missingKeys.size).toBe(0);
  }, 60_000); // The captcha widget's first load is slow in jsdom on a busy machine.

  it('goes to the profile as before when sign-up started anywhere else', async () => {
    server();
    useAccountStore.getState().patch({ verifyPayload: { otp: '', email: 'dewi@example.com', request: 'VERIFY_REGISTRATION' } });
    const router = renderApp('/verification');
    type('Verification code', '123456');
    await clickButton('Verify');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
