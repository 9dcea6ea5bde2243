import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { accountIdentities, accounts, facebookDeletions } from '../infra/db/schema.ts';
import { asAccount, claimsOf, createSocialTestApp, passwordAccount } from '../testing/socialApp.ts';
import type { SocialPeers } from '../testing/socialPeers.ts';
import { drivers, signedInject, type TestApp } from '../testing/testApp.ts';

describe.each(drivers)('Facebook data deletion (%s)', (driver) => {
  let t: TestApp;
  let peers: SocialPeers;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, peers, close } = await createSocialTestApp(driver));
  });
  afterAll(() => close());

  const callback = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({ method: 'POST', url: '/api/v2/account/auth/facebook/data-deletion', headers: { 'content-type': contentType }, payload });
  const check = (code: unknown) => signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/check/facebook', body: { code } });
  const rows = async () => [(await t.database.db.select({ n: count() }).from(accounts))[0]!.n, (await t.database.db.select({ n: count() }).from(accountIdentities))[0]!.n];

  async function facebookOnlyAccount(id: string, email: string) {
    const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/facebook', body: { accessToken: peers.facebookToken({ id, name: id, email }) } });
    expect(response.statusCode).toBe(200);
    return response.json().data.idToken as string;
  }

  it('deletes an account that only signs in with Facebook and reports it by confirmation code', async () => {
    const token = await facebookOnlyAccount('fb-ana', 'ana@example.test');
    const response = await callback(`signed_request=${encodeURIComponent(peers.facebookSignedRequest('fb-ana'))}`);
    expect(response.statusCode, response.body).toBe(200);
    const { url, confirmation_code: code } = response.json();
    expect(url).toBe(`https://bingkai.test/delete-account/facebook?code=${code}`);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.email, 'ana@example.test'))).toHaveLength(0);
    // Its tokens die with it.
    expect((await asAccount(t, token, { method: 'GET', url: '/api/v2/account/preference/get' })).statusCode).toBe(401);
    const status = await check(code);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ code, status: 'DELETED' });
    expect(status.json().data.requestedAt).toBeLessThanOrEqual(Date.now());
  });

  it('only unlinks Facebook from an account that can still sign in with a password', async () => {
    const budi = (await passwordAccount(t, { username: 'budi', email: 'budi@example.test' }))!;
    const link = await asAccount(t, budi, { method: 'POST', url: '/api/v2/account/auth/integrate/facebook', body: { accessToken: peers.facebookToken({ id: 'fb-budi', name: 'Budi', email: 'budi@example.test' }) } });
    expect(link.statusCode).toBe(200);
    const response = await callback(new URLSearchParams({ signed_request: peers.facebookSignedRequest('fb-budi') }).toString());
    expect(response.statusCode).toBe(200);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.uuid, claimsOf(budi).sub));
    expect(account).toBeDefined();
    expect(await t.database.db.select().from(accountIdentities).where(eq(accountIdentities.accountId, account!.id))).toHaveLength(0);
    expect((await check(response.json().confirmation_code)).json().data.status).toBe('DELETED');
  });

  it('records a request for an unknown Facebook user as having no account', async () => {
    const response = await callback(`signed_request=${encodeURIComponent(peers.facebookSignedRequest('fb-stranger'))}`);
    expect(response.statusCode).toBe(200);
    expect((await check(response.json().confirmation_code)).json().data.status).toBe('NOT_FOUND_ACCOUNT');
  });

  it('refuses forged, missing and malformed signed requests and deletes nothing', async () => {
    await facebookOnlyAccount('fb-cici', 'cici@example.test');
    const before = [await rows(), (await t.database.db.select().from(facebookDeletions)).length];
    const forged = await callback(`signed_request=${encodeURIComponent(peers.facebookSignedRequest('fb-cici', 'not-the-app-secret'))}`);
    expect(forged.statusCode).toBe(400);
    expect(errorEnvelope.parse(forged.json()).message).toMatch(/signature does not match/);
    const [signature] = peers.facebookSignedRequest('fb-cici').split('.');
    const swapped = `${signature}.${Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: 'fb-ana' })).toString('base64url')}`;
    expect((await callback(`signed_request=${encodeURIComponent(swapped)}`)).statusCode).toBe(400);
    expect((await callback('')).statusCode).toBe(400);
    expect((await callback('other=1')).statusCode).toBe(400);
    expect((await callback('signed_request=abc')).statusCode).toBe(400);
    expect((await callback('{"signed_request":"x"}', 'text/plain')).statusCode).toBe(415);
    expect([await rows(), (await t.database.db.select().from(facebookDeletions)).length]).toEqual(before);
  });

  it('answers 404 for unknown codes and 400 for malformed ones', async () => {
    const unknown = await check('0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(errorEnvelope.parse(unknown.json()).message).toMatch(/No deletion request/);
    expect((await check('x')).statusCode).toBe(400);
    expect((await check(12345678)).statusCode).toBe(400);
  });
});
