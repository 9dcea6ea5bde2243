import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { PiracyAction, PiracySide, StaffPiracyFlag, StaffPiracyList } from '../../contract/staffPiracy.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaignFrames, campaigns, frameFingerprints, piracyFlags } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { AccountRow } from './accounts.ts';
import { assetUrls } from './campaignAssets.ts';
import { moderate } from './moderation.ts';
import { recordStaffAction } from './staffAudit.ts';
import { suspendWithReason } from './staffAppeals.ts';

type FlagRow = typeof piracyFlags.$inferSelect;

/** Both sides of some flags, with a URL for each frame (signed for private campaigns) — one query per side. */
async function toViews(db: Db, storage: FileStorage, flags: FlagRow[]): Promise<StaffPiracyFlag[]> {
  const frameIds = [...new Set(flags.flatMap((flag) => [flag.frameId, flag.matchedFrameId]))];
  if (frameIds.length === 0) return [];
  const sides = await db
    .select({
      frameId: campaignFrames.id,
      storageKey: campaignFrames.storageKey,
      uploadedAt: frameFingerprints.createdAt,
      campaignUri: campaigns.uri,
      campaignTitle: campaigns.title,
      hiddenAt: campaigns.hiddenAt,
      creatorUuid: accounts.uuid,
      creatorUsername: accounts.username,
      suspendedAt: accounts.suspendedAt,
    })
    .from(campaignFrames)
    .innerJoin(campaigns, eq(campaigns.id, campaignFrames.campaignId))
    .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
    .leftJoin(frameFingerprints, eq(frameFingerprints.frameId, campaignFrames.id))
    .where(inArray(campaignFrames.id, frameIds));
  const url = await assetUrls(storage, sides.map((side) => side.storageKey));
  const byFrame = new Map(
    sides.map((side): [string, PiracySide] => [
      side.frameId,
      {
        campaignUri: side.campaignUri,
        campaignTitle: side.campaignTitle,
        hidden: side.hiddenAt !== null,
        creatorUuid: side.creatorUuid,
        creatorUsername: side.creatorUsername,
        creatorSuspended: side.suspendedAt !== null,
        frameUrl: url(side.storageKey),
        uploadedAt: (side.uploadedAt ?? new Date(0)).toISOString(),
      },
    ]),
  );
  const views: StaffPiracyFlag[] = [];
  for (const flag of flags) {
    const copy = byFrame.get(flag.frameId);
    const original = byFrame.get(flag.matchedFrameId);
    // A frame replaced since: nothing left to compare (the flag stays for the record).
    if (!copy || !original) continue;
    views.push({ id: flag.id, status: flag.status, distance: flag.distance, createdAt: flag.createdAt.toISOString(), copy, original });
  }
  return views;
}

/** Open flags whose two frames still exist, oldest first. */
export async function listOpenFlags(db: Db, storage: FileStorage, page: number, limit: number): Promise<StaffPiracyList> {
  const open = and(
    eq(piracyFlags.status, 'open'),
    inArray(piracyFlags.frameId, db.select({ id: campaignFrames.id }).from(campaignFrames)),
    inArray(piracyFlags.matchedFrameId, db.select({ id: campaignFrames.id }).from(campaignFrames)),
  );
  const [rows, totals] = await Promise.all([
    db.select().from(piracyFlags).where(open).orderBy(asc(piracyFlags.createdAt), asc(piracyFlags.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(piracyFlags).where(open),
  ]);
  return { items: await toViews(db, storage, rows), page, limit, total: totals[0]?.total ?? 0 };
}

/**
 * Staff rule on an open flag, with a reason: dismiss (not a copy); takedown (the copy's campaign is hidden as the
 * Reports tab hides it, audit 'hide', and its creator is warned, audit 'warn'); suspend (the copy's creator, as the
 * Accounts tab suspends). Each writes its audit rows; the flag closes as dismissed or actioned, so a second ruling
 * is refused (409). The hide and the suspend run in their own transactions (moderation.ts, staffAppeals.ts) and
 * refuse what would change nothing (already hidden, already suspended): the flag then stays open.
 */
export async function decideFlag(db: Db, storage: FileStorage, staff: AccountRow, flagId: string, action: PiracyAction, reason: string, now: Date = new Date()): Promise<StaffPiracyFlag> {
  const [flag] = await db.select().from(piracyFlags).where(eq(piracyFlags.id, flagId));
  if (!flag) throw notFound('No frame match has this id');
  if (flag.status !== 'open') throw new DomainError('CONFLICT', `This frame match is already ${flag.status}`);
  const [copy] = await db
    .select({ uri: campaigns.uri, creatorUuid: accounts.uuid, creatorUsername: accounts.username })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
    .where(eq(campaigns.id, flag.campaignId));
  if (!copy) throw notFound('The flagged campaign no longer exists');
  if (action === 'takedown') await moderate(db, staff, 'hide', 'campaign', copy.uri, reason);
  if (action === 'suspend') await suspendWithReason(db, staff, copy.creatorUuid, reason, now);
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(piracyFlags)
      .set({ status: action === 'dismiss' ? 'dismissed' : 'actioned', decidedAt: now })
      .where(and(eq(piracyFlags.id, flag.id), eq(piracyFlags.status, 'open')))
      .returning();
    if (!row) throw new DomainError('CONFLICT', 'This frame match was ruled on meanwhile');
    const data = { action, campaign: copy.uri, distance: flag.distance };
    if (action === 'takedown') await recordStaffAction(tx, staff, { action: 'warn', targetType: 'account', targetId: copy.creatorUuid, reason, data: { ...data, username: copy.creatorUsername } });
    await recordStaffAction(tx, staff, { action: action === 'dismiss' ? 'dismiss' : action === 'takedown' ? 'hide' : 'suspend', targetType: 'piracyFlag', targetId: flag.id, reason, data });
    return row;
  });
  const [view] = await toViews(db, storage, [closed]);
  if (!view) throw notFound('The frames of this match no longer exist');
  return view;
}
