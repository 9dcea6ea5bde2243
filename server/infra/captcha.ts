import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { NonceStore } from './nonceStore.ts';

const ALGORITHM = 'SHA-256';
const CHALLENGE_TTL_MS = 10 * 60_000;

export interface CaptchaService {
  /** A fresh signed ALTCHA challenge (v2 protocol, SHA-256 proof of work). */
  challenge(): Promise<Challenge>;
  /**
   * True when the `x-altcha` header value (base64 JSON `{ challenge, solution }`) solves one of our challenges that was
   * not used before. `client` (clientKeyOf the caller's IP) counts the used challenge against that caller's share.
   */
  verify(header: string | undefined, client?: string): Promise<boolean>;
}

export interface CaptchaOptions {
  /** Derives the HMAC secrets; never sent anywhere. */
  secret: Uint8Array;
  /** SHA-256 rounds per attempt. */
  cost: number;
  /** The secret counter is drawn from [maxCounter / 2, maxCounter]; the expected work is about that many attempts. */
  maxCounter: number;
  /** Remembers used challenges until they expire, so one solution registers one account. */
  usedChallenges: NonceStore;
}

function derive(secret: Uint8Array, label: string): string {
  return createHash('sha256').update(secret).update(`\0altcha:${label}`).digest('hex');
}

function decodePayload(header: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Payload;
    if (typeof payload?.challenge?.parameters?.nonce !== 'string' || typeof payload.solution?.counter !== 'number') return null;
    return payload;
  } catch {
    return null;
  }
}

export function createCaptcha(options: CaptchaOptions): CaptchaService {
  const hmacSignatureSecret = derive(options.secret, 'signature');
  const hmacKeySignatureSecret = derive(options.secret, 'key');
  return {
    challenge() {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: Math.max(1, options.cost),
        counter: randomInt(Math.max(1, options.maxCounter), Math.floor(options.maxCounter / 2)),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },
    async verify(header, client) {
      if (!header || header.length > 4096) return false;
      const payload = decodePayload(header);
      if (!payload || payload.challenge.parameters.algorithm !== ALGORITHM) return false;
      const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret }).catch(
        () => null,
      );
      if (!result?.verified) return false;
      // Claimed only once verified, so garbage cannot burn a real challenge.
      return options.usedChallenges.claim(`altcha:${payload.challenge.parameters.nonce}`, new Date(Date.now() + CHALLENGE_TTL_MS + 60_000), client);
    },
  };
}
