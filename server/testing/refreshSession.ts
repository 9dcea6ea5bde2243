import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { REFRESH_COOKIE } from '../http/refreshCookie.ts';
import { signedInject } from './testApp.ts';

/** Every Set-Cookie line of a response. */
export function setCookiesOf(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

/** The refresh cookie a response sets: its value ('' when it clears it), or null when it does not touch it. */
export function refreshCookieOf(response: LightMyRequestResponse): string | null {
  for (const line of setCookiesOf(response)) {
    const match = new RegExp(`^${REFRESH_COOKIE}=([^;]*)`).exec(line);
    if (match) return match[1]!;
  }
  return null;
}

export const cookieHeader = (token: string) => ({ cookie: `${REFRESH_COOKIE}=${token}` });

/** POST /account/auth/refresh with the refresh cookie (and any extra headers, e.g. a bearer). */
export function refreshWith(app: FastifyInstance, token: string | null, body: unknown = { profile: true, isMobile: false }, headers: Record<string, string> = {}) {
  return signedInject(app, { method: 'POST', url: '/api/v2/account/auth/refresh', body, headers: { ...(token ? cookieHeader(token) : {}), ...headers } });
}

export interface Session {
  idToken: string;
  /** The refresh token from the cookie. */
  refresh: string;
}

/** The ID token and refresh cookie of a sign-in answer; throws unless it is a 200 with both. */
export function sessionOf(response: LightMyRequestResponse): Session {
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  const refresh = refreshCookieOf(response);
  if (!refresh) throw new Error('sign-in set no refresh cookie');
  return { idToken: (response.json() as { data: { idToken: string } }).data.idToken, refresh };
}

/** Native sign-in; returns the session. */
export async function signInSession(app: FastifyInstance, email: string, password: string): Promise<Session> {
  return sessionOf(await signedInject(app, { method: 'POST', url: '/api/v2/account/auth/native', body: { email, password, isMobile: false } }));
}
