import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, missingKeys } from '../../../app/testing/i18nForTests.ts';
import VerificationPage from '../../../pages/account/VerificationPage.tsx';
import { accountDefaults, TOKEN_STORAGE_KEY, useAccountStore } from '../../../stores/accountStore.ts';
import { ayuClaims, fakeAccountServer, idToken, json } from '../../../stores/testing/fakeAccountServer.ts';
import { AccountTab } from './AccountTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';

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

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  useAccountStore.setState({ ...accountDefaults(), uuid: ayuClaims.sub, name: 'Ayu', username: 'ayu', email: 'ayu@example.com', isPassword: true });
  missingKeys.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('delete account', () => {
  it('stays disabled until the address is typed, then deletes and signs out', async () => {
    const server = fakeAccountServer(() => json({ data: { deleted: true } }));
    const router = show(<SecurityTab />);
    await click('Delete account');
    const confirm = screen.getByRole('button', { name: 'Delete forever' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your email address'), { target: { value: 'someone@else.com' } });
    expect(confirm.disabled).toBe(true);
    await click('Delete forever');
    expect(server.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Your email address'), { target: { value: ' AYU@example.com ' } });
    expect(confirm.disabled).toBe(false);
    await click('Delete forever');
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
    expect(screen.getByText('Ayu G (ayu@gmail.example)')).toBeTruthy();
    await click('Unlink Google');
    await vi.waitFor(() => expect(useAccountStore.getState().associatedAccount.google).toBeNull());
    expect(server.to('/account/auth/revoke')[0]?.json).toEqual({ provider: 'google', isMobile: false });
  });
});

describe('account tab', () => {
  it('a reserved username is refused before sending; a real change sends only that field', async () => {
    const server = fakeAccountServer(() => json({ data: { idToken: idToken({ ...ayuClaims, name: 'Ayu', username: 'ayu_l' }) } }));
    show(<AccountTab />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    await click('Save changes');
    expect(screen.getByText('This username is reserved')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ayu_l' } });
    await click('Save changes');
    await screen.findByText('Saved.');
    expect(server.to('/account/update')[0]?.json).toEqual({ username: 'ayu_l' });
    expect(useAccountStore.getState().username).toBe('ayu_l');
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

describe('verification page', () => {
  it('keeps digits only, shows a refused code and verifies a right one', async () => {
    useAccountStore.setState({ ...accountDefaults(), verifyPayload: { otp: '', email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' } });
    let attempt = 0;
    fakeAccountServer(() => (attempt++ === 0 ? json({ message: 'The code is not right', code: 'CODE_INVALID' }, 400) : json({ data: { idToken: idToken(ayuClaims) } })));
    const router = show(<VerificationPage />, '/verification');
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12a345' } });
    expect(code.value).toBe('12345');
    await click('Verify');
    expect(screen.getByText('The verification code is 6 digits')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    await click('Verify');
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not right');
    await click('Verify');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(useAccountStore.getState()).toMatchObject({ uuid: ayuClaims.sub, verifyPayload: { request: '' } });
  });
});
