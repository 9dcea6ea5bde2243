import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { accounts, campaigns } from '../infra/db/schema.ts';

/**
 * What the public may be shown, in one place: a campaign is listed (search, explore, sitemaps, the leaderboard,
 * collections, profiles) when it is public and staff have not taken it down (server/domain/moderation.ts); an
 * account's things are listed while it is not suspended. Unlisted campaigns are reachable by their link only.
 *
 * The *Sql forms are for raw SQL under a table alias (a constant of the calling code, never input).
 */
export const campaignListed: SQL = and(eq(campaigns.visibility, 'public'), isNull(campaigns.hiddenAt))!;
export const accountListed: SQL = isNull(accounts.suspendedAt);

const alias = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table alias: ${name}`);
  return sql.raw(name);
};

export function campaignListedSql(table: string): SQL {
  const c = alias(table);
  return sql`(${c}.visibility = 'public' and ${c}.hidden_at is null)`;
}

export function accountListedSql(table: string): SQL {
  return sql`${alias(table)}.suspended_at is null`;
}
