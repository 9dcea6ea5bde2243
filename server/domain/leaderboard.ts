import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  LEADERBOARD_PERIOD_DAYS,
  LEADERBOARD_SIZE,
  WORLDWIDE_SCOPE,
  type Leaderboard,
  type LeaderboardKind,
  type LeaderboardPeriod,
} from '../../contract/leaderboard.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaigns, leaderboardEntries, leaderboardPeriods } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { summaryColumns, toCampaignSummary } from './campaigns.ts';
import { accountListed, accountListedSql, campaignListed, campaignListedSql } from './publicListing.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Several instances share one database: the one holding this lock refreshes, the others skip that tick. */
const REFRESH_LOCK_KEY = 7_346_290_015;

/** Start of a rolling period ending at `now`; null for all time. */
export function periodStart(period: LeaderboardPeriod, now: Date): Date | null {
  return period === 'all' ? null : new Date(now.getTime() - LEADERBOARD_PERIOD_DAYS[period] * DAY_MS);
}

/**
 * Supporters per subject and scope: one row per (subject, 'WW') and per (subject, supporter country). Only supports
 * of public campaigns count; a support without a known country counts worldwide only.
 *
 * All time worldwide reads the campaign's own counter (the number its page shows): it equals its support rows,
 * except for counts that came without rows (imported or demo campaigns), which it keeps.
 */
function supportCounts(kind: LeaderboardKind, since: Date | null): SQL {
  const subject = kind === 'campaign' ? sql`c.id` : sql`c.creator_id`;
  const inPeriod = since ? sql`s.created_at >= ${since.toISOString()}::timestamptz` : sql`true`;
  const worldwide =
    since === null
      ? sql`select ${subject} as subject_id, ${WORLDWIDE_SCOPE}::text as scope, sum(c.supporters_count)::int as supporters
            from campaigns c where ${campaignListedSql('c')} group by ${subject} having sum(c.supporters_count) > 0`
      : sql`select ${subject} as subject_id, ${WORLDWIDE_SCOPE}::text as scope, count(*)::int as supporters
            from campaign_supports s join campaigns c on c.id = s.campaign_id and ${campaignListedSql('c')}
            where ${inPeriod} group by ${subject}`;
  const perCountry = sql`select ${subject} as subject_id, s.country as scope, count(*)::int as supporters
    from campaign_supports s join campaigns c on c.id = s.campaign_id and ${campaignListedSql('c')}
    where ${inPeriod} and s.country ~ '^[A-Z]{2}$' and s.country <> ${WORLDWIDE_SCOPE}
    group by ${subject}, s.country`;
  return sql`${worldwide} union all ${perCountry}`;
}

/** Ranks every scope's board at once (ties: more supporters, then the older subject, then the id) and keeps the top. */
function insertBoards(period: LeaderboardPeriod, kind: LeaderboardKind, now: Date): SQL {
  const counts = supportCounts(kind, periodStart(period, now));
  // A campaign's creator must not be suspended either; for creators the subject is the account itself.
  const subjectJoin =
    kind === 'campaign'
      ? sql`join campaigns subject on subject.id = t.subject_id join accounts owner on owner.id = subject.creator_id and ${accountListedSql('owner')}`
      : sql`join accounts subject on subject.id = t.subject_id and ${accountListedSql('subject')}`;
  return sql`insert into leaderboard_entries (period, scope, kind, rank, subject_id, supporters, refreshed_at)
    select ${period}, ranked.scope, ${kind}, ranked.rank, ranked.subject_id, ranked.supporters, ${now.toISOString()}::timestamptz
    from (
      select t.scope, t.subject_id, t.supporters,
        row_number() over (partition by t.scope order by t.supporters desc, subject.created_at asc, subject.id asc)::int as rank
      from (${counts}) t ${subjectJoin}
      where t.supporters > 0
    ) ranked
    where ranked.rank <= ${LEADERBOARD_SIZE}`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Recomputes every board (3 periods × 2 kinds × worldwide and each supporter country) and replaces the snapshot in
 * one transaction, so readers see the old one or the new one, never half. False when another instance was refreshing.
 */
export async function refreshLeaderboard(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK_KEY}::bigint) as locked`));
    if (!lock?.locked) return false;
    await tx.delete(leaderboardEntries);
    for (const period of leaderboardPeriods) {
      for (const kind of ['campaign', 'creator'] as const) await tx.execute(insertBoards(period, kind, now));
    }
    return true;
  });
}

/**
 * One refresh, as a recurring job (server/backgroundJobs.ts). A failure is logged and the next occurrence tries
 * again; another instance refreshing (the advisory lock) is a skip. Idempotent: it replaces the snapshot whole.
 */
export function leaderboardRefreshJob(db: Db, log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }): () => Promise<void> {
  return async () => {
    try {
      if (!(await refreshLeaderboard(db))) log.info({}, 'leaderboard refresh skipped: another instance is refreshing');
    } catch (error) {
      log.warn({ err: error }, 'leaderboard refresh failed');
    }
  };
}

/** Reads of the snapshot: indexed by its primary key (period, scope, kind, rank); never a scan of the supports. */
export class LeaderboardService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  async read(period: LeaderboardPeriod, scope: string, kind?: LeaderboardKind): Promise<Leaderboard> {
    const board = (k: LeaderboardKind) => and(eq(leaderboardEntries.period, period), eq(leaderboardEntries.scope, scope), eq(leaderboardEntries.kind, k));
    const [campaignRows, creatorRows, refreshed] = await Promise.all([
      kind === 'creator'
        ? []
        : // A campaign made private or a creator suspended since the refresh drops out at once (its rank stays a gap).
          this.db
            .select({ rank: leaderboardEntries.rank, supporters: leaderboardEntries.supporters, ...summaryColumns })
            .from(leaderboardEntries)
            .innerJoin(campaigns, eq(campaigns.id, leaderboardEntries.subjectId))
            .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
            .where(and(board('campaign'), campaignListed, accountListed))
            .orderBy(asc(leaderboardEntries.rank)),
      kind === 'campaign'
        ? []
        : this.db
            .select({ rank: leaderboardEntries.rank, supporters: leaderboardEntries.supporters, username: accounts.username, name: accounts.name, avatarKey: accounts.avatarKey })
            .from(leaderboardEntries)
            .innerJoin(accounts, eq(accounts.id, leaderboardEntries.subjectId))
            .where(and(board('creator'), accountListed))
            .orderBy(asc(leaderboardEntries.rank)),
      // Every row of one refresh has the same time.
      this.db.select({ at: leaderboardEntries.refreshedAt }).from(leaderboardEntries).limit(1),
    ]);
    return {
      period,
      scope,
      refreshedAt: refreshed[0]?.at.toISOString() ?? null,
      campaigns: campaignRows.map((row) => ({ rank: row.rank, supporters: row.supporters, campaign: toCampaignSummary(this.storage, row) })),
      creators: creatorRows.map((row) => ({
        rank: row.rank,
        supporters: row.supporters,
        creator: { username: row.username, name: row.name, avatarUrl: row.avatarKey ? this.storage.publicUrl(row.avatarKey) : null },
      })),
    };
  }
}
