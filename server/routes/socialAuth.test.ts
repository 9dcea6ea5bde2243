import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accountIdentities, accounts } from '../infra/db/schema.ts';
import { asAccount, claimsOf, createSocialTestApp, googleAccount, passwordAccount, refreshAs } from '../testing/socialApp.ts';
import { refreshWith, sessionOf } from '../testing/refreshSession.ts';
import type { SocialPeers } from '../testing/socialPeers.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('social sign-in (%s)', (driver) => {
  let t: TestApp;
  let peers: SocialPeers;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, peers, close } = await createSocialTestApp(driver));
  });
  afterAll(() => close());

  const db = () => t.database.db;
  const accountCount = async () => (await db().select({ n: count() }).from(accounts))[0]!.n;
  const identityCount = async () => (await db().select({ n: count() }).from(accountIdentities))[0]!.n;
  const post = (url: string, body: unknown) => signedInject(t.app, { method: 'POST', url: `/api/v2${url}`, body });
  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

  it('creates a verified account on the first Google sign-in and finds it again on the next', async () => {
    const first = await googleAccount(t, peers, { sub: 'g-ana', email: 'ana@example.test', name: 'Ana Putri' });
    const claims = claimsOf(first);
    expect(claims).toMatchObject({ email: 'ana@example.test', name: 'Ana Putri', isVerified: true, isPassword: false });
    expect(claims.username).toMatch(/^anaputri/);
    expect(claims.associatedAccount).toEqual([{ provider: 'google', name: 'Ana Putri', email: 'ana@example.test' }]);
    const again = await googleAccount(t, peers, { sub: 'g-ana', email: 'ana@example.test', name: 'Ana Putri' });
    expect(claimsOf(again).sub).toBe(claims.sub);
    expect(await db().select().from(accounts).where(eq(accounts.email, 'ana@example.test'))).toHaveLength(1);
    // Each sign-in started a session: its refresh cookie works.
    expect((await refreshAs(t, again)).statusCode).toBe(200);
  });

  it('refuses forged, wrong-audience, wrong-issuer, expired and malformed Google tokens and creates nothing', async () => {
    const before = [await accountCount(), await identityCount()];
    const cases: [Promise<string>, RegExp][] = [
      [peers.googleIdToken({ sub: 'g-x', email: 'x@example.test', foreignKey: true }), /could not be verified/],
      [peers.googleIdToken({ sub: 'g-x', email: 'x@example.test', audience: 'other.apps.googleusercontent.com' }), /another app/],
      [peers.googleIdToken({ sub: 'g-x', email: 'x@example.test', issuer: 'https://login.example' }), /not issued by Google/],
      [peers.googleIdToken({ sub: 'g-x', email: 'x@example.test', expiresIn: -600 }), /expired/],
      [Promise.resolve('a.b.c'), /could not be verified/],
    ];
    for (const [token, message] of cases) {
      const response = await post('/account/auth/google', { idToken: await token });
      expect(response.statusCode).toBe(401);
      expect(envelope(response).message).toMatch(message);
    }
    const unverified = await post('/account/auth/google', { idToken: await peers.googleIdToken({ sub: 'g-y', email: 'y@example.test', emailVerified: false }) });
    expect(unverified.statusCode).toBe(400);
    expect(envelope(unverified).message).toMatch(/not verified your email/);
    expect([await accountCount(), await identityCount()]).toEqual(before);
  });

  it('refuses bad payloads with field messages', async () => {
    for (const [url, body] of [
      ['/account/auth/google', {}],
      ['/account/auth/google', { idToken: '' }],
      ['/account/auth/google', { idToken: 'x', extra: 1 }],
      ['/account/auth/facebook', { idToken: 'x' }],
      ['/account/auth/facebook', { accessToken: 5 }],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(response).code).toBe('VALIDATION_FAILED');
    }
  });

  it('signs in with Facebook through debug_token and /me, and refuses invalid, foreign and email-less tokens', async () => {
    const calls = peers.graphCalls.length;
    const ok = await post('/account/auth/facebook', { accessToken: peers.facebookToken({ id: 'fb-budi', name: 'Budi', email: 'budi@example.test' }), isMobile: false });
    expect(ok.statusCode).toBe(200);
    expect(claimsOf(ok.json().data.idToken)).toMatchObject({ email: 'budi@example.test', associatedAccount: [{ provider: 'facebook', name: 'Budi', email: 'budi@example.test' }] });
    expect(peers.graphCalls.slice(calls)).toEqual(['/debug_token', '/me']);
    expect((await refreshWith(t.app, sessionOf(ok).refresh)).statusCode, 'the sign-in set a working refresh cookie').toBe(200);

    const before = [await accountCount(), await identityCount()];
    const invalid = await post('/account/auth/facebook', { accessToken: peers.facebookToken({ id: 'fb-2', name: 'X', email: 'x2@example.test', valid: false }) });
    expect(invalid.statusCode).toBe(401);
    expect(envelope(invalid).message).toMatch(/not valid or has expired/);
    const foreign = await post('/account/auth/facebook', { accessToken: peers.facebookToken({ id: 'fb-3', name: 'Y', email: 'y3@example.test', appId: '42' }) });
    expect(envelope(foreign).message).toMatch(/another app/);
    const noEmail = await post('/account/auth/facebook', { accessToken: peers.facebookToken({ id: 'fb-4', name: 'Z' }) });
    expect(noEmail.statusCode).toBe(400);
    expect(envelope(noEmail).message).toMatch(/no email address/);
    expect([await accountCount(), await identityCount()]).toEqual(before);
  });

  it('links to an existing verified account with the same email, and takes over an unverified one without its password', async () => {
    const native = (await passwordAccount(t, { username: 'citra', email: 'citra@example.test' }))!;
    const social = await googleAccount(t, peers, { sub: 'g-citra', email: 'citra@example.test', name: 'Citra' });
    expect(claimsOf(social).sub).toBe(claimsOf(native).sub);
    expect(claimsOf(social).isPassword).toBe(true);

    await passwordAccount(t, { username: 'squatter', email: 'dewi@example.test', password: 'squatter-pass-1', verified: false });
    const dewi = await googleAccount(t, peers, { sub: 'g-dewi', email: 'dewi@example.test', name: 'Dewi' });
    expect(claimsOf(dewi)).toMatchObject({ isVerified: true, isPassword: false });
    const squat = await post('/account/auth/native', { email: 'dewi@example.test', password: 'squatter-pass-1' });
    expect(squat.statusCode).toBe(401);

    // A second Facebook profile claiming the address of an account already linked to another one is refused.
    await post('/account/auth/facebook', { accessToken: peers.facebookToken({ id: 'fb-citra-1', name: 'Citra', email: 'citra@example.test' }) });
    const before = await identityCount();
    const other = await post('/account/auth/facebook', { accessToken: peers.facebookToken({ id: 'fb-citra-2', name: 'Citra 2', email: 'citra@example.test' }) });
    expect(other.statusCode).toBe(409);
    expect(envelope(other).message).toMatch(/linked to a different Facebook account/);
    expect(await identityCount()).toBe(before);
  });

  it('links a provider to the signed-in account and refuses one linked elsewhere or a second of a kind', async () => {
    const eko = await googleAccount(t, peers, { sub: 'g-eko', email: 'eko@example.test', name: 'Eko' });
    const fbToken = peers.facebookToken({ id: 'fb-eko', name: 'Eko FB', email: 'eko.fb@example.test' });
    const linked = await asAccount(t, eko, { method: 'POST', url: '/api/v2/account/auth/integrate/facebook', body: { accessToken: fbToken, isMobile: false } });
    expect(linked.statusCode).toBe(200);
    expect(claimsOf(linked.json().data.idToken).associatedAccount.map((entry) => entry.provider).sort()).toEqual(['facebook', 'google']);

    const fajar = await googleAccount(t, peers, { sub: 'g-fajar', email: 'fajar@example.test', name: 'Fajar' });
    const before = await identityCount();
    const stolen = await asAccount(t, fajar, { method: 'POST', url: '/api/v2/account/auth/integrate/facebook', body: { accessToken: peers.facebookToken({ id: 'fb-eko', name: 'Eko FB', email: 'eko.fb@example.test' }) } });
    expect(stolen.statusCode).toBe(409);
    expect(envelope(stolen).message).toMatch(/linked to another Bingkai account/);
    const second = await asAccount(t, fajar, { method: 'POST', url: '/api/v2/account/auth/integrate/google', body: { idToken: await peers.googleIdToken({ sub: 'g-fajar-2', email: 'f2@example.test' }) } });
    expect(second.statusCode).toBe(409);
    expect(envelope(second).message).toMatch(/unlink it first/);
    const wrongField = await asAccount(t, fajar, { method: 'POST', url: '/api/v2/account/auth/integrate/google', body: { accessToken: 'x' } });
    expect(wrongField.statusCode).toBe(400);
    expect(envelope(wrongField).fields).toHaveProperty('idToken');
    const unknownProvider = await asAccount(t, fajar, { method: 'POST', url: '/api/v2/account/auth/integrate/twitter', body: { accessToken: 'x' } });
    expect(unknownProvider.statusCode).toBe(400);
    const anonymous = await post('/account/auth/integrate/facebook', { accessToken: fbToken });
    expect(anonymous.statusCode).toBe(401);
    expect(await identityCount()).toBe(before);
  });

  it('unlinks a provider but never the last way to sign in', async () => {
    const gita = await googleAccount(t, peers, { sub: 'g-gita', email: 'gita@example.test', name: 'Gita' });
    const last = await asAccount(t, gita, { method: 'POST', url: '/api/v2/account/auth/revoke', body: { provider: 'google', isMobile: false } });
    expect(last.statusCode).toBe(409);
    expect(envelope(last).message).toMatch(/only way to sign in/);
    expect(claimsOf((await googleAccount(t, peers, { sub: 'g-gita', email: 'gita@example.test' }))).sub).toBe(claimsOf(gita).sub);

    const fbToken = peers.facebookToken({ id: 'fb-gita', name: 'Gita FB', email: 'gita.fb@example.test' });
    expect((await asAccount(t, gita, { method: 'POST', url: '/api/v2/account/auth/integrate/facebook', body: { accessToken: fbToken } })).statusCode).toBe(200);
    const unlinked = await asAccount(t, gita, { method: 'POST', url: '/api/v2/account/auth/revoke', body: { provider: 'google', isMobile: false } });
    expect(unlinked.statusCode).toBe(200);
    expect(claimsOf(unlinked.json().data.idToken).associatedAccount.map((entry) => entry.provider)).toEqual(['facebook']);
    const missing = await asAccount(t, gita, { method: 'POST', url: '/api/v2/account/auth/revoke', body: { provider: 'google' } });
    expect(missing.statusCode).toBe(404);
    const onlyFacebook = await asAccount(t, gita, { method: 'POST', url: '/api/v2/account/auth/revoke', body: { provider: 'facebook', accessToken: fbToken } });
    expect(onlyFacebook.statusCode).toBe(409);

    // With a password, the last provider may go, and Facebook is told to drop the app's permissions.
    const hadi = (await passwordAccount(t, { username: 'hadi', email: 'hadi@example.test' }))!;
    const hadiFb = peers.facebookToken({ id: 'fb-hadi', name: 'Hadi', email: 'hadi@example.test' });
    expect((await asAccount(t, hadi, { method: 'POST', url: '/api/v2/account/auth/integrate/facebook', body: { accessToken: hadiFb } })).statusCode).toBe(200);
    const calls = peers.graphCalls.length;
    const revoked = await asAccount(t, hadi, { method: 'POST', url: '/api/v2/account/auth/revoke', body: { provider: 'facebook', isMobile: false, accessToken: hadiFb } });
    expect(revoked.statusCode).toBe(200);
    expect(claimsOf(revoked.json().data.idToken).associatedAccount).toEqual([]);
    expect(peers.graphCalls.slice(calls)).toEqual(['/me/permissions']);
    const badProvider = await asAccount(t, hadi, { method: 'POST', url: '/api/v2/account/auth/revoke', body: { provider: 'myspace' } });
    expect(badProvider.statusCode).toBe(400);
  });
});

describe('social sign-in rate limit', () => {
  it('limits sign-in attempts per IP like native sign-in', async () => {
    const { t, peers, close } = await createSocialTestApp('pglite', { authRateLimitPerIp: 2 });
    try {
      const attempt = async () =>
        signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/google', body: { idToken: await peers.googleIdToken({ sub: 'g-rl', email: 'rl@example.test' }) } });
      expect((await attempt()).statusCode).toBe(200);
      expect((await attempt()).statusCode).toBe(200);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(errorEnvelope.parse(limited.json()).code).toBe('RATE_LIMITED');
    } finally {
      await close();
    }
  });
});
