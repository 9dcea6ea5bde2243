import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed page tokens: "the server handed this out for <subject> at <time>", checkable without storing
 * anything. The subject (e.g. campaign id and fingerprint) is not in the token: the checker supplies it
 * from the request, so a token is worth nothing for another subject.
 *
 * Text: `<issued-at ms, base36>.<nonce>.<mac>`, url-safe. The nonce names the token, so its uses can be
 * counted elsewhere.
 */
export interface PageToken {
  token: string;
  issuedAt: number;
  nonce: string;
}

/** A clock a little ahead of ours must not turn a token away. */
const FUTURE_SKEW_MS = 60_000;

function mac(secret: Uint8Array, purpose: string, subject: string, issuedAt: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`page-token:${purpose}\n${subject}\n${issuedAt}\n${nonce}`).digest();
}

export function issuePageToken(secret: Uint8Array, purpose: string, subject: string, now: number = Date.now()): PageToken {
  const issuedAt = now.toString(36);
  const nonce = randomBytes(12).toString('base64url');
  return { token: `${issuedAt}.${nonce}.${mac(secret, purpose, subject, issuedAt, nonce).toString('base64url')}`, issuedAt: now, nonce };
}

/** The token when it was issued for this purpose and subject no longer than maxAgeMs ago; else null. */
export function readPageToken(secret: Uint8Array, purpose: string, subject: string, token: string, maxAgeMs: number, now: number = Date.now()): PageToken | null {
  const [issuedAtText, nonce, macText, ...rest] = token.split('.');
  if (!issuedAtText || !nonce || !macText || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(issuedAtText)) return null;
  const issuedAt = Number.parseInt(issuedAtText, 36);
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + FUTURE_SKEW_MS || now - issuedAt > maxAgeMs) return null;
  const given = Buffer.from(macText, 'base64url');
  const expected = mac(secret, purpose, subject, issuedAtText, nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { token, issuedAt, nonce };
}
