import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_HEADER } from '../../contract/account.ts';
import { RESERVED_USERNAMES } from '../../contract/accountProfile.ts';
import { accounts, appeals, campaigns, emailChanges, preferences, verificationCodes } from '../infra/db/schema.ts';
import { accountState, bearer, codeFrom, createAccountTestApp, register, registerVerified, solveCaptcha, type AccountTestApp } from '../testing/accountApp.ts';
import { insertCampaign, suspendForTest } from '../testing/fixtures.ts';
import { refreshCookieOf, refreshWith, signInSession } from '../testing/refreshSession.ts';
import { drivers, signedInject } from '../testing/testApp.ts';

const pending = (t: AccountTestApp, body: unknown, headers: Record<string, string> = {}) =>
  signedInject(t.app, { method: 'POST', url: '/api/v2/account/pending', body, headers });

describe.each(drivers)('account registration and verification (%s)', (driver) => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await createAccountTestApp(driver);
  });
  afterAll(() => t.close());

  it('registers an unverified account, mails a code in the caller language, and verifying it answers a token', async () => {
    const response = await register(t.app, { name: 'Siti Nurhaliza', email: '  Siti@Example.TEST ', password: 'merdeka1945', isMobile: false, deviceType: 'WEB' }, { 'accept-language': 'id-ID,id;q=0.9' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ data: { email: 'siti@example.test', request: 'VERIFY_REGISTRATION' } });

    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'siti@example.test'));
    expect(row).toMatchObject({ name: 'Siti Nurhaliza', username: 'sitinurhaliza', isVerified: false, locale: 'id-ID', tokenVersion: 0 });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('merdeka1945');

    const mail = await t.smtp.waitFor((m) => m.to === 'siti@example.test');
    expect(mail.kind).toBe('VERIFY_REGISTRATION');
    expect(mail.parsed.subject).toBe('Kode verifikasi Bingkai Anda');
    expect(mail.parsed.html).toContain(codeFrom(mail));
    expect(mail.parsed.text).toContain('Halo Siti Nurhaliza');
    const [stored] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.accountId, row!.id));
    expect(stored!.codeHash).not.toContain(codeFrom(mail));

    const verified = await pending(t, { email: 'SITI@example.test', request: 'VERIFY_REGISTRATION', verificationCode: codeFrom(mail), isMobile: false });
    expect(verified.statusCode, verified.body).toBe(200);
    const claims = decodeJwt((verified.json() as { data: { idToken: string } }).data.idToken);
    expect(claims).toMatchObject({ sub: row!.uuid, email: 'siti@example.test', username: 'sitinurhaliza', isVerified: true, isPassword: true, ver: 0 });
    const [after] = await t.database.db.select().from(accounts).where(eq(accounts.id, row!.id));
    expect(after!.isVerified).toBe(true);
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.accountId, row!.id))).toHaveLength(0);

    // The code was consumed: it cannot verify twice.
    const again = await pending(t, { email: 'siti@example.test', request: 'VERIFY_REGISTRATION', verificationCode: codeFrom(mail) });
    expect(again.statusCode).toBe(400);
  });

  it('gives a second account with the same name another username', async () => {
    const response = await register(t.app, { name: 'Siti Nurhaliza', email: 'siti2@example.test', password: 'merdeka1945', isMobile: false });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'siti2@example.test'));
    expect(row!.username).toMatch(/^sitinurhaliza\d{3,}$/);
  });

  it('never derives a reserved username: a user named "Explore" or "Admin" gets digits after it', async () => {
    for (const [name, email] of [['Explore', 'explore@example.test'], ['ADMIN', 'admin@example.test']] as const) {
      const response = await register(t.app, { name, email, password: 'merdeka1945', isMobile: false });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
      expect(row!.username).toMatch(new RegExp(`^${name.toLowerCase()}\\d{3,}$`));
      expect(RESERVED_USERNAMES.has(row!.username)).toBe(false);
    }
  });

  it('refuses bad registrations with a clear message and stores nothing', async () => {
    const valid = { name: 'Budi', email: 'budi@example.test', password: 'rahasia123', isMobile: false, deviceType: 'WEB' };
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['missing name', { ...valid, name: undefined }, 'name', 'Name is required'],
      ['blank name', { ...valid, name: '   ' }, 'name', 'Name is required'],
      ['name too long', { ...valid, name: 'x'.repeat(61) }, 'name', 'Name must be at most 60 characters'],
      ['missing email', { ...valid, email: undefined }, 'email', 'Email is required'],
      ['bad email', { ...valid, email: 'budi@' }, 'email', 'Email address is not valid'],
      ['email too long', { ...valid, email: `${'b'.repeat(250)}@x.id` }, 'email', 'Email must be at most 254 characters'],
      ['email of wrong type', { ...valid, email: 42 }, 'email', 'Email is required'],
      ['short password', { ...valid, password: 'abc123' }, 'password', 'Password must be at least 8 characters'],
      ['long password', { ...valid, password: `a1${'x'.repeat(127)}` }, 'password', 'Password must be at most 128 characters'],
      ['password without digit', { ...valid, password: 'onlyletters' }, 'password', 'Password must contain at least one letter and one digit'],
      ['password without letter', { ...valid, password: '1234567890' }, 'password', 'Password must contain at least one letter and one digit'],
      ['bad device type', { ...valid, deviceType: 'TOASTER' }, 'deviceType', ''],
      ['isMobile of wrong type', { ...valid, isMobile: 'yes' }, 'isMobile', ''],
    ];
    const before = await accountState(t.database.db);
    for (const [label, body, field, message] of cases) {
      const response = await register(t.app, body);
      expect(response.statusCode, label).toBe(400);
      const envelope = response.json() as { code: string; fields: Record<string, string> };
      expect(envelope.code, label).toBe('VALIDATION_FAILED');
      expect(envelope.fields[field], label).toBeTruthy();
      if (message) expect(envelope.fields[field], label).toBe(message);
    }
    expect(await accountState(t.database.db)).toEqual(before);
  });

  it('refuses a missing, forged or reused captcha and stores nothing', async () => {
    const body = { name: 'Budi', email: 'budi@example.test', password: 'rahasia123', isMobile: false };
    const before = await accountState(t.database.db);
    const missing = await signedInject(t.app, { method: 'POST', url: '/api/v2/account', body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'CAPTCHA_INVALID', message: expect.stringMatching(/captcha/) });

    type Solved = { challenge: { parameters: Record<string, unknown> }; solution: { counter: number; derivedKey: string } };
    const solved = JSON.parse(Buffer.from(await solveCaptcha(t.app), 'base64').toString()) as Solved;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrongKey = encode({ ...solved, solution: { ...solved.solution, derivedKey: solved.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) } });
    const easierChallenge = encode({ ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 0 } } });
    for (const header of [wrongKey, easierChallenge, 'not-base64-json', encode({ challenge: {} })]) {
      const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/account', body, headers: { [CAPTCHA_HEADER]: header } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    }
    expect(await accountState(t.database.db)).toEqual(before);

    const header = await solveCaptcha(t.app);
    const first = await signedInject(t.app, { method: 'POST', url: '/api/v2/account', body, headers: { [CAPTCHA_HEADER]: header } });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = await accountState(t.database.db);
    const reused = await signedInject(t.app, { method: 'POST', url: '/api/v2/account', body: { ...body, email: 'other@example.test' }, headers: { [CAPTCHA_HEADER]: header } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    expect(await accountState(t.database.db)).toEqual(afterFirst);
  });

  it('answers 409 for an email that is taken, whatever its case, and changes nothing', async () => {
    const before = await accountState(t.database.db);
    const response = await register(t.app, { name: 'Another', email: ' SITI@example.test', password: 'different99', isMobile: false });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists; sign in instead' });
    expect(await accountState(t.database.db)).toEqual(before);
  });

  it('refuses wrong, malformed, expired and exhausted codes', async () => {
    const email = 'kode@example.test';
    expect((await register(t.app, { name: 'Kode', email, password: 'kode12345', isMobile: false })).statusCode).toBe(201);
    const code = codeFrom(await t.smtp.waitFor((m) => m.to === email));
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await accountState(t.database.db);

    for (const [label, body] of [
      ['missing code', { email, request: 'VERIFY_REGISTRATION' }],
      ['short code', { email, request: 'VERIFY_REGISTRATION', verificationCode: '12345' }],
      ['letters', { email, request: 'VERIFY_REGISTRATION', verificationCode: 'abcdef' }],
      ['number type', { email, request: 'VERIFY_REGISTRATION', verificationCode: 123456 }],
      ['unknown request', { email, request: 'VERIFY_EVERYTHING', verificationCode: code }],
      ['bad email', { email: 'kode@', request: 'VERIFY_REGISTRATION', verificationCode: code }],
    ] as const) {
      const response = await pending(t, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const unknown = await pending(t, { email: 'nobody@example.test', request: 'VERIFY_REGISTRATION', verificationCode: code });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'CODE_INVALID' });
    expect(await accountState(t.database.db)).toEqual(before);

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await pending(t, { email, request: 'VERIFY_REGISTRATION', verificationCode: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'CODE_INVALID', message: `The code is wrong; ${5 - attempt} ${5 - attempt === 1 ? 'attempt' : 'attempts'} left` });
    }
    const fifth = await pending(t, { email, request: 'VERIFY_REGISTRATION', verificationCode: wrong });
    expect(fifth.json()).toMatchObject({ code: 'CODE_TOO_MANY_ATTEMPTS' });
    // The right code no longer works once the attempts are used up.
    const dead = await pending(t, { email, request: 'VERIFY_REGISTRATION', verificationCode: code });
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({ code: 'CODE_TOO_MANY_ATTEMPTS', message: expect.stringContaining('ask for a new code') });
    const [still] = await t.database.db.select().from(accounts).where(eq(accounts.id, account!.id));
    expect(still!.isVerified).toBe(false);

    // Expired: age the row past its expiry and reset the cooldown.
    await t.database.db.update(verificationCodes).set({ attempts: 0, expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.accountId, account!.id));
    const expired = await pending(t, { email, request: 'VERIFY_REGISTRATION', verificationCode: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED', message: 'This code has expired; ask for a new code' });
    const [notVerified] = await t.database.db.select().from(accounts).where(eq(accounts.id, account!.id));
    expect(notVerified!.isVerified).toBe(false);
  });

  it('resends a new code after the cooldown, answers 429 with the seconds left before, and the old code dies', async () => {
    const email = 'resend@example.test';
    expect((await register(t.app, { name: 'Resend', email, password: 'resend123', isMobile: false })).statusCode).toBe(201);
    const firstCode = codeFrom(await t.smtp.waitFor((m) => m.to === email));
    const before = await accountState(t.database.db);
    const early = await pending(t, { email, request: 'RESEND_VERIFICATION_CODE_REGISTRATION', isMobile: false });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/in (60|59|58) s$/) });
    expect(await accountState(t.database.db)).toEqual(before);

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    await t.database.db.update(verificationCodes).set({ lastSentAt: new Date(Date.now() - 61_000) }).where(eq(verificationCodes.accountId, account!.id));
    const mailsBefore = t.smtp.mails.length;
    const resent = await pending(t, { email, request: 'RESEND_VERIFICATION_CODE_REGISTRATION', isMobile: false });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ data: { email, request: 'RESEND_VERIFICATION_CODE_REGISTRATION', resendAfterSeconds: 60 } });
    const second = await t.smtp.waitFor((m) => m.to === email && t.smtp.mails.indexOf(m) >= mailsBefore);
    const secondCode = codeFrom(second);
    if (secondCode !== firstCode) {
      const old = await pending(t, { email, request: 'VERIFY_REGISTRATION', verificationCode: firstCode });
      expect(old.statusCode).toBe(400);
    }
    const ok = await pending(t, { email, request: 'VERIFY_REGISTRATION', verificationCode: secondCode });
    expect(ok.statusCode, ok.body).toBe(200);

    // Unknown and verified addresses get the same answer and no mail.
    const count = t.smtp.mails.length;
    for (const other of ['nobody@example.test', email]) {
      const response = await pending(t, { email: other, request: 'RESEND_VERIFICATION_CODE_REGISTRATION' });
      expect(response.json()).toEqual({ data: { email: other, request: 'RESEND_VERIFICATION_CODE_REGISTRATION', resendAfterSeconds: 60 } });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.mails.length).toBe(count);
  });

  it('verifies an email update with the code sent to the new address', async () => {
    const idToken = await registerVerified(t, { name: 'Pindah', email: 'pindah@example.test', password: 'pindah123' });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'pindah@example.test'));
    // The profile route creates the pending change; here it is inserted as that route would.
    await t.database.db.insert(emailChanges).values({ accountId: account!.id, newEmail: 'baru@example.test', ticketHash: 'ticket-hash-1', expiresAt: new Date(Date.now() + 3600_000) });
    const resent = await pending(t, { email: 'baru@example.test', request: 'RESEND_VERIFICATION_CODE_EMAIL_UPDATE' }, bearer(idToken));
    expect(resent.statusCode, resent.body).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to === 'baru@example.test' && m.kind === 'VERIFY_EMAIL_UPDATE');
    expect(mail.parsed.subject).toBe('Confirm your new email address');

    const wrong = await pending(t, { email: 'baru@example.test', request: 'VERIFY_EMAIL_UPDATE', verificationCode: codeFrom(mail) === '999999' ? '999998' : '999999' }, bearer(idToken));
    expect(wrong.statusCode).toBe(400);
    const [unchanged] = await t.database.db.select().from(accounts).where(eq(accounts.id, account!.id));
    expect(unchanged!.email).toBe('pindah@example.test');

    const verified = await pending(t, { email: 'baru@example.test', request: 'VERIFY_EMAIL_UPDATE', verificationCode: codeFrom(mail) }, bearer(idToken));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(decodeJwt((verified.json() as { data: { idToken: string } }).data.idToken)).toMatchObject({ email: 'baru@example.test' });
    const [changed] = await t.database.db.select().from(accounts).where(eq(accounts.id, account!.id));
    expect(changed!.email).toBe('baru@example.test');
    expect(await t.database.db.select().from(emailChanges).where(eq(emailChanges.accountId, account!.id))).toHaveLength(0);
  });

  it('voids reset links mailed to the old address once the email change is confirmed', async () => {
    const idToken = await registerVerified(t, { name: 'Lama', email: 'lama@example.test', password: 'lama12345' });
    const count = t.smtp.mails.length;
    await signedInject(t.app, { method: 'POST', url: '/api/v2/account/forgot-password', body: { email: 'lama@example.test' } });
    const resetMail = await t.smtp.waitFor((m) => m.to === 'lama@example.test' && m.kind === 'RESET_PASSWORD' && t.smtp.mails.indexOf(m) >= count);
    const ticket = /reset-password\?ticket=([A-Za-z0-9_-]+)/.exec(resetMail.parsed.text ?? '')?.[1];
    const started = await signedInject(t.app, { method: 'PATCH', url: '/api/v2/account/update', body: { email: 'lama-baru@example.test' }, headers: bearer(idToken) });
    expect(started.statusCode, started.body).toBe(200);
    const code = codeFrom(await t.smtp.waitFor((m) => m.to === 'lama-baru@example.test' && m.kind === 'VERIFY_EMAIL_UPDATE'));
    expect((await pending(t, { email: 'lama-baru@example.test', request: 'VERIFY_EMAIL_UPDATE', verificationCode: code }, bearer(idToken))).statusCode).toBe(200);
    // Whoever still reads the old mailbox must not get the account back through an earlier link.
    const before = await accountState(t.database.db);
    const reset = await signedInject(t.app, { method: 'PATCH', url: '/api/v2/account/forgot-password', body: { ticketId: ticket, newPassword: 'rebut-balik-1' } });
    expect(reset.statusCode, reset.body).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'TICKET_INVALID' });
    expect(await accountState(t.database.db)).toEqual(before);
  });

  it('keeps a suspended account from resending or completing an email change, with or without its token', async () => {
    const idToken = await registerVerified(t, { name: 'Skors', email: 'skors@example.test', password: 'skors1234' });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'skors@example.test'));
    await t.database.db.insert(emailChanges).values({ accountId: account!.id, newEmail: 'skors-baru@example.test', ticketHash: 'ticket-hash-s', expiresAt: new Date(Date.now() + 3600_000) });
    await pending(t, { email: 'skors-baru@example.test', request: 'RESEND_VERIFICATION_CODE_EMAIL_UPDATE' }, bearer(idToken));
    const code = codeFrom(await t.smtp.waitFor((m) => m.to === 'skors-baru@example.test' && m.kind === 'VERIFY_EMAIL_UPDATE'));
    await suspendForTest(t.database.db, account!.uuid);
    const before = await accountState(t.database.db);
    const mailsBefore = t.smtp.mails.length;
    for (const headers of [bearer(idToken), {}]) {
      const verify = await pending(t, { email: 'skors-baru@example.test', request: 'VERIFY_EMAIL_UPDATE', verificationCode: code }, headers);
      expect(verify.statusCode, verify.body).toBe(403);
      expect(verify.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    }
    const resend = await pending(t, { email: 'skors-baru@example.test', request: 'RESEND_VERIFICATION_CODE_EMAIL_UPDATE' }, bearer(idToken));
    expect(resend.statusCode).toBe(403);
    expect(await accountState(t.database.db)).toEqual(before);
    expect(t.smtp.mails.length).toBe(mailsBefore);
  });

  it('answers 409 when the new address was taken meanwhile, and keeps the code and the old address', async () => {
    const idToken = await registerVerified(t, { name: 'Rebut', email: 'rebut@example.test', password: 'rebut1234' });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'rebut@example.test'));
    await t.database.db.insert(emailChanges).values({ accountId: account!.id, newEmail: 'diambil@example.test', ticketHash: 'ticket-hash-2', expiresAt: new Date(Date.now() + 3600_000) });
    await pending(t, { email: 'diambil@example.test', request: 'RESEND_VERIFICATION_CODE_EMAIL_UPDATE' }, bearer(idToken));
    const code = codeFrom(await t.smtp.waitFor((m) => m.to === 'diambil@example.test'));
    await registerVerified(t, { name: 'Pengambil', email: 'diambil@example.test', password: 'ambil1234' });
    const before = await accountState(t.database.db);
    const response = await pending(t, { email: 'diambil@example.test', request: 'VERIFY_EMAIL_UPDATE', verificationCode: code }, bearer(idToken));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    // Only the attempt counter moved.
    const after = await accountState(t.database.db);
    expect(after.accounts).toEqual(before.accounts);
    expect(after.emailChanges).toEqual(before.emailChanges);
    expect(after.codes.map((row) => ({ ...row, attempts: 0 }))).toEqual(before.codes.map((row) => ({ ...row, attempts: 0 })));
  });

  it('deletes the account with its personal data and campaigns, and its tokens die', async () => {
    await registerVerified(t, { name: 'Hapus', email: 'hapus@example.test', password: 'hapus1234' });
    const { idToken, refresh: refreshToken } = await signInSession(t.app, 'hapus@example.test', 'hapus1234');
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.email, 'hapus@example.test'));
    await t.database.db.insert(preferences).values({ accountId: account!.id, type: 'general', values: { country: 'ID' } });
    await t.database.db.insert(appeals).values({ accountId: account!.id, message: 'please' });
    await insertCampaign(t.database.db, account!.id, { uri: 'hapus-campaign' });
    const other = await accountState(t.database.db);

    const unauthenticated = await signedInject(t.app, { method: 'DELETE', url: '/api/v2/account/delete' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(await accountState(t.database.db)).toEqual(other);

    const response = await signedInject(t.app, { method: 'DELETE', url: '/api/v2/account/delete', headers: bearer(idToken) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: true } });
    expect(refreshCookieOf(response), 'the refresh cookie is cleared').toBe('');
    expect(await t.database.db.select().from(accounts).where(eq(accounts.id, account!.id))).toHaveLength(0);
    expect(await t.database.db.select().from(preferences).where(eq(preferences.accountId, account!.id))).toHaveLength(0);
    expect(await t.database.db.select().from(appeals).where(eq(appeals.accountId, account!.id))).toHaveLength(0);
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.creatorId, account!.id))).toHaveLength(0);
    expect((await accountState(t.database.db)).accounts.length).toBe(other.accounts.length - 1);
    await t.smtp.waitFor((m) => m.to === 'hapus@example.test' && m.kind === 'ACCOUNT_DELETED');

    const refresh = await refreshWith(t.app, refreshToken);
    expect(refresh.statusCode).toBe(401);
    const again = await signedInject(t.app, { method: 'DELETE', url: '/api/v2/account/delete', headers: bearer(idToken) });
    expect(again.statusCode).toBe(401);
  });
});
