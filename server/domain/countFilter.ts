import type { HitCounter } from '../infra/hitCounter.ts';
import { fingerprintHash } from '../infra/fingerprintHash.ts';

export type CountKind = 'support' | 'visit';

export interface CountLimits {
  /** Counted per IP per campaign in a day (a 24 h window from the first one). */
  perIpPerDay: number;
  /** More than this many within COUNT_BURST_WINDOW_MS from one IP for one campaign is a script, not people. */
  burst: number;
}

export const COUNT_DAY_MS = 24 * 60 * 60_000;
export const COUNT_BURST_WINDOW_MS = 10_000;

/**
 * Decides whether a support or visit that would count (new fingerprint, valid page token) still counts for its
 * IP and campaign; the numbers come from config (countLimits; their reasons in docs/COUNTS.md). Refusals are
 * silent: the caller answers as for a duplicate, so a script learns no threshold to stay under. The counters
 * live in the app's HitCounter (Redis when configured, so every instance shares them) under a keyed hash of
 * the IP, never the address itself.
 */
export class CountFilter {
  constructor(
    private readonly hits: HitCounter,
    private readonly secret: Uint8Array,
    private readonly limits: Readonly<Record<CountKind, CountLimits>>,
  ) {}

  async admits(kind: CountKind, campaignId: string, ip: string): Promise<boolean> {
    const limits = this.limits[kind];
    const who = `${campaignId}:${fingerprintHash(this.secret, 'count-ip', ip)}`;
    // What arrives beyond a burst does not spend the day's allowance: a flood costs the people behind that IP one burst, not the day.
    const burst = await this.hits.hit(`count:${kind}:burst:${who}`, COUNT_BURST_WINDOW_MS);
    if (burst.count > limits.burst) return false;
    const day = await this.hits.hit(`count:${kind}:day:${who}`, COUNT_DAY_MS);
    return day.count <= limits.perIpPerDay;
  }
}
