import type { FastifyRequest } from 'fastify';
import { FINGERPRINT_HEADER, REQUEST_TOKEN_HEADER, TOKEN_WINDOW_MS, verifyRequestToken } from '../../contract/requestSignature.ts';
import { DomainError } from '../domainError.ts';
import { clientKeyOf } from '../infra/clientKey.ts';
import type { NonceStore } from '../infra/nonceStore.ts';

export const MAX_FINGERPRINT_LENGTH = 200;

declare module 'fastify' {
  interface FastifyRequest {
    /** Exact request body text as received ('' when none); kept for signature checks. */
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /**
     * 'best-effort' on a signed read whose replay does no harm (it changes nothing and tells nothing new, like the
     * notice): when the nonce store cannot answer (its database is down), the signed request goes through instead
     * of failing, so the outage itself can still be reported. Every other signed route fails closed.
     */
    replayCheck?: 'required' | 'best-effort';
  }
}

/** The caller's fingerprint header, or a 401 FINGERPRINT_MISSING. */
export function requireFingerprint(request: FastifyRequest): string {
  const value = request.headers[FINGERPRINT_HEADER];
  const fingerprint = typeof value === 'string' ? value.trim() : '';
  if (!fingerprint || fingerprint.length > MAX_FINGERPRINT_LENGTH) {
    throw new DomainError('FINGERPRINT_MISSING', 'The x-fingerprint header is missing or invalid');
  }
  return fingerprint;
}

const messages = {
  REQUEST_TOKEN_INVALID: 'The request token is invalid',
  REQUEST_TOKEN_EXPIRED: 'The request token has expired',
  REQUEST_KEY_EXPIRED: 'The request key has expired; fetch a new one',
} as const;

/** preValidation hook body: refuses unsigned, forged, stale and replayed requests. */
export function createSignatureVerifier(secret: Uint8Array, nonces: NonceStore) {
  return async function verifySignature(request: FastifyRequest): Promise<void> {
    const fingerprint = requireFingerprint(request);
    const token = request.headers[REQUEST_TOKEN_HEADER];
    if (typeof token !== 'string' || token === '') throw new DomainError('REQUEST_TOKEN_MISSING', 'The x-request-token header is missing');
    const check = await verifyRequestToken(secret, fingerprint, token, {
      method: request.method,
      pathAndQuery: request.raw.url ?? request.url,
      body: request.rawBody ?? '',
    });
    if (!check.ok) throw new DomainError(check.code, messages[check.code]);
    const expiresAt = new Date(check.token.timestamp + TOKEN_WINDOW_MS + 60_000);
    let fresh: boolean;
    try {
      fresh = await nonces.claim(check.token.nonce, expiresAt, clientKeyOf(request.ip));
    } catch (error) {
      // A DomainError is the store refusing this client (too many live nonces), not the store failing: it stands.
      if (request.routeOptions.config.replayCheck !== 'best-effort' || error instanceof DomainError) throw error;
      request.log.warn({ err: error }, 'nonce store unavailable; best-effort replay check skipped');
      return;
    }
    if (!fresh) throw new DomainError('REQUEST_TOKEN_REPLAYED', 'This request was already received');
  };
}
