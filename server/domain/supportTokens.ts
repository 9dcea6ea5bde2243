import type { HitCounter } from '../infra/hitCounter.ts';
import { issuePageToken, readPageToken } from '../infra/pageToken.ts';

/** How long a support page token stays good: a supporter choosing and placing a photo, with room to spare. */
export const SUPPORT_TOKEN_TTL_MS = 2 * 60 * 60_000;
/** Posts one token may make: a retry or two after a network failure, never a series. */
export const SUPPORT_TOKEN_USES = 3;

const PURPOSE = 'support';

export interface IssuedSupportToken {
  token: string;
  expiresInSeconds: number;
}

/**
 * Anonymous supports carry a page token the support page fetched first (docs/COUNTS.md): an HMAC over the
 * campaign id, the issue time and the request's fingerprint. A fresh fingerprint therefore needs its own trip
 * to the server before its support counts, a token lent to other fingerprints is worthless, and an old or
 * overused one stops counting. Signed rather than stored: issuing costs no write.
 */
export class SupportTokens {
  constructor(
    private readonly hits: HitCounter,
    private readonly secret: Uint8Array,
    private readonly now: () => number = Date.now,
  ) {}

  issue(campaignId: string, fingerprint: string): IssuedSupportToken {
    const { token } = issuePageToken(this.secret, PURPOSE, subject(campaignId, fingerprint), this.now());
    return { token, expiresInSeconds: SUPPORT_TOKEN_TTL_MS / 1000 };
  }

  /** True when the token is this campaign's and fingerprint's, young enough, and not used up; each call spends a use. */
  async accepts(campaignId: string, fingerprint: string, token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const read = readPageToken(this.secret, PURPOSE, subject(campaignId, fingerprint), token, SUPPORT_TOKEN_TTL_MS, this.now());
    if (!read) return false;
    // The window outlives the token, so a use count never resets while the token is still good.
    const uses = await this.hits.hit(`count:support-token:${read.nonce}`, SUPPORT_TOKEN_TTL_MS + 60_000);
    return uses.count <= SUPPORT_TOKEN_USES;
  }
}

const subject = (campaignId: string, fingerprint: string) => `${campaignId}\n${fingerprint}`;
