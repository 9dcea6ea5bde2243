import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { missingKeys } from '../../testing/i18n.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { refreshResponse } from '../../../contract/account.ts';
import { accountUpdateResponse, emailUpdateCancelResponse } from '../../../contract/accountProfile.ts';
import ProfilePage from './ProfilePage.tsx';
import VerificationPage from './VerificationPage.tsx';
import { logout, refreshToken, signIn } from '../../domains/account/accountActions.ts';
import { accountDefaults, TOKEN_STORAGE_KEY, useAccountStore } from '../../domains/account/accountStore.ts';
import { ayuClaims, fakeAccountServer, idToken, json } from '../../testing/fakeAccountServer.ts';
import { AccountTab } from '../../domains/account/settings/AccountTab.tsx';
import { SecurityTab } from '../../domains/account/settings/SecurityTab.tsx';
import { fullText } from '../../testing/fullText.ts';

function show(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}


accountTestLifecycle({ uuid: ayuClaims.sub, name: 'Ayu', username: 'ayu', email: 'ayu@example.com', isPassword: true }, 'token');

describe('delete account', () => {
  it('stays disabled until the address is typed, then deletes and signs out', async () => {
    const server = fakeAccountServer(() => json({ data: { deleted: true } }));
    const router = show(<SecurityTab />);
    await clickButton('Delete account');
    const confirm = screen.getByRole('button', { name: 'Delete forever' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your email address'), { target: { value: 'someone@else.com' } });
    expect(confirm.disabled).toBe(true);
    await clickButton('Delete forever');
    expect(server.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Your email address'), { target: { value: ' AYU@example.com ' } });
    expect(confirm.disabled).toBe(false);
    await clickButton('Delete forever');
    await vi.waitFor(() => expect(useAccountStore.getState().uuid).toBe(''));
    expect(server.to('/account/delete')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect([...missingKeys]).toEqual([]);
  });

  it('unconfigured providers cannot be linked, and a linked one can be unlinked', async () => {
    useAccountStore.setState({ associatedAccount: { google: { name: 'Ayu G', email: 'ayu@gmail.example' }, facebook: null, apple: null } });
    const server = fakeAccountServer(() => json({ data: { idToken: idToken({ ...ayuClaims, associatedAccount: [] }) } }));
    show(<SecurityTab />);
    expect((screen.getByRole('button', { name: 'Link Facebook' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(fullText('Ayu G (ayu@gmail.example)'))).toBeTruthy();
    await clickButton('Unlink Google');
    await vi.waitFor(() => expect(useAccountStore.getState().associatedAccount.google).toBeNull());
    expect(server.to('/account/auth/revoke')[0]?.json).toEqual({ provider: 'google', isMobile: false });
  });
});

describe('account tab', () => {
  it('a reserved username is refused before sending; a real change sends only that field', async () => {
    const server = fakeAccountServer(() => json({ data: { idToken: idToken({ ...ayuClaims, name: 'Ayu', username: 'ayu_l' }), emailUpdate: null } }));
    show(<AccountTab />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    await clickButton('Save changes');
    expect(screen.getByText('This username is reserved')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ayu_l' } });
    await clickButton('Save changes');
    await screen.findByText('Saved.');
    expect(server.to('/account/update')[0]?.json).toEqual({ username: 'ayu_l' });
    expect(useAccountStore.getState().username).toBe('ayu_l');
  });

  it('a profile load that lands after the form opened is not overwritten by fields the user left alone', async () => {
    const server = fakeAccountServer(() => json(accountUpdateResponse.parse({ data: { emailUpdate: null, account: { bio: 'Frames for good causes', banner: null, websiteLink: 'https://ayu.example.com', country: null, language: null } } })));
    show(<AccountTab />);
    act(() => useAccountStore.setState({ bio: 'Frames for good causes', websiteLink: 'https://ayu.example.com' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ayu L' } });
    await clickButton('Save changes');
    await screen.findByText('Saved.');
    expect(server.to('/account/update')[0]?.json).toEqual({ name: 'Ayu L' });
    expect(useAccountStore.getState()).toMatchObject({ name: 'Ayu L', bio: 'Frames for good causes', websiteLink: 'https://ayu.example.com' });
  });

  it('a file that is not an image is refused without an upload', async () => {
    const server = fakeAccountServer(() => json({}));
    show(<AccountTab />);
    const input = screen.getByLabelText('Profile photo');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    });
    expect(screen.getAllByRole('alert').some((node) => node.textContent === 'Images must be PNG, JPEG or WebP.')).toBe(true);
    expect(server.calls).toHaveLength(0);
  });
});

describe('website link', () => {
  it('refuses an address that is not http(s) before sending, saves a real one from the answer, and clears it with an empty field', async () => {
    const details = { bio: '', banner: null, country: null, language: null };
    const server = fakeAccountServer((call) => {
      const websiteLink = typeof call.json?.websiteLink === 'string' ? call.json.websiteLink.trim() : '';
      return json(accountUpdateResponse.parse({ data: { emailUpdate: null, account: { ...details, websiteLink } } }));
    });
    show(<AccountTab />);
    const field = screen.getByLabelText('Website');
    for (const bad of ['ayu.example.com', 'javascript:alert(1)', `https://example.com/${'a'.repeat(190)}`]) {
      fireEvent.change(field, { target: { value: bad } });
      await clickButton('Save changes');
      expect(field.getAttribute('aria-invalid'), bad).toBe('true');
    }
    expect(server.calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: ' https://ayu.example.com/frames ' } });
    await clickButton('Save changes');
    await screen.findByText('Saved.');
    expect(server.to('/account/update')[0]?.json).toEqual({ websiteLink: 'https://ayu.example.com/frames' });
    expect(useAccountStore.getState().websiteLink).toBe('https://ayu.example.com/frames');
    fireEvent.change(field, { target: { value: '' } });
    await clickButton('Save changes');
    await vi.waitFor(() => expect(server.to('/account/update')).toHaveLength(2));
    expect(server.to('/account/update')[1]?.json).toEqual({ websiteLink: '' });
    await vi.waitFor(() => expect(useAccountStore.getState().websiteLink).toBe(''));
    expect([...missingKeys]).toEqual([]);
  });
});

describe('cancel a pending email change from settings', () => {
  const pending = { email: 'ayu.new@example.com', requestedAt: 1_760_000_000_000, expiresAt: 1_760_086_400_000 };

  it('cancels through DELETE /account/email-update with the bearer and shows the address that stays', async () => {
    useAccountStore.setState({ emailUpdate: pending, verifyPayload: { otp: '', email: pending.email, request: 'VERIFY_EMAIL_UPDATE' } });
    const server = fakeAccountServer(() => json(emailUpdateCancelResponse.parse({ data: { cancelled: true, email: pending.email } })));
    show(<AccountTab />);
    expect(screen.getByText(fullText(`Waiting for verification of ${pending.email}.`))).toBeTruthy();
    await clickButton('Cancel email change');
    await screen.findByText(fullText('The email change was cancelled. ayu@example.com stays your address.'));
    const [call] = server.to('/account/email-update');
    expect(call?.method).toBe('DELETE');
    expect(call?.headers.get('authorization')).toBe('Bearer token');
    expect(useAccountStore.getState()).toMatchObject({ emailUpdate: null, verifyPayload: { request: '' } });
    expect(screen.getByLabelText('New email address')).toBeTruthy();
    expect([...missingKeys]).toEqual([]);
  });

  it('treats "nothing pending" as cancelled, and keeps the pending change when the server fails', async () => {
    useAccountStore.setState({ emailUpdate: pending });
    let answer = json({ message: 'Something broke', code: 'INTERNAL' }, 500);
    fakeAccountServer(() => answer);
    show(<AccountTab />);
    await clickButton('Cancel email change');
    expect((await screen.findByRole('alert')).textContent).toBe('Something broke');
    expect(useAccountStore.getState().emailUpdate).toEqual(pending);
    answer = json({ message: 'No email change is pending', code: 'NOT_FOUND' }, 404);
    await clickButton('Cancel email change');
    await screen.findByLabelText('New email address');
    expect(useAccountStore.getState()).toMatchObject({ emailUpdate: null, error: null });
  });
});

describe('profile after a reload', () => {
  it('a refresh fills bio, banner, website, country and language, and the profile page shows the banner', async () => {
    // A reload keeps only the persisted store; the refresh profile brings back what the token does not carry.
    useAccountStore.setState({ bio: '', banner: '', websiteLink: '' });
    const banner = 'http://localhost/files/public/banners/ayu/banner.webp';
    const body = refreshResponse.parse({
      data: {
        idToken: idToken(ayuClaims),
        profile: {
          flag: { suspended: false, appealStatus: 'NOT_YET', suspendedAt: null },
          account: { bio: 'Frames for good causes', banner, websiteLink: 'https://ayu.example.com', country: 'ID', language: 'id' },
          emailUpdate: null,
          applyMonetization: 'FORM',
        },
      },
    });
    fakeAccountServer(() => json(body));
    await refreshToken();
    expect(useAccountStore.getState()).toMatchObject({ bio: 'Frames for good causes', banner, websiteLink: 'https://ayu.example.com', country: 'ID', language: 'id' });
    show(<ProfilePage />);
    expect(screen.getByRole('img', { name: 'Profile banner' }).getAttribute('src')).toBe(banner);
    expect(screen.getByRole('link', { name: 'ayu.example.com' }).getAttribute('href')).toBe('https://ayu.example.com');
    expect(screen.getByText('Frames for good causes')).toBeTruthy();
    expect([...missingKeys]).toEqual([]);
  });

  it('a sign-in loads the profile in the background; a sign-out before it arrives keeps the account signed out', async () => {
    useAccountStore.setState(accountDefaults());
    localStorage.clear();
    const profile = {
      flag: { suspended: false, appealStatus: 'NOT_YET', suspendedAt: null },
      account: { bio: 'Frames for good causes', banner: 'http://localhost/files/public/banners/ayu/b.webp', websiteLink: '', country: 'ID', language: null },
      emailUpdate: null,
      applyMonetization: 'APPROVED',
    };
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let hold = false;
    const server = fakeAccountServer(async (call) => {
      if (call.url.pathname.endsWith('/auth/native')) return json({ data: { idToken: idToken(ayuClaims) } });
      if (hold) await held;
      return json(refreshResponse.parse({ data: { idToken: idToken(ayuClaims), profile } }));
    });
    await signIn({ email: 'ayu@example.com', password: 'frame-it-2026' });
    await vi.waitFor(() => expect(useAccountStore.getState()).toMatchObject({ bio: 'Frames for good causes', banner: profile.account.banner, country: 'ID', applyMonetization: 'APPROVED' }));
    expect(server.to('/account/auth/refresh')[0]?.json).toEqual({ profile: true, isMobile: false });

    logout();
    hold = true;
    await signIn({ email: 'ayu@example.com', password: 'frame-it-2026' });
    logout();
    release();
    await vi.waitFor(() => expect(server.to('/account/auth/refresh')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(useAccountStore.getState()).toMatchObject({ uuid: '', bio: '', banner: '' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a stored link that is not http(s) is never rendered as a link', () => {
    useAccountStore.setState({ websiteLink: 'javascript:alert(1)' });
    show(<ProfilePage />);
    expect(screen.queryByRole('link', { name: /alert/ })).toBeNull();
  });
});

describe('verification page', () => {
  it('keeps digits only, shows a refused code and verifies a right one', async () => {
    useAccountStore.setState({ ...accountDefaults(), verifyPayload: { otp: '', email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' } });
    let attempt = 0;
    // Only the first verification is refused, whatever else the page asks meanwhile.
    fakeAccountServer((call) =>
      call.url.pathname === '/api/v2/account/pending' && attempt++ === 0 ? json({ message: 'The code is not right', code: 'CODE_INVALID' }, 400) : json({ data: { idToken: idToken(ayuClaims) } }),
    );
    const router = show(<VerificationPage />, '/verification');
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12a345' } });
    expect(code.value).toBe('12345');
    await clickButton('Verify');
    expect(screen.getByText('The verification code is 6 digits')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    await clickButton('Verify');
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not right');
    await clickButton('Verify');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(useAccountStore.getState()).toMatchObject({ uuid: ayuClaims.sub, verifyPayload: { request: '' } });
  });
});
