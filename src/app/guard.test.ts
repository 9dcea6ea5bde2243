import { describe, expect, it } from 'vitest';
import { AUTH_ONLY_ROUTES, resolveGuard, shouldRefreshPlanCountry, shouldRunLocaleSetup, type GuardState } from './guard.ts';

const anon: GuardState = { loggedIn: false, isSuspended: false, pendingVerificationRequest: '' };
const user: GuardState = { loggedIn: true, isSuspended: false, pendingVerificationRequest: '' };
const suspended: GuardState = { loggedIn: true, isSuspended: true, pendingVerificationRequest: '' };

const to = (name: string, pathname = `/${name}`) => ({ name, pathname });

describe('resolveGuard', () => {
  it('lets an anonymous visitor through to public pages and tracks them', () => {
    for (const name of ['home', 'explore', 'about', 'pricing', 'post', 'campaign-support', 'not-found']) {
      expect(resolveGuard(to(name), anon)).toEqual({ trackPageView: true });
    }
  });

  it('never tracks the campaign route', () => {
    expect(resolveGuard(to('campaign', '/my-frame'), anon)).toEqual({ trackPageView: false });
    expect(resolveGuard(to('campaign', '/my-frame'), user)).toEqual({ trackPageView: false });
  });

  it('tracks the campaign sub-routes', () => {
    expect(resolveGuard(to('campaign-support', '/x/support'), anon).trackPageView).toBe(true);
    expect(resolveGuard(to('campaign-result', '/x/result'), anon).trackPageView).toBe(true);
  });

  it.each([...AUTH_ONLY_ROUTES])('sends a logged-out visitor from %s to /', (name) => {
    expect(resolveGuard(to(name), anon)).toEqual({ redirect: '/', trackPageView: false });
  });

  it.each([...AUTH_ONLY_ROUTES])('lets a logged-in user into %s', (name) => {
    expect(resolveGuard(to(name), user)).toEqual({ trackPageView: true });
  });

  it('guards exactly the five account routes', () => {
    expect([...AUTH_ONLY_ROUTES].sort()).toEqual(['checkout', 'checkout-loading', 'edit-campaign', 'profile-own', 'profile-settings']);
    for (const name of ['checkout-failed', 'credits', 'invoice', 'appeal', 'apply-monetization', 'notifications', 'create-campaign']) {
      expect(resolveGuard(to(name), anon).redirect).toBeUndefined();
    }
  });

  it('confines a suspended account to /appeal', () => {
    for (const name of ['home', 'profile-own', 'campaign', 'about', 'verification', 'not-found']) {
      expect(resolveGuard(to(name), suspended)).toEqual({ redirect: '/appeal', trackPageView: false });
    }
  });

  it('lets a suspended account reach /appeal and tracks it', () => {
    expect(resolveGuard(to('appeal', '/appeal'), suspended)).toEqual({ trackPageView: true });
  });

  it('recognises /appeal by path as well as by name', () => {
    expect(resolveGuard({ name: '', pathname: '/appeal' }, suspended).redirect).toBeUndefined();
  });

  it('checks suspension before the login requirement', () => {
    const suspendedAnon: GuardState = { loggedIn: false, isSuspended: true, pendingVerificationRequest: '' };
    expect(resolveGuard(to('profile-own', '/profile'), suspendedAnon).redirect).toBe('/appeal');
  });

  it('sends verification home when no request is pending', () => {
    expect(resolveGuard(to('verification'), anon)).toEqual({ redirect: '/', trackPageView: false });
    expect(resolveGuard(to('verification'), user)).toEqual({ redirect: '/', trackPageView: false });
    expect(resolveGuard(to('verification'), { ...anon, pendingVerificationRequest: undefined }).redirect).toBe('/');
    expect(resolveGuard(to('verification'), { ...anon, pendingVerificationRequest: null }).redirect).toBe('/');
  });

  it('opens verification while a request is pending, logged in or not', () => {
    expect(resolveGuard(to('verification'), { ...anon, pendingVerificationRequest: 'VERIFY_REGISTRATION' })).toEqual({ trackPageView: true });
    expect(resolveGuard(to('verification'), { ...user, pendingVerificationRequest: 'VERIFY_EMAIL_UPDATE' })).toEqual({ trackPageView: true });
  });

  it('does not look at the pending request on other routes', () => {
    expect(resolveGuard(to('home', '/'), { ...anon, pendingVerificationRequest: 'VERIFY_REGISTRATION' })).toEqual({ trackPageView: true });
  });
});

describe('shouldRunLocaleSetup', () => {
  it('runs on the first navigation whatever the route', () => {
    expect(shouldRunLocaleSetup('home', true)).toBe(true);
    expect(shouldRunLocaleSetup('campaign', true)).toBe(true);
  });
  it('runs again only for the own profile', () => {
    expect(shouldRunLocaleSetup('profile-own', false)).toBe(true);
    expect(shouldRunLocaleSetup('profile-settings', false)).toBe(false);
    expect(shouldRunLocaleSetup('home', false)).toBe(false);
  });
});

describe('shouldRefreshPlanCountry', () => {
  it('matches pricing, checkout and creator routes for a logged-in free user', () => {
    for (const name of ['pricing', 'pricing-supporters', 'pricing-creators', 'checkout', 'checkout-failed', 'checkout-loading', 'creators']) {
      expect(shouldRefreshPlanCountry(name, true, true)).toBe(true);
    }
  });
  it('skips other routes, anonymous visitors and paying users', () => {
    expect(shouldRefreshPlanCountry('create-campaign', true, true)).toBe(false);
    expect(shouldRefreshPlanCountry('home', true, true)).toBe(false);
    expect(shouldRefreshPlanCountry('pricing', false, true)).toBe(false);
    expect(shouldRefreshPlanCountry('pricing', true, false)).toBe(false);
  });
});
