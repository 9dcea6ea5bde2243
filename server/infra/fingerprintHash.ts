import { createHmac } from 'node:crypto';

/** Keyed hash of a fingerprint for one purpose: stored values cannot be matched against fingerprints seen elsewhere. */
export function fingerprintHash(secret: Uint8Array, purpose: 'support' | 'visit' | 'report', fingerprint: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${fingerprint}`).digest('base64url');
}
