import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshResponse } from '../../contract/account.ts';
import { accounts, emailChanges, passwordResetTickets } from '../infra/db/schema.ts';
import { accountState, bearer, codeFrom, createAccountTestApp, register, registerVerified, type AccountTestApp } from '../testing/accountApp.ts';
import { refreshCookieOf, refreshWith, sessionOf, type Session } from '../testing/refreshSession.ts';
import { drivers, signedInject } from '../testing/testApp.ts';

type Json = { data: { idToken: string; profile?: unknown } };

const signIn = (t: AccountTestApp, body: unknown) => signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/native', body });
/** Refreshes with the session's cookie and keeps the rotated one, as the browser does. */
async function refresh(t: AccountTestApp, session: Session, body: unknown = { profile: true, isMobile: false }) {
  const response = await refreshWith(t.app, session.refresh, body);
  session.refresh = refreshCookieOf(response) || session.refresh;
  return response;
}
const forgot = (t: AccountTestApp, body: unknown) => signedInject(t.app, { method: 'POST', url: '/api/v2/account/forgot-password', body });
const reset = (t: AccountTestApp, body: unknown) => signedInject(t.app, { method: 'PATCH', url: '/api/v2/account/forgot-password', body });
const ticketOf = (text: string | undefined) => /reset-password\?ticket=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';

describe.each(drivers)('account sign-in, refresh and passwords (%s)', (driver) => {
  let t: AccountTestApp;
  let session: Session;
  const email = 'ana@example.test';
  let password = 'bingkai2026';

  beforeAll(async () => {
    t = await createAccountTestApp(driver);
    await registerVerified(t, { name: 'Ana Lestari', email, password });
    session = sessionOf(await signIn(t, { email, password }));
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs in with email and password and the token carries the spec claims', async () => {
    const response = await signIn(t, { email: ' ANA@example.test', password, isMobile: false });
    expect(response.statusCode, response.body).toBe(200);
    const token = (response.json() as Json).data.idToken;
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    const claims = decodeJwt(token);
    expect(claims).toEqual({
      sub: row!.uuid,
      name: 'Ana Lestari',
      username: 'analestari',
      email,
      createdAt: row!.createdAt.getTime(),
      avatar: null,
      subscription: null,
      isPassword: true,
      isVerified: true,
      lastPasswordUpdate: row!.lastPasswordUpdate!.getTime(),
      associatedAccount: [],
      ver: 0,
      iss: 'bingkai',
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it('gives the same 401 for a wrong password and an unknown email, and runs argon2 for both', async () => {
    const timed = async (body: unknown) => {
      const started = performance.now();
      const response = await signIn(t, body);
      return { response, ms: performance.now() - started };
    };
    const wrong = await timed({ email, password: 'not-the-password1', isMobile: false });
    const unknown = await timed({ email: 'ghost@example.test', password: 'not-the-password1', isMobile: false });
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'The email or password is wrong' });
    }
    // A hash check costs milliseconds; answering an unknown email without one would take a fraction of that.
    const again = await timed({ email: 'ghost2@example.test', password: 'not-the-password1' });
    expect(Math.min(unknown.ms, again.ms)).toBeGreaterThan(Math.min(wrong.ms, 8) * 0.3);
  });

  it('refuses bad sign-in input with a clear message', async () => {
    for (const [label, body, field] of [
      ['missing password', { email }, 'password'],
      ['empty password', { email, password: '' }, 'password'],
      ['password too long', { email, password: 'a1'.repeat(65) }, 'password'],
      ['password of wrong type', { email, password: 12345678 }, 'password'],
      ['bad email', { email: 'ana', password }, 'email'],
      ['missing email', { password }, 'email'],
    ] as const) {
      const response = await signIn(t, body);
      expect(response.statusCode, label).toBe(400);
      expect((response.json() as { fields: Record<string, string> }).fields[field], label).toBeTruthy();
    }
  });

  it('refuses an unverified account with 403 ACCOUNT_NOT_VERIFIED and mails it a new code', async () => {
    const other = 'belum@example.test';
    expect((await register(t.app, { name: 'Belum', email: other, password: 'belum1234', isMobile: false })).statusCode).toBe(201);
    const first = await t.smtp.waitFor((m) => m.to === other);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, other));
    // Within the cooldown no new mail goes out, but the answer is the same.
    const early = await signIn(t, { email: other, password: 'belum1234' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED', message: expect.stringContaining('Verify your email') });
    const { verificationCodes } = await import('../infra/db/schema.ts');
    await t.database.db.update(verificationCodes).set({ lastSentAt: new Date(Date.now() - 61_000) }).where(eq(verificationCodes.accountId, row!.id));
    const count = t.smtp.mails.length;
    const response = await signIn(t, { email: other, password: 'belum1234' });
    expect(response.statusCode).toBe(403);
    const second = await t.smtp.waitFor((m) => m.to === other && t.smtp.mails.indexOf(m) >= count);
    expect(second.kind).toBe('VERIFY_REGISTRATION');
    const verify = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/pending', body: { email: other, request: 'VERIFY_REGISTRATION', verificationCode: codeFrom(second) } });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(codeFrom(first)).toMatch(/^\d{6}$/);
    expect((await signIn(t, { email: other, password: 'belum1234' })).statusCode).toBe(200);
  });

  it('refreshes with the profile flag and pending email update, also for a suspended account', async () => {
    const plain = await refresh(t, session, { isMobile: false });
    expect(plain.statusCode, plain.body).toBe(200);
    expect((plain.json() as Json).data.profile).toBeUndefined();

    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    const suspendedAt = new Date('2026-01-02T03:04:05Z');
    await t.database.db.update(accounts).set({ suspendedAt, bio: 'Bingkai fan', websiteLink: 'https://ana.example.test', country: 'ID', language: 'id' }).where(eq(accounts.id, row!.id));
    const requestedAt = new Date('2026-01-03T00:00:00Z');
    const expiresAt = new Date(Date.now() + 60_000);
    await t.database.db.insert(emailChanges).values({ accountId: row!.id, newEmail: 'ana.baru@example.test', ticketHash: 'refresh-ticket', expiresAt, createdAt: requestedAt });
    try {
      const response = await refresh(t, session);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json() as Json;
      expect(data.profile).toEqual({
        flag: { suspended: true, appealStatus: 'NOT_YET', suspendedAt: suspendedAt.getTime() },
        account: { bio: 'Bingkai fan', banner: null, websiteLink: 'https://ana.example.test', country: 'ID', language: 'id' },
        emailUpdate: { email: 'ana.baru@example.test', requestedAt: requestedAt.getTime(), expiresAt: expiresAt.getTime() },
        applyMonetization: 'FORM',
      });
      expect(refreshResponse.safeParse(response.json()).success).toBe(true);
      expect(decodeJwt(data.idToken).sub).toBe(row!.uuid);

      // Staff decisions show up on the next refresh; an expired email change is not pending any more.
      await t.database.db.update(accounts).set({ appealStatus: 'PENDING', applyMonetization: 'APPROVED' }).where(eq(accounts.id, row!.id));
      await t.database.db.update(emailChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.accountId, row!.id));
      const later = ((await refresh(t, session)).json() as Json).data.profile;
      expect(later).toMatchObject({ flag: { suspended: true, appealStatus: 'PENDING', suspendedAt: suspendedAt.getTime() }, emailUpdate: null, applyMonetization: 'APPROVED' });
    } finally {
      await t.database.db.update(accounts).set({ suspendedAt: null, appealStatus: 'NOT_YET', applyMonetization: 'FORM', bio: '', websiteLink: '', country: null, language: null }).where(eq(accounts.id, row!.id));
      await t.database.db.delete(emailChanges).where(eq(emailChanges.accountId, row!.id));
    }
  });

  it('refreshes with the refresh cookie only: no ID token, valid, forged or expired, is a credential', async () => {
    const { idToken } = session;
    const [head, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = [head, Buffer.from(JSON.stringify({ ...claims, email: 'evil@example.test' })).toString('base64url'), signature].join('.');
    for (const headers of [{}, bearer(idToken), bearer(forged), bearer('not.a.token')]) {
      const refused = await refreshWith(t.app, null, { profile: true }, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }

    // An hour after the ID token expired: the seed refreshed it (up to 7 days late); now only the cookie does.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect((await refreshWith(t.app, null, { profile: true }, bearer(idToken))).statusCode).toBe(401);
    const late = await refresh(t, session);
    expect(late.statusCode, late.body).toBe(200);
  });

  it('signs out everywhere: every earlier token dies, a new sign-in works', async () => {
    const second = sessionOf(await signIn(t, { email, password }));
    const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/logout-all', headers: bearer(second.idToken) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { signedOut: true } });
    for (const ended of [session, second]) {
      const dead = await refresh(t, ended);
      expect(dead.statusCode).toBe(401);
      expect(dead.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Your session has ended; sign in again' });
      // The ID token dies too, before it expires.
      expect((await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/logout-all', headers: bearer(ended.idToken) })).statusCode).toBe(401);
    }
    session = sessionOf(await signIn(t, { email, password }));
    expect(decodeJwt(session.idToken).ver).toBe(1);
    expect((await refresh(t, session)).statusCode).toBe(200);
  });

  it('answers forgot-password the same for unknown addresses and mails a single-use reset link to known ones', async () => {
    const before = await accountState(t.database.db);
    const unknown = await forgot(t, { email: 'ghost@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ data: { sent: true } });
    expect(await accountState(t.database.db)).toEqual(before);

    const known = await forgot(t, { email: 'Ana@Example.test' });
    expect(known.json()).toEqual({ data: { sent: true } });
    const mail = await t.smtp.waitFor((m) => m.to === email && m.kind === 'RESET_PASSWORD');
    expect(mail.parsed.subject).toBe('Reset your Bingkai password');
    const ticket = ticketOf(mail.parsed.text);
    expect(mail.parsed.html).toContain(`https://bingkai.test/reset-password?ticket=${ticket}`);
    const [stored] = await t.database.db.select().from(passwordResetTickets);
    expect(stored!.ticketHash).not.toBe(ticket);

    // Weak password or a bad ticket: 400, nothing changes.
    const beforeReset = await accountState(t.database.db);
    const weak = await reset(t, { ticketId: ticket, newPassword: 'short1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { newPassword: 'Password must be at least 8 characters' } });
    for (const body of [{ ticketId: 'made-up-ticket', newPassword: 'newpass123' }, { ticketId: '', newPassword: 'newpass123' }, { newPassword: 'newpass123' }, { ticketId: 'x'.repeat(201), newPassword: 'newpass123' }]) {
      const response = await reset(t, body);
      expect(response.statusCode).toBe(400);
      expect(['TICKET_INVALID', 'VALIDATION_FAILED']).toContain((response.json() as { code: string }).code);
    }
    expect(await accountState(t.database.db)).toEqual(beforeReset);

    const ended = { ...session };
    const ok = await reset(t, { ticketId: ticket, newPassword: 'baru-2026-rahasia' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { updated: true } });
    await t.smtp.waitFor((m) => m.to === email && m.kind === 'PASSWORD_CHANGED');
    // The token from before the change is dead; the old password no longer works, the new one does.
    expect((await refresh(t, ended)).statusCode).toBe(401);
    expect((await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/logout-all', headers: bearer(ended.idToken) })).statusCode).toBe(401);
    expect((await signIn(t, { email, password })).statusCode).toBe(401);
    password = 'baru-2026-rahasia';
    const signedIn = await signIn(t, { email, password });
    expect(signedIn.statusCode).toBe(200);
    session = sessionOf(signedIn);

    const afterReset = await accountState(t.database.db);
    const reused = await reset(t, { ticketId: ticket, newPassword: 'another-pass-9' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'TICKET_INVALID', message: 'This reset link is invalid, expired or already used; ask for a new one' });
    expect(await accountState(t.database.db)).toEqual(afterReset);
  });

  it('refuses an expired reset ticket', async () => {
    const count = t.smtp.mails.length;
    await forgot(t, { email });
    const mail = await t.smtp.waitFor((m) => m.kind === 'RESET_PASSWORD' && t.smtp.mails.indexOf(m) >= count);
    await t.database.db.update(passwordResetTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    const before = await accountState(t.database.db);
    const response = await reset(t, { ticketId: ticketOf(mail.parsed.text), newPassword: 'expired-pass-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TICKET_INVALID' });
    expect(await accountState(t.database.db)).toEqual(before);
  });

  it('ends pending email changes on sign-out everywhere and password reset, so a stolen session cannot finish one', async () => {
    const pending = (body: unknown) => signedInject(t.app, { method: 'POST', url: '/api/v2/account/pending', body });
    for (const [round, end] of [
      ['logout', async (token: string) => signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/logout-all', headers: bearer(token) })],
      ['reset', async (_token: string, owner: string) => {
        const count = t.smtp.mails.length;
        await forgot(t, { email: owner });
        const mail = await t.smtp.waitFor((m) => m.to === owner && m.kind === 'RESET_PASSWORD' && t.smtp.mails.indexOf(m) >= count);
        return reset(t, { ticketId: ticketOf(mail.parsed.text), newPassword: 'pulih-2026-aman' });
      }],
    ] as const) {
      const owner = `korban-${round}@example.test`;
      const stolen = await registerVerified(t, { name: 'Korban', email: owner, password: 'korban1234' });
      // With the stolen token, an attacker starts a change to their own address and receives its code there.
      const attacker = `penyerang-${round}@example.test`;
      const started = await signedInject(t.app, { method: 'PATCH', url: '/api/v2/account/update', body: { email: attacker }, headers: bearer(stolen) });
      expect(started.statusCode, started.body).toBe(200);
      const code = codeFrom(await t.smtp.waitFor((m) => m.to === attacker && m.kind === 'VERIFY_EMAIL_UPDATE'));
      // The owner ends every session.
      expect((await end(stolen, owner)).statusCode).toBe(200);
      const finish = await pending({ email: attacker, request: 'VERIFY_EMAIL_UPDATE', verificationCode: code });
      expect(finish.statusCode, finish.body).toBe(400);
      expect(finish.json()).toMatchObject({ code: 'CODE_INVALID' });
      const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, owner));
      expect(row, 'the owner keeps the address').toBeDefined();
      expect(await t.database.db.select().from(emailChanges).where(eq(emailChanges.accountId, row!.id))).toHaveLength(0);
    }
  });

  // PostgreSQL only: PGlite runs pg_sleep on the event loop, which would stall the answer whatever the route does.
  it.runIf(driver === 'postgres')('answers forgot-password for a known address as fast as for an unknown one: the ticket write and mail happen after', async () => {
    // A slow ticket write stands in for the work only a known address causes; the answer must not wait for it.
    await t.database.db.execute(sql`create function slow_ticket() returns trigger language plpgsql as $$ begin perform pg_sleep(0.6); return new; end $$`);
    await t.database.db.execute(sql`create trigger slow_ticket before insert on password_reset_tickets for each row execute function slow_ticket()`);
    try {
      const count = t.smtp.mails.length;
      const started = performance.now();
      const known = await forgot(t, { email });
      const ms = performance.now() - started;
      expect(known.json()).toEqual({ data: { sent: true } });
      expect(ms).toBeLessThan(400);
      // The link still arrives, and it works.
      const mail = await t.smtp.waitFor((m) => m.kind === 'RESET_PASSWORD' && t.smtp.mails.indexOf(m) >= count);
      expect(ticketOf(mail.parsed.text)).not.toBe('');
    } finally {
      await t.database.db.execute(sql`drop trigger slow_ticket on password_reset_tickets`);
      await t.database.db.execute(sql`drop function slow_ticket()`);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const rateLimitStores = [['memory', undefined] as const, ...(redisUrl ? [['redis', redisUrl] as const] : [])];

describe.each(drivers)('account rate limits (%s)', (driver) => {
  it.each(rateLimitStores)('limits sign-in per IP with 429, and the other account routes per email too (%s store)', async (_store, redis) => {
    const prefix = `bingkai-test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const t = await createAccountTestApp(driver, { authRateLimitPerEmail: 2, authRateLimitPerIp: 4, ...(redis ? { redisUrl: redis, redisPrefix: prefix } : {}) });
    try {
      const attempt = (email: string) => signIn(t, { email, password: 'whatever123' });
      // Sign-in has no hard per-email limit: it slows down and asks for a captcha instead (signInSlowdown.test.ts).
      for (let n = 0; n < 3; n++) expect((await attempt('victim@example.test')).statusCode).toBe(401);
      // Another email from the same IP still passes until the per-IP limit (4 per route).
      expect((await attempt('other@example.test')).statusCode).toBe(401);
      const perIp = await attempt('third@example.test');
      expect(perIp.statusCode).toBe(429);
      expect(perIp.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Registration has its own per-IP budget.
      const registration = await register(t.app, { name: 'Rate', email: 'rate@example.test', password: 'rate12345', isMobile: false });
      expect(registration.statusCode).toBe(201);
      // Forgot-password and verification are limited per email too; a refused call stores nothing.
      expect((await forgot(t, { email: 'rate@example.test' })).statusCode).toBe(200);
      expect((await forgot(t, { email: 'rate@example.test' })).statusCode).toBe(200);
      // Tickets are written after the answer; both links arrive before the snapshot.
      await vi.waitFor(() => expect(t.smtp.mails.filter((m) => m.to === 'rate@example.test' && m.kind === 'RESET_PASSWORD')).toHaveLength(2), { timeout: 5000 });
      const before = await accountState(t.database.db);
      expect((await forgot(t, { email: 'rate@example.test' })).statusCode).toBe(429);
      const guess = { email: 'rate@example.test', request: 'VERIFY_REGISTRATION', verificationCode: '000000' };
      const verify = () => signedInject(t.app, { method: 'POST', url: '/api/v2/account/pending', body: guess });
      expect((await verify()).statusCode).toBe(400);
      expect((await verify()).statusCode).toBe(400);
      const afterGuesses = await accountState(t.database.db);
      expect((await verify()).statusCode).toBe(429);
      expect(await accountState(t.database.db)).toEqual(afterGuesses);
      expect(afterGuesses.tickets).toEqual(before.tickets);
      if (redis) {
        // Per-email counters live under REDIS_PREFIX + "rate:account:<route>:<email>", next to the plugin's per-IP ones.
        const { Redis } = await import('ioredis');
        const client = new Redis(redis);
        try {
          const keys = await client.keys(`${prefix}*`);
          expect(keys.filter((key) => key.startsWith(`${prefix}rate:account:`)).sort()).toEqual(
            ['forgot-password:rate@example.test', 'pending:rate@example.test', 'register:rate@example.test'].map((key) => `${prefix}rate:account:${key}`),
          );
          expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
          // Sign-in failures live under REDIS_PREFIX + "fail:" (routes/accountRateLimits.ts signInSlowdown).
          expect(await client.hget(`${prefix}fail:sign-in:email:victim@example.test`, 'count')).toBe('3');
        } finally {
          await client.quit();
        }
      }
    } finally {
      await t.close();
      if (redis) {
        const { Redis } = await import('ioredis');
        const client = new Redis(redis);
        const keys = await client.keys(`${prefix}*`);
        if (keys.length) await client.del(...keys);
        await client.quit();
      }
    }
  });
});
