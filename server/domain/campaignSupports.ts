import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SupportResult } from '../../contract/campaignWrite.ts';
import type { Db } from '../infra/db/database.ts';
import { campaignSupports, campaigns } from '../infra/db/schema.ts';
import { DomainError } from '../domainError.ts';
import { fingerprintHash } from '../infra/fingerprintHash.ts';
import { isUniqueViolation } from '../infra/db/uniqueViolation.ts';
import type { CountFilter } from './countFilter.ts';
import { notifyMilestone } from './notifications.ts';
import type { SupportTokens } from './supportTokens.ts';

export interface SupportInput {
  campaignId: string;
  /** The signed-in supporter, if any. */
  accountId: string | null;
  /** The raw x-fingerprint value; only its keyed hash is stored. */
  fingerprint: string;
  /** The client's address (behind a trusted proxy, the one it reports), for the per-IP caps. */
  ip: string;
  /** The support page token (GET /campaigns/:uri/support-token); an anonymous support without a good one is not counted. */
  pageToken?: string | undefined;
  frameId?: string | undefined;
  /** The campaign's frame ids, to refuse a frame of another campaign. */
  frameIds: readonly string[];
  /** Two-letter country of the IP, null when unknown (creator analytics, leaderboard per country). */
  country?: string | null;
}

/**
 * Counts a support once per person: per account when signed in, else per fingerprint. A signed-in support
 * from a device already counted anonymously attaches the account to that support instead of counting again.
 * The unique constraints decide between concurrent duplicates; the counter moves in the same transaction.
 *
 * Fingerprints are made by the client, so an anonymous support counts only with a valid page token and
 * within its IP's caps (docs/COUNTS.md). Accounts cost a verified email each and count once, so they pass
 * without either. A support the filters drop answers like a duplicate: counted false, no error.
 */
export class CampaignSupportService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly tokens: SupportTokens,
    private readonly filter: CountFilter,
  ) {}

  async support(input: SupportInput): Promise<SupportResult> {
    if (input.frameId !== undefined && !input.frameIds.includes(input.frameId)) {
      throw new DomainError('VALIDATION_FAILED', 'That frame is not part of this campaign', { frameId: 'That frame is not part of this campaign' });
    }
    const fingerprint = fingerprintHash(this.secret, 'support', input.fingerprint);
    if (!input.accountId && !(await this.anonymousMayCount(input, fingerprint))) return this.current(input.campaignId);
    try {
      const result = await this.db.transaction(async (tx) => {
        const notCounted = async (): Promise<SupportResult> => {
          const [row] = await tx.select({ supportersCount: campaigns.supportersCount }).from(campaigns).where(eq(campaigns.id, input.campaignId));
          return { counted: false, supportersCount: row?.supportersCount ?? 0 };
        };
        if (input.accountId) {
          const [own] = await tx.select({ id: campaignSupports.id }).from(campaignSupports).where(and(eq(campaignSupports.campaignId, input.campaignId), eq(campaignSupports.accountId, input.accountId))).limit(1);
          if (own) return notCounted();
          const attached = await tx
            .update(campaignSupports)
            .set({ accountId: input.accountId })
            .where(and(eq(campaignSupports.campaignId, input.campaignId), eq(campaignSupports.fingerprint, fingerprint), isNull(campaignSupports.accountId)))
            .returning({ id: campaignSupports.id });
          if (attached.length > 0) return notCounted();
        }
        // Conflicts on either unique key (fingerprint, or account) mean this person was counted already.
        const inserted = await tx
          .insert(campaignSupports)
          .values({ campaignId: input.campaignId, accountId: input.accountId, fingerprint, frameId: input.frameId ?? null, country: input.country ?? null })
          .onConflictDoNothing()
          .returning({ id: campaignSupports.id });
        if (inserted.length === 0) return notCounted();
        const [row] = await tx
          .update(campaigns)
          .set({ supportersCount: sql`${campaigns.supportersCount} + 1` })
          .where(eq(campaigns.id, input.campaignId))
          .returning({ supportersCount: campaigns.supportersCount });
        return { counted: true, supportersCount: row?.supportersCount ?? 0 };
      });
      // After the commit: a notification that cannot be written never undoes the support (notifyMilestone never throws).
      if (result.counted) await notifyMilestone(this.db, input.campaignId, result.supportersCount);
      return result;
    } catch (error) {
      // A concurrent support of the same account won the race while this one attached a device: counted once.
      if (!isUniqueViolation(error)) throw error;
      return this.current(input.campaignId);
    }
  }

  /**
   * The page token and the IP's caps. A device already counted is let through untouched (the insert finds it),
   * so a repeat neither spends the IP's allowance nor needs a token.
   */
  private async anonymousMayCount(input: SupportInput, fingerprint: string): Promise<boolean> {
    const [known] = await this.db
      .select({ id: campaignSupports.id })
      .from(campaignSupports)
      .where(and(eq(campaignSupports.campaignId, input.campaignId), eq(campaignSupports.fingerprint, fingerprint)))
      .limit(1);
    if (known) return true;
    if (!(await this.tokens.accepts(input.campaignId, input.fingerprint, input.pageToken))) return false;
    return this.filter.admits('support', input.campaignId, input.ip);
  }

  private async current(campaignId: string): Promise<SupportResult> {
    const [row] = await this.db.select({ supportersCount: campaigns.supportersCount }).from(campaigns).where(eq(campaigns.id, campaignId));
    return { counted: false, supportersCount: row?.supportersCount ?? 0 };
  }
}
