import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_STORAGE_KEY, TOKEN_STORAGE_KEY, accountDefaults, accountFromIdToken, decodeIdToken, isFreePlan, isLoggedIn, useAccountStore } from './accountStore.ts';
import { ayuClaims, idToken } from '../../testing/fakeAccountServer.ts';

function stored(): { state: Record<string, unknown>; version: number } {
  return JSON.parse(localStorage.getItem(ACCOUNT_STORAGE_KEY) ?? 'null');
}

beforeEach(() => {
  localStorage.clear();
  useAccountStore.setState(accountDefaults());
});

describe('accountStore', () => {
  it('starts with the seed §3 defaults', () => {
    expect(accountDefaults()).toEqual({
      user: null,
      loading: false,
      modal: { show: false, authOption: 'sign-in' },
      error: null,
      verifyPayload: { otp: '', email: '', request: '' },
      associatedAccount: { apple: null, facebook: null, google: null },
      avatar: '',
      banner: '',
      createdAt: 0,
      email: '',
      isPassword: false,
      isVerified: false,
      isSuspended: false,
      appealStatus: 'NOT_YET',
      applyMonetization: 'FORM',
      suspendedAt: 0,
      lastPasswordUpdate: 0,
      name: '',
      subscription: null,
      username: '',
      uuid: '',
      bio: '',
      websiteLink: '',
      country: '',
      language: '',
      locale: '',
      emailUpdate: null,
    });
  });

  it('persists data fields only, under bingkai-account, version 0', () => {
    useAccountStore.getState().patch({ uuid: 'u-1', name: 'Ayu' });
    const saved = stored();
    expect(saved.version).toBe(0);
    expect(saved.state.uuid).toBe('u-1');
    expect(saved.state.name).toBe('Ayu');
    expect(Object.keys(saved.state).sort()).toEqual(Object.keys(accountDefaults()).sort());
    expect(JSON.stringify(saved)).not.toContain('function');
  });

  it('rehydrates a stored account and keeps defaults for missing fields', async () => {
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify({ state: { uuid: 'u-2', isSuspended: true }, version: 0 }));
    await useAccountStore.persist.rehydrate();
    const state = useAccountStore.getState();
    expect(state.uuid).toBe('u-2');
    expect(state.isSuspended).toBe(true);
    expect(state.appealStatus).toBe('NOT_YET');
    expect(state.verifyPayload).toEqual({ otp: '', email: '', request: '' });
    expect(isLoggedIn(state)).toBe(true);
  });

  it('does not keep the auth dialog open across page loads', async () => {
    useAccountStore.getState().patch({ uuid: 'u-4' });
    useAccountStore.getState().openAuthModal('sign-up', { returnTo: '/create/frame' });
    expect(useAccountStore.getState().modal).toEqual({ show: true, authOption: 'sign-up', returnTo: '/create/frame' });
    expect(stored().state.modal).toEqual({ show: false, authOption: 'sign-in' });
    // A store written open by an older version opens closed.
    localStorage.setItem(ACCOUNT_STORAGE_KEY, JSON.stringify({ state: { ...stored().state, modal: { show: true, authOption: 'sign-up' } }, version: 0 }));
    useAccountStore.setState({ modal: accountDefaults().modal });
    await useAccountStore.persist.rehydrate();
    expect(useAccountStore.getState().uuid).toBe('u-4');
    expect(useAccountStore.getState().modal).toEqual({ show: false, authOption: 'sign-in' });
  });

  it('isLoggedIn needs a non-empty uuid', () => {
    expect(isLoggedIn({ uuid: '' })).toBe(false);
    expect(isLoggedIn({ uuid: 'abc' })).toBe(true);
  });

  it('isFreePlan reads the plan name', () => {
    expect(isFreePlan({ subscription: null })).toBe(true);
    expect(isFreePlan({ subscription: { plan: 'basic' } })).toBe(true);
    expect(isFreePlan({ subscription: { plan: 'premiumn-monthly' } })).toBe(false);
    expect(isFreePlan({ subscription: { plan: 'diamond-yearly' } })).toBe(false);
  });

  it('opens and closes the auth modal', () => {
    useAccountStore.getState().openAuthModal('sign-up');
    expect(useAccountStore.getState().modal).toEqual({ show: true, authOption: 'sign-up' });
    useAccountStore.getState().closeAuthModal();
    expect(useAccountStore.getState().modal).toEqual({ show: false, authOption: 'sign-up' });
  });

  it('logout removes the token, clears every field and resets the modal', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    useAccountStore.getState().patch({
      uuid: 'u-3',
      email: 'a@b.c',
      isSuspended: true,
      subscription: { plan: 'diamond' },
      associatedAccount: { apple: null, google: { name: 'A', email: 'a@b.c' }, facebook: null },
      verifyPayload: { otp: '1', email: 'a@b.c', request: 'VERIFY_REGISTRATION' },
      modal: { show: true, authOption: 'sign-up' },
    });
    useAccountStore.getState().logout();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const { patch: _p, openAuthModal: _o, closeAuthModal: _c, setAuthOption: _s, logout: _l, ...data } = useAccountStore.getState();
    expect(data).toEqual(accountDefaults());
    expect(stored().state.uuid).toBe('');
  });

  it('switches the auth modal between sign-in, sign-up and forgot password', () => {
    const store = useAccountStore.getState();
    store.openAuthModal();
    expect(useAccountStore.getState().modal).toEqual({ show: true, authOption: 'sign-in' });
    store.setAuthOption('forgot-password');
    expect(useAccountStore.getState().modal).toEqual({ show: true, authOption: 'forgot-password' });
    store.closeAuthModal();
    expect(useAccountStore.getState().modal.show).toBe(false);
  });
});

describe('ID token', () => {
  it('maps the claims to account fields', () => {
    expect(accountFromIdToken(idToken({ ...ayuClaims, subscription: { plan: 'diamond-yearly' }, lastPasswordUpdate: null, avatar: null }))).toEqual({
      uuid: ayuClaims.sub,
      user: { ...ayuClaims, subscription: { plan: 'diamond-yearly' }, lastPasswordUpdate: null, avatar: null },
      name: 'Ayu Lestari',
      username: 'ayu',
      email: 'ayu@example.com',
      createdAt: ayuClaims.createdAt,
      avatar: '',
      subscription: { plan: 'diamond-yearly' },
      isPassword: true,
      isVerified: true,
      lastPasswordUpdate: 0,
      associatedAccount: { apple: null, facebook: null, google: { name: 'Ayu G', email: 'ayu@gmail.example' } },
    });
  });

  it('reads UTF-8 names', () => {
    expect(accountFromIdToken(idToken({ ...ayuClaims, name: 'Ñyoman Ày 🌺' }))?.name).toBe('Ñyoman Ày 🌺');
  });

  it('refuses what is not a JWT with a subject', () => {
    expect(decodeIdToken('not-a-token')).toBeNull();
    expect(decodeIdToken('a.%%%.c')).toBeNull();
    expect(decodeIdToken(`a.${btoa('[1,2]')}.c`)).toBeNull();
    expect(accountFromIdToken(idToken({ name: 'No subject' }))).toBeNull();
  });
});
