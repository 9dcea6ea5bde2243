import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { campaignVisitEvents, campaignVisits, campaigns } from '../infra/db/schema.ts';
import { fingerprintHash } from '../infra/fingerprintHash.ts';
import type { CountFilter } from './countFilter.ts';

/** Where a counted visit came from, for the creator's analytics (docs/ANALYTICS.md). */
export interface VisitOrigin {
  /** Lower-cased host of the referrer; null for a direct visit or one from this site. */
  referrerHost: string | null;
  /** Two-letter country of the IP, null when unknown. */
  country: string | null;
}

/** A fingerprint's visits to one campaign count once per this quiet period. */
export const VISIT_QUIET_MINUTES = 30;

/**
 * Page views for the creator's statistics. A fingerprint counts once per quiet period, and since fingerprints
 * are the client's to make, a view that would count also has to pass its IP's caps (docs/COUNTS.md).
 */
export class CampaignVisitService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly filter: CountFilter,
  ) {}

  /**
   * Records a page view; true when it counted (first visit, or the last counted one is older than the quiet period, and within the IP's caps).
   * A counted visit also writes its event (day, country, referrer host) for the creator's analytics.
   */
  async visit(campaignId: string, rawFingerprint: string, ip: string, origin?: VisitOrigin): Promise<boolean> {
    const fingerprint = fingerprintHash(this.secret, 'visit', rawFingerprint);
    return this.db.transaction(async (tx) => {
      // The upsert only touches the row when the quiet period has passed, so concurrent views count once.
      const counted = await tx
        .insert(campaignVisits)
        .values({ campaignId, fingerprint })
        .onConflictDoUpdate({
          target: [campaignVisits.campaignId, campaignVisits.fingerprint],
          set: { lastAt: sql`now()` },
          setWhere: sql`${campaignVisits.lastAt} <= now() - make_interval(mins => ${VISIT_QUIET_MINUTES})`,
        })
        .returning({ campaignId: campaignVisits.campaignId });
      if (counted.length === 0) return false;
      // Asked only now, so repeat views inside the quiet period spend none of the IP's allowance. A view the filter
      // drops still restarts its fingerprint's quiet period: a script re-sending it gains nothing.
      if (!(await this.filter.admits('visit', campaignId, ip))) return false;
      await tx
        .update(campaigns)
        .set({ visitsCount: sql`${campaigns.visitsCount} + 1` })
        .where(sql`${campaigns.id} = ${campaignId}`);
      await tx.insert(campaignVisitEvents).values({ campaignId, country: origin?.country ?? null, referrerHost: origin?.referrerHost ?? null });
      return true;
    });
  }
}
