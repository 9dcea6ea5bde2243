import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshResponse } from '../../contract/account.ts';
import { REFRESH_RACE_SECONDS } from '../domain/refreshTokens.ts';
import { accounts, refreshTokens } from '../infra/db/schema.ts';
import { bearer, codeFrom, createAccountTestApp, register, registerVerified, type AccountTestApp } from '../testing/accountApp.ts';
import { cookieHeader, refreshCookieOf, refreshWith, sessionOf, setCookiesOf, signInSession, type Session } from '../testing/refreshSession.ts';
import { drivers, signedInject } from '../testing/testApp.ts';

const THIRTY_DAYS = 30 * 24 * 3600;

describe.each(drivers)('refresh tokens: rotation, reuse detection, revocation (%s)', (driver) => {
  let t: AccountTestApp;
  const password = 'bingkai2026';
  let accountCount = 0;

  /** A fresh verified account and a native sign-in session for it. */
  async function newAccount(): Promise<{ email: string; session: Session }> {
    const email = `sesi${++accountCount}@example.test`;
    await registerVerified(t, { name: 'Sesi', email, password });
    return { email, session: await signInSession(t.app, email, password) };
  }
  const later = (seconds: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + seconds * 1000);
  };
  const expectRefused = (response: Awaited<ReturnType<typeof refreshWith>>) => {
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  };

  beforeAll(async () => {
    t = await createAccountTestApp(driver);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sets an HttpOnly, Secure, SameSite=Strict cookie scoped to the auth routes on sign-in and on registration', async () => {
    const registered = await register(t.app, { name: 'Baru', email: 'baru@example.test', password, isMobile: false, deviceType: 'WEB' });
    expect(registered.statusCode).toBe(201);
    expect(refreshCookieOf(registered), 'no session before the code is verified').toBeNull();
    const mail = await t.smtp.waitFor((m) => m.to === 'baru@example.test' && m.kind === 'VERIFY_REGISTRATION');
    const verified = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/pending', body: { email: 'baru@example.test', request: 'VERIFY_REGISTRATION', verificationCode: codeFrom(mail) } });
    const signIn = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/native', body: { email: 'baru@example.test', password } });
    for (const response of [verified, signIn]) {
      const [line, ...others] = setCookiesOf(response);
      expect(others).toEqual([]);
      const attributes = line!.split(';').map((part) => part.trim());
      expect(attributes[0]).toMatch(/^bingkai_refresh=[A-Za-z0-9_-]{43}$/);
      expect(attributes.slice(1).sort()).toEqual(['HttpOnly', `Max-Age=${THIRTY_DAYS}`, 'Path=/api/v2/account/auth', 'SameSite=Strict', 'Secure']);
    }
    expect(sessionOf(verified).refresh).not.toBe(sessionOf(signIn).refresh);
    // Only a hash is stored.
    const stored = await t.database.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(sessionOf(signIn).refresh);
  });

  it('an ID token alone, expired or not, can no longer refresh', async () => {
    const { session } = await newAccount();
    const withBearer = await refreshWith(t.app, null, undefined, bearer(session.idToken));
    expectRefused(withBearer);
    // An hour after the ID token expired (the seed accepted up to 7 days).
    later(15 * 60 + 3600);
    expectRefused(await refreshWith(t.app, null, undefined, bearer(session.idToken)));
    // The cookie still works, bearer or not.
    const ok = await refreshWith(t.app, session.refresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(refreshResponse.safeParse(ok.json()).success).toBe(true);
  });

  it('rotates on every refresh: a new cookie each time, the old one refused once the race window has passed', async () => {
    const { email, session } = await newAccount();
    const first = await refreshWith(t.app, session.refresh);
    expect(first.statusCode, first.body).toBe(200);
    const second = refreshCookieOf(first)!;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(session.refresh);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect((first.json() as { data: { profile: { flag: unknown } } }).data.profile.flag).toEqual({ suspended: false, appealStatus: 'NOT_YET', suspendedAt: null });

    const next = await refreshWith(t.app, second, { isMobile: false });
    expect(next.statusCode, next.body).toBe(200);
    const third = refreshCookieOf(next)!;
    expect(new Set([session.refresh, second, third]).size).toBe(3);
    // The family's rows: one per token, each used one pointing at its successor (registration started another family).
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.accountId, row!.id));
    const familyId = rows.find((r) => r.replacedBy !== null)!.familyId;
    const family = rows.filter((r) => r.familyId === familyId);
    expect(family).toHaveLength(3);
    expect(family.filter((r) => r.usedAt === null)).toHaveLength(1);
    expect(family.filter((r) => r.replacedBy !== null)).toHaveLength(2);

    later(REFRESH_RACE_SECONDS + 1);
    expectRefused(await refreshWith(t.app, second));
  });

  it('two tabs refreshing with one cookie at once: the later one gets an ID token and no new cookie, the family lives on', async () => {
    const { session } = await newAccount();
    const [a, b] = await Promise.all([refreshWith(t.app, session.refresh), refreshWith(t.app, session.refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const cookies = [refreshCookieOf(a), refreshCookieOf(b)].filter((value) => value !== null);
    expect(cookies, 'exactly one of them rotated').toHaveLength(1);
    const again = await refreshWith(t.app, cookies[0]!);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('reuse of a rotated token after the race window revokes the whole family; other devices stay signed in', async () => {
    const { email, session } = await newAccount();
    const otherDevice = await signInSession(t.app, email, password);
    const rotated = refreshCookieOf(await refreshWith(t.app, session.refresh))!;
    const newest = refreshCookieOf(await refreshWith(t.app, rotated))!;

    later(REFRESH_RACE_SECONDS + 1);
    const reuse = await refreshWith(t.app, session.refresh);
    expectRefused(reuse);
    expect(refreshCookieOf(reuse), 'the refused cookie is cleared').toBe('');
    // The thief (or the owner) holding the newest token is out too.
    expectRefused(await refreshWith(t.app, newest));
    const other = await refreshWith(t.app, otherDevice.refresh);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('refuses an unknown, malformed or expired refresh token', async () => {
    const { session } = await newAccount();
    expectRefused(await refreshWith(t.app, 'A'.repeat(43)));
    expectRefused(await refreshWith(t.app, null, undefined, { cookie: 'bingkai_refresh=not a token; other=1' }));
    later(THIRTY_DAYS + 1);
    expectRefused(await refreshWith(t.app, session.refresh));
  });

  it('sign-out ends this device only: its family dies and the cookie is cleared', async () => {
    const { email, session } = await newAccount();
    const otherDevice = await signInSession(t.app, email, password);
    const rotated = refreshCookieOf(await refreshWith(t.app, session.refresh))!;
    // Signing out with the cookie the browser holds (the newest) also kills the older ones of the family.
    const out = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/logout', headers: cookieHeader(rotated) });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ data: { signedOut: true } });
    expect(refreshCookieOf(out)).toBe('');
    expect(setCookiesOf(out)[0]).toContain('Max-Age=0');
    expectRefused(await refreshWith(t.app, rotated));
    expectRefused(await refreshWith(t.app, session.refresh));
    expect((await refreshWith(t.app, otherDevice.refresh)).statusCode).toBe(200);
    // Without a cookie (already signed out) it answers the same.
    const again = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/logout' });
    expect(again.statusCode).toBe(200);
  });

  it('sign-out everywhere, password reset and account deletion end every family of the account', async () => {
    const everywhere = await newAccount();
    const second = await signInSession(t.app, everywhere.email, password);
    const out = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/logout-all', headers: bearer(second.idToken) });
    expect(out.statusCode, out.body).toBe(200);
    expect(refreshCookieOf(out)).toBe('');
    for (const session of [everywhere.session, second]) expectRefused(await refreshWith(t.app, session.refresh));
    expect((await refreshWith(t.app, (await signInSession(t.app, everywhere.email, password)).refresh)).statusCode, 'a new sign-in works').toBe(200);

    const reset = await newAccount();
    const count = t.smtp.mails.length;
    await signedInject(t.app, { method: 'POST', url: '/api/v2/account/forgot-password', body: { email: reset.email } });
    const mail = await t.smtp.waitFor((m) => m.to === reset.email && m.kind === 'RESET_PASSWORD' && t.smtp.mails.indexOf(m) >= count);
    const ticketId = /reset-password\?ticket=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]!;
    const changed = await signedInject(t.app, { method: 'PATCH', url: '/api/v2/account/forgot-password', body: { ticketId, newPassword: 'baru-2026-rahasia' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expectRefused(await refreshWith(t.app, reset.session.refresh));

    const deleted = await newAccount();
    const gone = await signedInject(t.app, { method: 'DELETE', url: '/api/v2/account/delete', headers: bearer(deleted.session.idToken) });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(refreshCookieOf(gone)).toBe('');
    expectRefused(await refreshWith(t.app, deleted.session.refresh));
  });
});
