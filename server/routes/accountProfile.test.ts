import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accounts, emailChanges } from '../infra/db/schema.ts';
import { suspendForTest } from '../testing/fixtures.ts';
import { asAccount, claimsOf, createSocialTestApp, googleAccount, lastMail, passwordAccount, refreshAs } from '../testing/socialApp.ts';
import type { SocialPeers } from '../testing/socialPeers.ts';
import { fetchFile, putUpload, uploadAccepted } from '../testing/storageRequests.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

/** Quoted-printable soft breaks and escapes undone, so links can be read from a raw .eml. */
const unfold = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

async function twoColourPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: '#0000ff' } }, left: width / 2, top: 0 }])
    .png()
    .toBuffer();
}

/** A PNG whose header claims 10000×10000 while its data is tiny. */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).png().toBuffer());
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(10_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe.each(drivers)('account profile (%s)', (driver) => {
  let t: TestApp;
  let peers: SocialPeers;
  let close: () => Promise<void>;
  let ana: string;
  let budi: string;
  beforeAll(async () => {
    ({ t, peers, close } = await createSocialTestApp(driver));
    ana = (await passwordAccount(t, { username: 'ana', email: 'ana@example.test' }))!;
    budi = await googleAccount(t, peers, { sub: 'g-budi', email: 'budi@example.test', name: 'Budi' });
  });
  afterAll(() => close());

  const row = async (email: string) => (await t.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!;
  const envelope = (response: { json(): unknown }) => errorEnvelope.parse(response.json());
  const update = (token: string, body: unknown) => asAccount(t, token, { method: 'PATCH', url: '/api/v2/account/update', body });

  async function upload(token: string, kind: 'photo-profile' | 'banner', contentType: string, bytes: Buffer) {
    const presigned = await asAccount(t, token, { method: 'POST', url: `/api/v2/account/presigned/${kind}`, body: kind === 'banner' ? { banner: contentType } : { contentType } });
    expect(presigned.statusCode, presigned.body).toBe(200);
    const grant = kind === 'banner' ? presigned.json().data.banner : presigned.json().data;
    const put = await putUpload(t, grant, bytes);
    return { key: grant.key as string, put };
  }

  it('updates name, username and bio at once and answers a token with the new claims', async () => {
    const response = await update(ana, { name: 'Ana Putri', username: 'Ana.Putri', bio: 'Frames for good causes' });
    expect(response.statusCode, response.body).toBe(200);
    const claims = claimsOf(response.json().data.idToken);
    expect(claims).toMatchObject({ name: 'Ana Putri', username: 'ana.putri' });
    expect(await row('ana@example.test')).toMatchObject({ name: 'Ana Putri', username: 'ana.putri', bio: 'Frames for good causes' });
    expect(response.json().data.emailUpdate).toBeNull();
  });

  it('refuses each bad input class with a clear message and changes nothing', async () => {
    const before = await row('ana@example.test');
    const cases: [unknown, number, RegExp | null, string | null][] = [
      [{ username: 'ab' }, 400, null, 'username'],
      [{ username: 'ana putri!' }, 400, null, 'username'],
      [{ username: 'explore' }, 400, null, 'username'],
      [{ username: '.ana' }, 400, null, 'username'],
      [{ username: 'x'.repeat(31) }, 400, null, 'username'],
      [{ username: 'budi' }, 409, /username is taken/, 'username'],
      [{ name: '   ' }, 400, null, 'name'],
      [{ name: 'n'.repeat(61) }, 400, null, 'name'],
      [{ bio: 'b'.repeat(301) }, 400, null, 'bio'],
      [{ websiteLink: 'example.com' }, 400, /http:\/\/ or https:\/\//, 'websiteLink'],
      [{ websiteLink: 'javascript:alert(1)' }, 400, null, 'websiteLink'],
      [{ websiteLink: 'ftp://files.example.com' }, 400, null, 'websiteLink'],
      [{ websiteLink: 'https://user:pass@example.com' }, 400, null, 'websiteLink'],
      [{ websiteLink: 'https://exa mple.com' }, 400, null, 'websiteLink'],
      [{ websiteLink: `https://example.com/${'a'.repeat(181)}` }, 400, /at most 200/, 'websiteLink'],
      [{ websiteLink: 42 }, 400, null, 'websiteLink'],
      [{ email: 'not-an-email' }, 400, null, 'email'],
      [{ email: 'budi@example.test' }, 409, /used by another account/, 'email'],
      [{ email: 'ana@example.test' }, 400, /already your email/, 'email'],
      [{ avatar: '../../secrets/request-signing.key' }, 400, null, 'avatar'],
      [{ banner: 'uploads/banner/00000000-0000-4000-8000-000000000000/../../../public/x.png' }, 400, null, 'banner'],
      [{ role: 'admin' }, 400, null, null],
      [{}, 400, /at least one field/, 'body'],
      ['[]', 400, null, null],
    ];
    for (const [body, status, message, field] of cases) {
      const response = await update(ana, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const error = envelope(response);
      // The clear text is the message, or the field's entry for schema failures.
      if (message) expect([error.message, ...Object.values(error.fields ?? {})].join(' | ')).toMatch(message);
      if (field) expect(error.fields ?? {}, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await row('ana@example.test')).toEqual(before);
    expect(await t.database.db.select().from(emailChanges)).toHaveLength(0);
  });

  it('stores a website link (trimmed, at most 200 characters), answers it with the profile and clears it with an empty string', async () => {
    const link = `https://ana.example.test/${'p'.repeat(200 - 'https://ana.example.test/'.length)}`;
    const response = await update(ana, { websiteLink: `  ${link} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.account).toEqual({ bio: 'Frames for good causes', banner: null, websiteLink: link, country: null, language: null });
    expect((await row('ana@example.test')).websiteLink).toBe(link);
    const refreshed = await refreshAs(t, ana);
    expect(refreshed.json().data.profile.account.websiteLink).toBe(link);
    const plain = await update(ana, { websiteLink: 'http://ana.example.test' });
    expect(plain.json().data.account.websiteLink).toBe('http://ana.example.test');
    const cleared = await update(ana, { websiteLink: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.account.websiteLink).toBe('');
    expect((await row('ana@example.test')).websiteLink).toBe('');
  });

  it('needs a signed-in account, and each account changes only its own data', async () => {
    const anonymous = await signedInject(t.app, { method: 'PATCH', url: '/api/v2/account/update', body: { name: 'Nobody' } });
    expect(anonymous.statusCode).toBe(401);
    const forged = await update(ana.slice(0, -4) + 'AAAA', { name: 'Forged' });
    expect(forged.statusCode).toBe(401);
    const budiBefore = await row('budi@example.test');
    const response = await update(budi, { name: 'Budi Santoso' });
    expect(claimsOf(response.json().data.idToken).sub).toBe(budiBefore.uuid);
    expect((await row('budi@example.test')).name).toBe('Budi Santoso');
    expect((await row('ana@example.test')).name).toBe('Ana Putri');
  });

  it('starts a pending email change, mails the code and a cancel link, and cancels it with that link once', async () => {
    const response = await update(ana, { email: 'Ana.New@Example.test' });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.idToken).toBeUndefined();
    expect(data.emailUpdate).toMatchObject({ email: 'ana.new@example.test' });
    expect(data.emailUpdate.expiresAt).toBeGreaterThan(Date.now());
    const account = await row('ana@example.test');
    expect(await t.database.db.select().from(emailChanges).where(eq(emailChanges.accountId, account.id))).toMatchObject([{ newEmail: 'ana.new@example.test' }]);
    expect(await lastMail(t, 'VERIFY_EMAIL_UPDATE')).toMatch(/To: ana\.new@example\.test/);
    // One shape everywhere: a later update and the refresh profile show the same pending change.
    const later = await update(ana, { bio: 'Frames for good causes' });
    expect(later.json().data.emailUpdate).toEqual(data.emailUpdate);
    const refreshed = await refreshAs(t, ana);
    expect(refreshed.json().data.profile.emailUpdate).toEqual(data.emailUpdate);
    const cancelMail = unfold((await lastMail(t, 'EMAIL_CHANGE_CANCEL'))!);
    expect(cancelMail).toMatch(/To: ana@example\.test/);
    const link = /https:\/\/bingkai\.test\/reset-email\/([A-Za-z0-9_-]+)\?uuid=([0-9a-f-]{36})/.exec(cancelMail);
    expect(link).not.toBeNull();
    const [, ticket, uuid] = link!;
    expect(uuid).toBe(account.uuid);

    const cancel = (query: string) => signedInject(t.app, { method: 'POST', url: `/api/v2/account/reset-email?${query}` });
    expect((await cancel(`uuid=${uuid}&ticket=${'x'.repeat(43)}`)).statusCode).toBe(400);
    expect((await cancel(`uuid=${(await row('budi@example.test')).uuid}&ticket=${ticket}`)).statusCode).toBe(400);
    expect((await cancel(`uuid=not-a-uuid&ticket=${ticket}`)).statusCode).toBe(400);
    expect(await t.database.db.select().from(emailChanges)).toHaveLength(1);
    const ok = await cancel(`uuid=${uuid}&ticket=${ticket}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { cancelled: true, email: 'ana.new@example.test' } });
    expect(await t.database.db.select().from(emailChanges)).toHaveLength(0);
    const again = await cancel(`uuid=${uuid}&ticket=${ticket}`);
    expect(again.statusCode).toBe(400);
    expect(envelope(again)).toMatchObject({ code: 'TICKET_INVALID' });
    expect((await row('ana@example.test')).email).toBe('ana@example.test');
  });

  it('lets the signed-in owner cancel a pending email change from settings, and says so when nothing is pending', async () => {
    const cancelOwn = (token: string) => asAccount(t, token, { method: 'DELETE', url: '/api/v2/account/email-update' });
    const anonymous = await signedInject(t.app, { method: 'DELETE', url: '/api/v2/account/email-update' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await cancelOwn(ana.slice(0, -4) + 'AAAA');
    expect(forged.statusCode).toBe(401);
    const none = await cancelOwn(ana);
    expect(none.statusCode).toBe(404);
    expect(envelope(none)).toMatchObject({ code: 'NOT_FOUND', message: 'No email change is pending' });

    expect((await update(ana, { email: 'ana.other@example.test' })).statusCode).toBe(200);
    expect((await update(budi, { email: 'budi.other@example.test' })).statusCode).toBe(200);
    const anaRow = await row('ana@example.test');
    // Budi cannot cancel Ana's change: each call only touches the caller's own row.
    const budiCancel = await cancelOwn(budi);
    expect(budiCancel.json()).toEqual({ data: { cancelled: true, email: 'budi.other@example.test' } });
    expect(await t.database.db.select().from(emailChanges)).toMatchObject([{ accountId: anaRow.id, newEmail: 'ana.other@example.test' }]);

    const ok = await cancelOwn(ana);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { cancelled: true, email: 'ana.other@example.test' } });
    expect(await t.database.db.select().from(emailChanges)).toHaveLength(0);
    // The code mailed to the new address is dead too.
    const verify = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/pending', body: { email: 'ana.other@example.test', request: 'VERIFY_EMAIL_UPDATE', verificationCode: '123456' } });
    expect(verify.statusCode).toBe(400);
    expect((await cancelOwn(ana)).statusCode).toBe(404);
    expect((await row('ana@example.test')).email).toBe('ana@example.test');
    const refreshed = await refreshAs(t, ana);
    expect(refreshed.json().data.profile.emailUpdate).toBeNull();
  });

  it('accepts a real avatar, re-encodes it to a 512² WebP and serves it from the token URL', async () => {
    const { key, put } = await upload(ana, 'photo-profile', 'image/png', await twoColourPng(800, 600));
    expect(put.statusCode).toBe(uploadAccepted(t));
    const response = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: key } });
    expect(response.statusCode, response.body).toBe(200);
    const avatarUrl = claimsOf(response.json().data.idToken).avatar!;
    expect(avatarUrl).toMatch(/^https:\/\/bingkai\.test\/files\/public\/avatars\/.+\.webp$/);
    const served = await fetchFile(t, avatarUrl);
    expect(served.headers['content-type']).toBe('image/webp');
    const { data, info } = await sharp(served.body).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    const at = (x: number) => data[(256 * info.width + x) * info.channels]!;
    expect(at(40)).toBeGreaterThan(200);
    expect(at(470)).toBeLessThan(50);
    // The raw upload is gone; only the re-encoded copy stays.
    expect((await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: key } })).statusCode).toBe(404);
  });

  it('sets a banner through its presigned upload and the update call, at 1500×500', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#10a080' } }).jpeg().toBuffer();
    const { key, put } = await upload(budi, 'banner', 'image/jpeg', jpeg);
    expect(put.statusCode).toBe(uploadAccepted(t));
    const response = await update(budi, { banner: key });
    expect(response.statusCode, response.body).toBe(200);
    const bannerKey = (await row('budi@example.test')).bannerKey!;
    expect(bannerKey).toMatch(/^public\/banners\/.+\.webp$/);
    // The answer and the refresh profile carry its public URL, so the client can show it after a reload.
    const bannerUrl = `https://bingkai.test/files/${bannerKey}`;
    expect(response.json().data.account.banner).toBe(bannerUrl);
    const refreshed = await refreshAs(t, budi);
    expect(refreshed.json().data.profile.account.banner).toBe(bannerUrl);
    const served = await t.app.inject({ method: 'GET', url: `/files/${bannerKey}` });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1500, 500]);
  });

  it('refuses a text file renamed .png, a too-large file and too many pixels, and keeps the old avatar', async () => {
    const before = await row('ana@example.test');
    // The local upload route refuses these at the PUT, so nothing is stored (404 on use); a bucket stores any bytes of
    // the signed type and size it is not told, and the photo call refuses them when it reads them.
    const local = t.storage.driver === 'local';
    const text = await upload(ana, 'photo-profile', 'image/png', Buffer.from('just some text saved as avatar.png, not an image'));
    expect(text.put.statusCode).toBe(local ? 415 : 200);
    expect((await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: text.key } })).statusCode).toBe(local ? 404 : 415);

    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooLarge = await upload(ana, 'photo-profile', 'image/png', big);
    expect(tooLarge.put.statusCode).toBe(local ? 413 : 200);
    expect((await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: tooLarge.key } })).statusCode).toBe(local ? 404 : 413);

    const bomb = await upload(ana, 'photo-profile', 'image/png', await pixelBomb());
    expect(bomb.put.statusCode).toBe(uploadAccepted(t));
    const refused = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: bomb.key } });
    expect(refused.statusCode).toBe(413);
    expect(envelope(refused).message).toMatch(/10000×10000 pixels/);
    // The refused upload is deleted at once: asking again finds nothing.
    expect(envelope(await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: bomb.key } })).code).toBe('NOT_FOUND');

    const badType = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/presigned/photo-profile', body: { contentType: 'image/svg+xml' } });
    expect(badType.statusCode).toBe(400);
    expect(envelope(badType).fields).toHaveProperty('contentType');
    for (const [url, body, field] of [
      ['/api/v2/account/photo-profile', {}, 'avatar'],
      ['/api/v2/account/photo-profile', { avatar: 'public/avatars/someone/a.webp' }, 'avatar'],
      ['/api/v2/account/presigned/banner', {}, 'banner'],
      ['/api/v2/account/presigned/banner', { banner: 'text/html' }, 'banner'],
    ] as const) {
      const response = await asAccount(t, ana, { method: 'POST', url, body });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(envelope(response).fields).toHaveProperty(field);
    }
    const extra = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: bomb.key, crop: true } });
    expect(extra.statusCode).toBe(400);
    expect(await row('ana@example.test')).toEqual(before);
  });

  it("refuses another account's upload key", async () => {
    const { key } = await upload(budi, 'photo-profile', 'image/png', await twoColourPng(64, 64));
    const before = await row('ana@example.test');
    const response = await asAccount(t, ana, { method: 'POST', url: '/api/v2/account/photo-profile', body: { avatar: key } });
    expect(response.statusCode).toBe(403);
    expect(envelope(response).message).toMatch(/does not belong to your account/);
    expect((await update(ana, { banner: key })).statusCode).toBe(403);
    expect(await row('ana@example.test')).toEqual(before);
  });

  it('keeps a suspended account out of every profile route but lets it reach its appeal', async () => {
    const cici = (await passwordAccount(t, { username: 'cici', email: 'cici@example.test' }))!;
    await suspendForTest(t.database.db, claimsOf(cici).sub);
    for (const [method, url, body] of [
      ['PATCH', '/api/v2/account/update', { name: 'Still me' }],
      ['POST', '/api/v2/account/presigned/photo-profile', { contentType: 'image/png' }],
      ['POST', '/api/v2/account/presigned/banner', { banner: 'image/png' }],
      ['POST', '/api/v2/account/photo-profile', { avatar: 'uploads/avatar/x/y.png' }],
      ['GET', '/api/v2/account/preference/get?general=true', undefined],
      ['PATCH', '/api/v2/account/preference/update', { type: 'general', country: 'ID' }],
      ['POST', '/api/v2/account/auth/integrate/google', { idToken: 'x' }],
      ['POST', '/api/v2/account/auth/revoke', { provider: 'google' }],
    ] as const) {
      const response = await asAccount(t, cici, { method, url, body });
      expect(response.statusCode, url).toBe(403);
      expect(envelope(response).code).toBe('ACCOUNT_SUSPENDED');
    }
    const appeal = await asAccount(t, cici, { method: 'GET', url: '/api/v2/account/appeal' });
    expect(appeal.statusCode).toBe(200);
    expect(appeal.json().data).toMatchObject({ isSuspended: true, appealStatus: 'NOT_YET', appeal: null });
    expect((await row('cici@example.test')).name).toBe('cici');
  });
});
