import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import type { IdTokenClaims } from '../../contract/account.ts';
import type { AppConfig } from '../config.ts';
import type { DatabaseDriver } from '../infra/db/database.ts';
import { accounts } from '../infra/db/schema.ts';
import { hashPassword } from '../infra/passwords.ts';
import { socialPeerConfig, startSocialPeers, type SocialPeers } from './socialPeers.ts';
import { refreshCookieOf, refreshWith, sessionOf } from './refreshSession.ts';
import { createTestApp, signedInject, type SignedRequest, type TestApp } from './testApp.ts';

/** The app wired to local Google and Facebook peers. */
export async function createSocialTestApp(driver: DatabaseDriver, overrides: Partial<AppConfig> = {}): Promise<{ t: TestApp; peers: SocialPeers; close(): Promise<void> }> {
  const peers = await startSocialPeers();
  const t = await createTestApp(driver, {
    ...socialPeerConfig(peers),
    publicUrl: 'https://bingkai.test',
    // An easy captcha and auth limits high enough for a whole suite.
    captchaCost: 1,
    captchaMaxCounter: 200,
    authRateLimitPerIp: 1000,
    authRateLimitPerEmail: 1000,
    ...overrides,
  });
  return {
    t,
    peers,
    async close() {
      await t.close();
      await peers.close();
    },
  };
}

export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

export function claimsOf(idToken: string): IdTokenClaims {
  return decodeJwt(idToken) as IdTokenClaims;
}

/** A signed request with the account's bearer token. */
export function asAccount(t: TestApp, idToken: string, request: SignedRequest) {
  return signedInject(t.app, { ...request, headers: { ...bearer(idToken), ...request.headers } });
}

/** The refresh cookie of each account signed in through these helpers, by token subject (kept rotated by refreshAs). */
const refreshCookies = new Map<string, string>();

/** Keeps the sign-in's refresh cookie for refreshAs; returns the ID token. */
function remember(response: Awaited<ReturnType<typeof signedInject>>): string {
  const session = sessionOf(response);
  refreshCookies.set(claimsOf(session.idToken).sub, session.refresh);
  return session.idToken;
}

/** POST /account/auth/refresh as the browser of an account signed in through these helpers: with its refresh cookie. */
export async function refreshAs(t: TestApp, idToken: string, body: unknown = { profile: true }) {
  const sub = claimsOf(idToken).sub;
  const response = await refreshWith(t.app, refreshCookies.get(sub) ?? null, body);
  const rotated = refreshCookieOf(response);
  if (rotated) refreshCookies.set(sub, rotated);
  return response;
}

/** Signs in (creating the account on first use) through the local Google peer; returns the ID token. */
export async function googleAccount(t: TestApp, peers: SocialPeers, who: { sub: string; email: string; name?: string }): Promise<string> {
  const idToken = await peers.googleIdToken({ sub: who.sub, email: who.email, name: who.name ?? who.sub });
  const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/google', body: { idToken } });
  if (response.statusCode !== 200) throw new Error(`google sign-in answered ${response.statusCode}: ${response.body}`);
  return remember(response);
}

/** A verified email+password account, signed in natively; returns the ID token. */
export async function passwordAccount(t: TestApp, who: { username: string; email: string; password?: string; verified?: boolean }): Promise<string | null> {
  const password = who.password ?? 'secret-pass-123';
  await t.database.db.insert(accounts).values({ username: who.username, name: who.username, email: who.email, passwordHash: await hashPassword(password), isVerified: who.verified ?? true });
  if (who.verified === false) return null;
  const response = await signedInject(t.app, { method: 'POST', url: '/api/v2/account/auth/native', body: { email: who.email, password } });
  if (response.statusCode !== 200) throw new Error(`native sign-in answered ${response.statusCode}: ${response.body}`);
  return remember(response);
}

/** The latest .eml the file-transport mailer wrote for this kind (header x-bingkai-mail). */
export async function lastMail(t: TestApp, kind: string): Promise<string | null> {
  const dir = join(t.dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.includes(`-${kind}-`)).sort();
  const last = files.at(-1);
  return last ? readFile(join(dir, last), 'utf8') : null;
}
