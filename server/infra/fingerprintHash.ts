import { createHmac } from 'node:crypto';

/**
 * Keyed hash of a fingerprint (or of a client IP, for the count filter's counters) for one purpose: stored values
 * cannot be matched against fingerprints or addresses seen elsewhere.
 */
export function fingerprintHash(secret: Uint8Array, purpose: 'support' | 'visit' | 'report' | 'count-ip' | 'share', fingerprint: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${fingerprint}`).digest('base64url');
}
