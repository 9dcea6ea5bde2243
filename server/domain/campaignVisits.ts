import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { campaignVisits, campaigns } from '../infra/db/schema.ts';
import { fingerprintHash } from '../infra/fingerprintHash.ts';

/** A fingerprint's visits to one campaign count once per this quiet period. */
export const VISIT_QUIET_MINUTES = 30;

export class CampaignVisitService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  /** Records a page view; true when it counted (first visit, or the last counted one is older than the quiet period). */
  async visit(campaignId: string, rawFingerprint: string): Promise<boolean> {
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
      await tx
        .update(campaigns)
        .set({ visitsCount: sql`${campaigns.visitsCount} + 1` })
        .where(sql`${campaigns.id} = ${campaignId}`);
      return true;
    });
  }
}
