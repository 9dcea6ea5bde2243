import { createHmac, timingSafeEqual } from 'node:crypto';

export interface FacebookSignedRequest {
  userId: string;
  issuedAt: number | null;
}

/**
 * Parses Facebook's `signed_request` (base64url signature '.' base64url JSON, HMAC-SHA256 with the app
 * secret). Returns null when it is malformed, forged or not HMAC-SHA256.
 */
export function parseFacebookSignedRequest(signedRequest: string, appSecret: string): FacebookSignedRequest | null {
  const [encodedSignature, payload, extra] = signedRequest.split('.');
  if (!encodedSignature || !payload || extra !== undefined) return null;
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = Buffer.from(encodedSignature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: { algorithm?: unknown; user_id?: unknown; issued_at?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof data;
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  if (typeof data.algorithm !== 'string' || data.algorithm.toUpperCase() !== 'HMAC-SHA256') return null;
  if (typeof data.user_id !== 'string' || data.user_id === '') return null;
  return { userId: data.user_id, issuedAt: typeof data.issued_at === 'number' ? data.issued_at : null };
}

/** Builds a signed_request the way Facebook does (used by the local Graph peer in tests). */
export function signFacebookRequest(data: Record<string, unknown>, appSecret: string): string {
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${createHmac('sha256', appSecret).update(payload).digest('base64url')}.${payload}`;
}
