import { and, count, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportReason } from '../../contract/report.ts';
import type { ModerationResult, ModerationTarget, StaffReportGroup, StaffReportList } from '../../contract/staff.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaigns, posts, reports } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { AccountRow } from './accounts.ts';
import { recordStaffAction } from './staffAudit.ts';

export type ModerationAction = 'hide' | 'restore' | 'dismiss';

const DETAILS_SHOWN = 5;

/** Open reports whose target still exists: a deleted campaign or post leaves nothing to rule on. */
const openWithTarget = and(
  eq(reports.status, 'open'),
  sql`((${reports.target} = 'campaign' and exists (select 1 from campaigns c where c.id = ${reports.targetId}))
    or (${reports.target} = 'post' and exists (select 1 from posts p where p.id = ${reports.targetId})))`,
);

/** The queue: open reports grouped by target, the most reported first, with their reasons and latest details. */
export async function listOpenReports(db: Db, page: number, limit: number): Promise<StaffReportList> {
  const [groups, totals] = await Promise.all([
    db
      .select({ target: reports.target, targetId: reports.targetId, count: count(), first: min(reports.createdAt), last: max(reports.createdAt) })
      .from(reports)
      .where(openWithTarget)
      .groupBy(reports.target, reports.targetId)
      .orderBy(desc(count()), desc(max(reports.createdAt)), reports.targetId)
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(distinct (${reports.target}, ${reports.targetId}))`.mapWith(Number) })
      .from(reports)
      .where(openWithTarget),
  ]);
  const ids = groups.map((group) => group.targetId);
  if (ids.length === 0) return { items: [], page, limit, total: totals[0]?.total ?? 0 };

  const postAuthors = alias(accounts, 'post_authors');
  const [campaignRows, postRows, reasonRows, detailRows] = await Promise.all([
    db
      .select({ id: campaigns.id, uri: campaigns.uri, title: campaigns.title, owner: accounts.username, hiddenAt: campaigns.hiddenAt })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
      .where(inArray(campaigns.id, ids)),
    db
      .select({ id: posts.id, uri: posts.uri, title: posts.caption, owner: postAuthors.username, hiddenAt: posts.hiddenAt })
      .from(posts)
      .innerJoin(postAuthors, eq(postAuthors.id, posts.authorId))
      .where(inArray(posts.id, ids)),
    db
      .select({ target: reports.target, targetId: reports.targetId, reason: reports.reason, count: count() })
      .from(reports)
      .where(and(eq(reports.status, 'open'), inArray(reports.targetId, ids)))
      .groupBy(reports.target, reports.targetId, reports.reason)
      .orderBy(desc(count()), reports.reason),
    db
      .select({ target: reports.target, targetId: reports.targetId, details: reports.details })
      .from(reports)
      .where(and(eq(reports.status, 'open'), inArray(reports.targetId, ids), sql`${reports.details} <> ''`))
      .orderBy(desc(reports.createdAt)),
  ]);
  const key = (target: string, id: string) => `${target}:${id}`;
  const targets = new Map([...campaignRows.map((row) => [key('campaign', row.id), row] as const), ...postRows.map((row) => [key('post', row.id), row] as const)]);
  const items: StaffReportGroup[] = [];
  for (const group of groups) {
    const k = key(group.target, group.targetId);
    const row = targets.get(k);
    if (!row) continue; // deleted between the two reads
    items.push({
      target: group.target,
      uri: row.uri,
      title: row.title,
      owner: row.owner,
      hidden: row.hiddenAt !== null,
      count: group.count,
      reasons: reasonRows.filter((r) => key(r.target, r.targetId) === k).map((r) => ({ reason: r.reason as ReportReason, count: r.count })),
      details: detailRows
        .filter((r) => key(r.target, r.targetId) === k)
        .slice(0, DETAILS_SHOWN)
        .map((r) => r.details),
      firstReportedAt: (group.first ?? new Date(0)).toISOString(),
      lastReportedAt: (group.last ?? new Date(0)).toISOString(),
    });
  }
  return { items, page, limit, total: totals[0]?.total ?? 0 };
}

/**
 * hide: takes the campaign or post down (not found for everyone but staff, out of every list) and closes its open
 * reports as actioned; restore: puts it back; dismiss: closes its open reports, nothing hidden. One transaction,
 * with its audit row. 404 for an unknown target, 409 when the action would change nothing.
 */
export async function moderate(db: Db, staff: AccountRow, action: ModerationAction, target: ModerationTarget, uri: string, reason: string): Promise<ModerationResult> {
  return db.transaction(async (tx) => {
    const table = target === 'campaign' ? campaigns : posts;
    const [row] = await tx.select({ id: table.id, hiddenAt: table.hiddenAt }).from(table).where(eq(table.uri, uri)).for('update').limit(1);
    if (!row) throw notFound(target === 'campaign' ? 'Campaign not found' : 'Post not found');
    const openReports = and(eq(reports.target, target), eq(reports.targetId, row.id), eq(reports.status, 'open'));
    let hidden = row.hiddenAt !== null;
    let reportsClosed = 0;
    if (action === 'hide') {
      if (hidden) throw new DomainError('CONFLICT', `This ${target} is already taken down`);
      await tx.update(table).set({ hiddenAt: new Date(), hiddenReason: reason }).where(eq(table.id, row.id));
      reportsClosed = (await tx.update(reports).set({ status: 'actioned' }).where(openReports).returning({ id: reports.id })).length;
      hidden = true;
    } else if (action === 'restore') {
      if (!hidden) throw new DomainError('CONFLICT', `This ${target} is not taken down`);
      await tx.update(table).set({ hiddenAt: null, hiddenReason: null }).where(eq(table.id, row.id));
      hidden = false;
    } else {
      reportsClosed = (await tx.update(reports).set({ status: 'dismissed' }).where(openReports).returning({ id: reports.id })).length;
      if (reportsClosed === 0) throw new DomainError('CONFLICT', `This ${target} has no open reports`);
    }
    await recordStaffAction(tx, staff, { action, targetType: target, targetId: uri, reason, data: { reportsClosed } });
    return { target, uri, hidden, reportsClosed };
  });
}
