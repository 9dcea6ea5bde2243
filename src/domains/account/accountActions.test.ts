import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cancelEmailChange,
  checkFacebookDeletion,
  deleteAccount,
  fetchGeneralPreference,
  logout,
  lookupIpCountry,
  refreshToken,
  register,
  resendCode,
  savePreference,
  signIn,
  signOutEverywhere,
  updateAccount,
  uploadAvatar,
  verifyCode,
} from './accountActions.ts';
import { TOKEN_STORAGE_KEY, accountDefaults, useAccountStore } from './accountStore.ts';
import { ayuClaims, fakeAccountServer, idToken, json } from '../../testing/fakeAccountServer.ts';

const token = idToken(ayuClaims);

function signedIn(): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'old-token');
  useAccountStore.setState({ ...accountDefaults(), uuid: ayuClaims.sub, name: 'Ayu', email: ayuClaims.email, modal: { show: true, authOption: 'sign-up' } });
}

beforeEach(() => {
  localStorage.clear();
  useAccountStore.setState(accountDefaults());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-in and the bearer header', () => {
  it('stores the ID token and its claims, then sends it as a bearer header', async () => {
    const server = fakeAccountServer((call) => (call.url.pathname.endsWith('/auth/native') ? json({ data: { idToken: token } }) : json({ data: { country: 'ID' } })));
    await signIn({ email: 'ayu@example.com', password: 'secret123' });
    const [login] = server.to('/account/auth/native');
    expect(login?.json).toEqual({ email: 'ayu@example.com', password: 'secret123', isMobile: false });
    expect(login?.headers.has('authorization')).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(useAccountStore.getState()).toMatchObject({
      uuid: ayuClaims.sub,
      name: 'Ayu Lestari',
      username: 'ayu',
      email: 'ayu@example.com',
      avatar: '/files/avatars/ayu.png',
      isVerified: true,
      isPassword: true,
      createdAt: ayuClaims.createdAt,
      associatedAccount: { google: { name: 'Ayu G', email: 'ayu@gmail.example' }, facebook: null, apple: null },
      loading: false,
      error: null,
    });
    await lookupIpCountry();
    expect(server.to('/ip/lookup')[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('a refused sign-in surfaces the server message and fields, marks the request state and stores nothing', async () => {
    fakeAccountServer(() => json({ message: 'Email or password is wrong', code: 'INVALID_CREDENTIALS', fields: { 'body.password': 'Wrong password' } }, 401));
    const error = await signIn({ email: 'ayu@example.com', password: 'nope12345' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: 'Email or password is wrong', fields: { 'body.password': 'Wrong password' } });
    expect(useAccountStore.getState()).toMatchObject({ uuid: '', loading: false, error: 'Email or password is wrong' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a network failure surfaces its own message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(signIn({ email: 'ayu@example.com', password: 'secret123' })).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: 'Failed to fetch' });
    expect(useAccountStore.getState().error).toBe('Failed to fetch');
  });

  it('an unverified account gets its pending verification set', async () => {
    fakeAccountServer(() => json({ message: 'Verify your email first', code: 'ACCOUNT_NOT_VERIFIED' }, 403));
    await expect(signIn({ email: ' Ayu@Example.com ', password: 'secret123' })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED' });
    expect(useAccountStore.getState().verifyPayload).toEqual({ otp: '', email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' });
  });
});

describe('registration and verification', () => {
  it('sends the captcha as x-altcha, then verifies the mailed code into a signed-in account', async () => {
    const server = fakeAccountServer((call) => {
      if (call.url.pathname === '/api/v2/account') return json({ data: { email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' } }, 201);
      if (call.json?.request === 'VERIFY_REGISTRATION') return json({ data: { idToken: token } });
      return json({ data: { email: 'ayu@example.com', request: 'RESEND_VERIFICATION_CODE_REGISTRATION', resendAfterSeconds: 60 } });
    });
    await register({ name: 'Ayu Lestari', email: 'Ayu@Example.com', password: 'secret123' }, 'captcha-payload');
    const [created] = server.to('/account');
    expect(created?.headers.get('x-altcha')).toBe('captcha-payload');
    expect(created?.json).toEqual({ name: 'Ayu Lestari', email: 'Ayu@Example.com', password: 'secret123', isMobile: false, deviceType: 'WEB' });
    expect(useAccountStore.getState().verifyPayload).toEqual({ otp: '', email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' });
    expect(useAccountStore.getState().uuid).toBe('');

    await expect(resendCode()).resolves.toBe(60);
    expect(server.to('/account/pending')[0]?.json).toEqual({ email: 'ayu@example.com', request: 'RESEND_VERIFICATION_CODE_REGISTRATION', isMobile: false });

    await verifyCode('123456');
    expect(server.to('/account/pending')[1]?.json).toEqual({ email: 'ayu@example.com', request: 'VERIFY_REGISTRATION', verificationCode: '123456', isMobile: false });
    expect(useAccountStore.getState()).toMatchObject({ uuid: ayuClaims.sub, verifyPayload: { otp: '', email: '', request: '' } });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('a wrong code keeps the pending verification', async () => {
    useAccountStore.setState({ verifyPayload: { otp: '', email: 'ayu@example.com', request: 'VERIFY_REGISTRATION' } });
    fakeAccountServer(() => json({ message: 'The code is not right', code: 'CODE_INVALID', fields: { verificationCode: 'Wrong code' } }, 400));
    await expect(verifyCode('000000')).rejects.toMatchObject({ message: 'The code is not right' });
    expect(useAccountStore.getState().verifyPayload.request).toBe('VERIFY_REGISTRATION');
    expect(useAccountStore.getState().uuid).toBe('');
  });
});

describe('token refresh', () => {
  it('stores the new token and the profile flags', async () => {
    signedIn();
    const server = fakeAccountServer(() => json({ data: { idToken: token, profile: { flag: { suspended: true, appealStatus: 'PENDING', suspendedAt: 42 }, emailUpdate: 'new@example.com' } } }));
    await refreshToken();
    expect(server.to('/account/auth/refresh')[0]?.json).toEqual({ profile: true, isMobile: false });
    expect(server.to('/account/auth/refresh')[0]?.headers.get('authorization')).toBe('Bearer old-token');
    // The refresh credential is the HttpOnly cookie: the same-origin fetch must send it.
    expect(server.to('/account/auth/refresh')[0]?.credentials).toBe('same-origin');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(useAccountStore.getState()).toMatchObject({ isSuspended: true, appealStatus: 'PENDING', suspendedAt: 42, emailUpdate: { email: 'new@example.com' }, name: 'Ayu Lestari' });
  });

  it('a refused refresh logs out: token, fields, modal, provider sessions and analytics user', async () => {
    signedIn();
    const disableAutoSelect = vi.fn();
    const fbLogout = vi.fn();
    const gtag = vi.fn();
    vi.stubGlobal('google', { accounts: { id: { disableAutoSelect } } });
    vi.stubGlobal('FB', { logout: fbLogout, getAccessToken: () => 'fb-token' });
    vi.stubGlobal('gtag', gtag);
    fakeAccountServer(() => json({ message: 'Sign in again', code: 'UNAUTHORIZED' }, 401));
    await expect(refreshToken()).rejects.toMatchObject({ status: 401, message: 'Sign in again' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const { patch: _p, openAuthModal: _o, closeAuthModal: _c, setAuthOption: _s, logout: _l, ...data } = useAccountStore.getState();
    expect(data).toEqual(accountDefaults());
    expect(disableAutoSelect).toHaveBeenCalledOnce();
    expect(fbLogout).toHaveBeenCalledOnce();
    expect(gtag).toHaveBeenCalledWith('set', { user_id: null });
  });

  it('a refresh that never reached the server keeps the session', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(refreshToken()).rejects.toMatchObject({ code: 'NETWORK' });
    expect(useAccountStore.getState().uuid).toBe(ayuClaims.sub);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('old-token');
  });

  it('an IP lookup that fails answers null so the browser region can stand in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeAccountServer(() => json({ message: 'Lookup down', code: 'UNAVAILABLE' }, 503));
    await expect(lookupIpCountry()).resolves.toBeNull();
  });
});

describe('profile and preferences', () => {
  it('an email change records the pending address and its verification', async () => {
    signedIn();
    const server = fakeAccountServer(() => json({ data: { emailUpdate: { email: 'new@example.com', requestedAt: 1, expiresAt: 2 } } }));
    await updateAccount({ email: 'new@example.com' });
    expect(server.to('/account/update')[0]?.json).toEqual({ email: 'new@example.com' });
    expect(useAccountStore.getState()).toMatchObject({ email: ayuClaims.email, emailUpdate: { email: 'new@example.com' }, verifyPayload: { request: 'VERIFY_EMAIL_UPDATE', email: 'new@example.com' } });
  });

  it('cancelling the change from the mail link clears it', async () => {
    signedIn();
    useAccountStore.setState({ emailUpdate: { email: 'new@example.com' }, verifyPayload: { otp: '', email: 'new@example.com', request: 'VERIFY_EMAIL_UPDATE' } });
    const server = fakeAccountServer(() => json({ data: { cancelled: true, email: ayuClaims.email } }));
    await cancelEmailChange(ayuClaims.sub, 'ticket-0123456789abcdef');
    expect(server.to('/account/reset-email')[0]?.url.search).toBe(`?uuid=${ayuClaims.sub}&ticket=ticket-0123456789abcdef`);
    expect(useAccountStore.getState()).toMatchObject({ emailUpdate: null, verifyPayload: { request: '' } });
  });

  it('uploads an avatar through the presigned URL without the bearer, then stores the new token', async () => {
    signedIn();
    const upload = { url: '/files/uploads/avatar/x.png?token=abc', key: 'uploads/avatar/x.png', method: 'PUT', headers: { 'content-type': 'image/png' }, maxBytes: 10, expiresAt: 'soon' };
    const server = fakeAccountServer((call) => {
      if (call.url.pathname === '/api/v2/account/presigned/photo-profile') return json({ data: upload });
      if (call.url.pathname.startsWith('/files/')) return new Response(null, { status: 204 });
      return json({ data: { idToken: token } });
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await uploadAvatar(file);
    expect(server.to('/account/presigned/photo-profile')[0]?.json).toEqual({ contentType: 'image/png' });
    const put = server.calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname + (put?.url.search ?? '')).toBe(upload.url);
    expect(put?.headers.get('content-type')).toBe('image/png');
    expect(put?.headers.has('authorization')).toBe(false);
    expect(server.to('/account/photo-profile')[0]?.json).toEqual({ avatar: 'uploads/avatar/x.png' });
    expect(useAccountStore.getState().avatar).toBe('/files/avatars/ayu.png');
  });

  it('a refused upload stops before the photo is set', async () => {
    signedIn();
    const upload = { url: '/files/uploads/avatar/x.png?token=abc', key: 'uploads/avatar/x.png', method: 'PUT', headers: { 'content-type': 'image/png' }, maxBytes: 10, expiresAt: 'soon' };
    const server = fakeAccountServer((call) => (call.url.pathname.startsWith('/files/') ? json({ message: 'The file is too large', code: 'PAYLOAD_TOO_LARGE' }, 413) : json({ data: upload })));
    await expect(uploadAvatar(new File(['x'], 'me.png', { type: 'image/png' }))).rejects.toMatchObject({ status: 413, message: 'The file is too large' });
    expect(server.to('/account/photo-profile')).toHaveLength(0);
    expect(useAccountStore.getState().error).toBe('The file is too large');
  });

  it('preference updates send only the fields that are set', async () => {
    signedIn();
    const server = fakeAccountServer((call) => (call.method === 'GET' ? json({ data: { generalPreference: { country: 'ID', language: 'id' } } }) : json({ data: {} })));
    await savePreference('general', { country: 'ID', language: '' });
    await savePreference('notification', { trending: false });
    expect(server.to('/account/preference/update').map((call) => call.json)).toEqual([{ type: 'general', country: 'ID' }, { type: 'notification', trending: false }]);
    await expect(fetchGeneralPreference()).resolves.toEqual({ country: 'ID', language: 'id' });
    expect(server.to('/account/preference/get')[0]?.url.search).toBe('?general=true&notification=false');
  });
});

describe('ending the account', () => {
  it('a sign-out ends the session at once and asks the server to end its refresh family; signed out, it sends nothing', async () => {
    signedIn();
    const server = fakeAccountServer(() => json({ data: { signedOut: true } }));
    logout();
    expect(useAccountStore.getState().uuid).toBe('');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await vi.waitFor(() => expect(server.to('/account/auth/logout')).toHaveLength(1));
    expect(server.to('/account/auth/logout')[0]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    logout();
    await signOutEverywhere().catch(() => undefined);
    expect(server.to('/account/auth/logout')).toHaveLength(1);
  });

  it('a sign-out the server cannot hear still signs out locally', async () => {
    signedIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeAccountServer(() => json({ message: 'Try later', code: 'UNAVAILABLE' }, 503));
    logout();
    expect(useAccountStore.getState().uuid).toBe('');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Could not end the session on the server', expect.anything()));
  });

  it('sign out everywhere and delete both end the local session', async () => {
    signedIn();
    const server = fakeAccountServer((call) => json(call.url.pathname.endsWith('/account/delete') ? { data: { deleted: true } } : { data: { signedOut: true } }));
    await signOutEverywhere();
    expect(server.to('/account/auth/logout-all')).toHaveLength(1);
    expect(useAccountStore.getState().uuid).toBe('');
    signedIn();
    await deleteAccount();
    expect(server.to('/account/delete')[0]?.method).toBe('DELETE');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a refused delete keeps the account', async () => {
    signedIn();
    fakeAccountServer(() => json({ message: 'Try later', code: 'UNAVAILABLE' }, 503));
    await expect(deleteAccount()).rejects.toMatchObject({ message: 'Try later' });
    expect(useAccountStore.getState().uuid).toBe(ayuClaims.sub);
  });

  it('the Facebook deletion check answers nothing on error', async () => {
    fakeAccountServer((call) => (call.json?.code === 'known-code-1' ? json({ data: { code: 'known-code-1', status: 'DELETED', requestedAt: 5 } }) : json({ message: 'Unknown code', code: 'NOT_FOUND' }, 404)));
    await expect(checkFacebookDeletion('known-code-1')).resolves.toEqual({ code: 'known-code-1', status: 'DELETED', requestedAt: 5 });
    await expect(checkFacebookDeletion('other-code-2')).resolves.toBeNull();
  });
});
