import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, appeals } from '../infra/db/schema.ts';
import { decidePendingAppeal } from '../domain/staffAppeals.ts';
import { suspendForTest } from '../testing/fixtures.ts';
import { solveCaptcha } from '../testing/accountApp.ts';
import { asAccount, claimsOf, createSocialTestApp, lastMail, passwordAccount } from '../testing/socialApp.ts';
import { fetchFile, putUpload, uploadAccepted } from '../testing/storageRequests.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

const message = 'My account was suspended by mistake; the campaign was for a school event.';

describe.each(drivers)('suspension appeal (%s)', (driver) => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await createSocialTestApp(driver));
  });
  afterAll(() => close());

  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const account = async (email: string) => (await t.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!;
  const appealRows = (accountId: string) => t.database.db.select().from(appeals).where(eq(appeals.accountId, accountId));
  const submit = async (token: string, body: unknown, captcha: string | null = null) =>
    asAccount(t, token, { method: 'POST', url: '/api/v2/account/appeal', body, headers: captcha === null ? {} : { 'x-altcha': captcha } });

  async function evidence(token: string, bytes: Buffer, contentType = 'image/jpeg') {
    const grant = await asAccount(t, token, { method: 'POST', url: '/api/v2/account/presigned/appeal', body: { contentType } });
    expect(grant.statusCode, grant.body).toBe(200);
    const put = await putUpload(t, grant.json().data, bytes);
    return { key: grant.json().data.key as string, put };
  }

  it('shows NOT_YET to an account in good standing and refuses an appeal from it', async () => {
    const ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    const status = await asAccount(t, ana, { method: 'GET', url: '/api/v2/account/appeal' });
    expect(status.json()).toEqual({ data: { appealStatus: 'NOT_YET', isSuspended: false, suspendedAt: null, appeal: null } });
    const response = await submit(ana, { message }, await solveCaptcha(t.app));
    expect(response.statusCode).toBe(409);
    expect(envelope(response).message).toMatch(/not suspended/);
  });

  it('takes a suspended account from NOT_YET to PENDING with message, evidence and a solved captcha, once', async () => {
    const budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    await suspendForTest(t.database.db, claimsOf(budi).sub, new Date('2026-11-01T00:00:00Z'));
    const row = await account('budi@example.test');

    // Bad input classes: no captcha, a forged captcha, a short message, unknown fields, a key outside the account's uploads.
    const bad: [unknown, string | null, number, RegExp][] = [
      [{ message }, null, 400, /Complete the captcha/],
      [{ message }, Buffer.from('{"challenge":{},"solution":{}}').toString('base64'), 400, /Complete the captcha/],
      [{ message: 'too short' }, 'unused', 400, /at least 20 characters/],
      [{ message, admin: true }, 'unused', 400, /Unrecognized key|validation/],
      [{ message, file: 'uploads/appeal/someone-else/x.jpg' }, await solveCaptcha(t.app), 403, /does not belong/],
    ];
    for (const [body, captcha, status, text] of bad) {
      const response = await submit(budi, body, captcha);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const error = envelope(response);
      expect([error.message, ...Object.values(error.fields ?? {})].join(' | ')).toMatch(text);
    }
    const textFile = await evidence(budi, Buffer.from('plain text pretending to be a jpeg'));
    // The local upload route refuses it at once; a bucket stores any bytes of the signed type (200), and the appeal
    // refuses them when it reads them.
    const local = t.storage.driver === 'local';
    expect(textFile.put.statusCode).toBe(local ? 415 : 200);
    if (!local) expect((await submit(budi, { message, file: textFile.key }, await solveCaptcha(t.app))).statusCode).toBe(415);
    expect(await appealRows(row.id)).toHaveLength(0);
    expect((await account('budi@example.test')).appealStatus).toBe('NOT_YET');

    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const { key, put } = await evidence(budi, photo);
    expect(put.statusCode).toBe(uploadAccepted(t));
    const response = await submit(budi, { message, file: key }, await solveCaptcha(t.app));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ appealStatus: 'PENDING', isSuspended: true, suspendedAt: Date.parse('2026-11-01T00:00:00Z'), appeal: { message } });
    const [stored] = await appealRows(row.id);
    expect(stored).toMatchObject({ message, status: 'PENDING' });
    expect(stored!.fileKey).toMatch(/^appeals\/.+\.webp$/);
    // Evidence is private and re-encoded within 2048 px.
    expect((await t.app.inject({ method: 'GET', url: `/files/${stored!.fileKey}` })).statusCode).toBe(403);
    const served = await fetchFile(t, data.appeal.fileUrl);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.body).metadata()).toMatchObject({ format: 'webp', width: 2048, height: 683 });
    // The confirmation is sent after the answer.
    await vi.waitFor(async () => expect(await lastMail(t, 'APPEAL_RECEIVED')).toMatch(/To: budi@example\.test/), { timeout: 5000, interval: 50 });

    const again = await submit(budi, { message }, await solveCaptcha(t.app));
    expect(again.statusCode).toBe(409);
    expect(envelope(again).message).toMatch(/already being reviewed/);
    expect(await appealRows(row.id)).toHaveLength(1);
    // A captcha solution works once.
    const cici = (await passwordAccount(t, { username: 'cici', email: 'cici@example.test' }))!;
    await suspendForTest(t.database.db, claimsOf(cici).sub);
    const captcha = await solveCaptcha(t.app);
    expect((await submit(cici, { message }, captcha)).statusCode).toBe(200);
    const dewi = (await passwordAccount(t, { username: 'dewi', email: 'dewi@example.test' }))!;
    await suspendForTest(t.database.db, claimsOf(dewi).sub);
    expect((await submit(dewi, { message }, captcha)).statusCode).toBe(400);
  });

  it('lets staff accept (lifting the suspension) or reject a pending appeal, and nothing else', async () => {
    const budi = await account('budi@example.test');
    const cici = await account('cici@example.test');
    const ana = await account('ana@example.test');
    const [staff] = await t.database.db.insert(accounts).values({ username: 'staffer', name: 'Staff', email: 'staff@example.test', staffRole: 'staff' }).returning();
    const decideAppeal = async (uuid: string, decision: 'ACCEPTED' | 'REJECTED') =>
      (await decidePendingAppeal(t.database.db, staff!, uuid, decision === 'ACCEPTED' ? 'lift' : 'keep', 'reviewed the evidence')).appealStatus;
    await expect(decideAppeal(ana.uuid, 'ACCEPTED')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(decideAppeal('00000000-0000-4000-8000-000000000000', 'ACCEPTED')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect(await decideAppeal(budi.uuid, 'ACCEPTED')).toBe('ACCEPTED');
    expect(await account('budi@example.test')).toMatchObject({ appealStatus: 'ACCEPTED', suspendedAt: null });
    expect((await appealRows(budi.id))[0]!.status).toBe('ACCEPTED');
    await expect(decideAppeal(budi.uuid, 'REJECTED')).rejects.toMatchObject({ code: 'CONFLICT' });
    // Unsuspended, Budi reaches the profile API again.
    const token = (await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/native', body: { email: 'budi@example.test', password: 'secret-pass-123' } })).json().data.idToken;
    expect((await asAccount(t, token, { method: 'PATCH', url: '/api/v2/account/update', body: { bio: 'back' } })).statusCode).toBe(200);

    expect(await decideAppeal(cici.uuid, 'REJECTED')).toBe('REJECTED');
    const rejected = await account('cici@example.test');
    expect(rejected.appealStatus).toBe('REJECTED');
    expect(rejected.suspendedAt).not.toBeNull();
    const ciciToken = (await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/native', body: { email: 'cici@example.test', password: 'secret-pass-123' } })).json().data.idToken;
    const status = await asAccount(t, ciciToken, { method: 'GET', url: '/api/v2/account/appeal' });
    expect(status.json().data).toMatchObject({ appealStatus: 'REJECTED', isSuspended: true, appeal: { message } });
    const retry = await submit(ciciToken, { message }, await solveCaptcha(t.app));
    expect(retry.statusCode).toBe(409);
    expect(envelope(retry).message).toMatch(/rejected/);
  });
});
