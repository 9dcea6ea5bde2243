import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { FACEBOOK_TEST_APP_ID, FACEBOOK_TEST_APP_SECRET, GOOGLE_TEST_CLIENT_ID, startSocialPeers, type SocialPeers } from '../../testing/socialPeers.ts';
import { parseFacebookSignedRequest } from './facebookSignedRequest.ts';
import { FacebookVerifier } from './facebookVerifier.ts';
import { GoogleVerifier } from './googleVerifier.ts';
import { refusal, statusOf } from '../../testing/refusal.ts';

let peers: SocialPeers;
let google: GoogleVerifier;
let facebook: FacebookVerifier;

beforeAll(async () => {
  peers = await startSocialPeers();
  google = new GoogleVerifier({ clientId: GOOGLE_TEST_CLIENT_ID, issuers: [peers.googleIssuer, 'accounts.google.com'], jwksUrl: peers.googleJwksUrl });
  facebook = new FacebookVerifier({ appId: FACEBOOK_TEST_APP_ID, appSecret: FACEBOOK_TEST_APP_SECRET, graphUrl: peers.graphUrl });
});
afterAll(() => peers.close());

describe('Google ID token verifier', () => {
  it('accepts a token signed by a served key, for our audience and issuer', async () => {
    const token = await peers.googleIdToken({ sub: 'g-1', email: 'Ana@Example.test', name: 'Ana' });
    expect(await google.verify(token)).toEqual({ provider: 'google', subject: 'g-1', email: 'ana@example.test', emailVerified: true, name: 'Ana' });
  });

  it('reports an unverified address as such', async () => {
    const token = await peers.googleIdToken({ sub: 'g-2', email: 'b@example.test', emailVerified: false });
    expect((await google.verify(token)).emailVerified).toBe(false);
  });

  it('refuses a forged signature, wrong audience, wrong issuer, expiry and garbage with clear messages', async () => {
    const cases: [Promise<string>, RegExp][] = [
      [peers.googleIdToken({ sub: 'g-1', foreignKey: true }), /could not be verified/],
      [peers.googleIdToken({ sub: 'g-1', audience: 'someone-else.apps.googleusercontent.com' }), /another app/],
      [peers.googleIdToken({ sub: 'g-1', issuer: 'https://evil.example' }), /not issued by Google/],
      [peers.googleIdToken({ sub: 'g-1', expiresIn: -3600 }), /expired/],
      [Promise.resolve('not-a-jwt'), /could not be verified/],
    ];
    for (const [token, message] of cases) {
      const error = await refusal(google.verify(await token));
      expect(statusOf(error)).toBe(401);
      expect(error.message).toMatch(message);
    }
  });

  it('answers 503 when Google is not configured or unreachable', async () => {
    const token = await peers.googleIdToken({ sub: 'g-1' });
    const unconfigured = new GoogleVerifier({ clientId: undefined, issuers: [peers.googleIssuer], jwksUrl: peers.googleJwksUrl });
    expect(statusOf(await refusal(unconfigured.verify(token)))).toBe(503);
    const unreachable = new GoogleVerifier({ clientId: GOOGLE_TEST_CLIENT_ID, issuers: [peers.googleIssuer], jwksUrl: 'http://127.0.0.1:9/certs' });
    expect(statusOf(await refusal(unreachable.verify(token)))).toBe(503);
  });
});

describe('Facebook Graph verifier', () => {
  it('accepts a valid token and reads the profile through debug_token then /me', async () => {
    const token = peers.facebookToken({ id: 'fb-1', name: 'Budi', email: 'Budi@Example.test' });
    const calls = peers.graphCalls.length;
    expect(await facebook.verify(token)).toEqual({ provider: 'facebook', subject: 'fb-1', email: 'budi@example.test', emailVerified: true, name: 'Budi' });
    expect(peers.graphCalls.slice(calls)).toEqual(['/debug_token', '/me']);
  });

  it('refuses tokens debug_token calls invalid, tokens of another app and unknown tokens', async () => {
    const invalid = peers.facebookToken({ id: 'fb-2', name: 'X', valid: false });
    expect((await refusal(facebook.verify(invalid))).message).toMatch(/not valid or has expired/);
    const otherApp = peers.facebookToken({ id: 'fb-3', name: 'Y', appId: '999' });
    expect((await refusal(facebook.verify(otherApp))).message).toMatch(/another app/);
    expect(statusOf(await refusal(facebook.verify('EAAunknown')))).toBe(401);
  });

  it('refuses when our app secret is wrong (Graph rejects the app token)', async () => {
    const wrongSecret = new FacebookVerifier({ appId: FACEBOOK_TEST_APP_ID, appSecret: 'not-the-secret', graphUrl: peers.graphUrl });
    const token = peers.facebookToken({ id: 'fb-4', name: 'Z' });
    expect(statusOf(await refusal(wrongSecret.verify(token)))).toBe(401);
  });

  it('parses signed requests and refuses forged, malformed and wrong-algorithm ones', () => {
    expect(parseFacebookSignedRequest(peers.facebookSignedRequest('fb-9'), FACEBOOK_TEST_APP_SECRET)).toMatchObject({ userId: 'fb-9' });
    expect(parseFacebookSignedRequest(peers.facebookSignedRequest('fb-9', 'another-secret'), FACEBOOK_TEST_APP_SECRET)).toBeNull();
    const [signature, payload] = peers.facebookSignedRequest('fb-9').split('.');
    const tampered = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: 'fb-10' })).toString('base64url');
    expect(parseFacebookSignedRequest(`${signature}.${tampered}`, FACEBOOK_TEST_APP_SECRET)).toBeNull();
    expect(parseFacebookSignedRequest(`${signature}.${payload}.x`, FACEBOOK_TEST_APP_SECRET)).toBeNull();
    expect(parseFacebookSignedRequest('', FACEBOOK_TEST_APP_SECRET)).toBeNull();
  });
});

describe('social sign-in configuration', () => {
  it('reads client ids, issuer lists and base URLs from the environment', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'cid', GOOGLE_ISSUER: 'https://a.example, https://b.example', FACEBOOK_APP_ID: '1', FACEBOOK_APP_SECRET: 's', FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/graph/' }, '/tmp');
    expect(config).toMatchObject({ googleClientId: 'cid', googleIssuers: ['https://a.example', 'https://b.example'], facebookAppId: '1', facebookAppSecret: 's', facebookGraphUrl: 'http://127.0.0.1:9/graph' });
    const defaults = loadConfig({}, '/tmp');
    expect(defaults).toMatchObject({ googleClientId: undefined, googleIssuers: ['https://accounts.google.com', 'accounts.google.com'], facebookAppId: undefined });
    expect(defaults.googleJwksUrl).toBe('https://www.googleapis.com/oauth2/v3/certs');
  });
});
