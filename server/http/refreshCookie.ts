import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'bingkai_refresh';
/** Where the refresh and sign-out routes are mounted: no other request carries the cookie. */
export const REFRESH_COOKIE_PATH = '/api/v2/account/auth';

/**
 * HttpOnly: page scripts (and so an XSS) cannot read it. Secure: never sent over plain http (localhost and
 * 127.0.0.1 count as secure in browsers, so local runs work). SameSite=Strict: a cross-site page cannot make the
 * browser send it; every sign-in and refresh is a same-origin fetch, never a cross-site navigation, so Lax is not needed.
 */
function cookie(value: string, maxAgeSeconds: number): string {
  return `${REFRESH_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=${REFRESH_COOKIE_PATH}; HttpOnly; Secure; SameSite=Strict`;
}

export function setRefreshCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.header('set-cookie', cookie(token, maxAgeSeconds));
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.header('set-cookie', cookie('', 0));
}

/** The refresh token from the Cookie header, if any (a tiny parser: the value is base64url, nothing to unescape). */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.split('=');
    const value = rest.join('=').trim();
    if (name?.trim() === REFRESH_COOKIE && /^[A-Za-z0-9_-]{20,100}$/.test(value)) return value;
  }
  return undefined;
}
