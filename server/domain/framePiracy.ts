import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { frameFingerprints, piracyFlags } from '../infra/db/schema.ts';
import { FRAME_MATCH_MAX_DISTANCE, frameDetail, frameHash, fromSignedHash, PLAIN_FRAME_MAX_SPREAD, toSignedHash } from './frameFingerprint.ts';

/** A frame just stored with its campaign: its row id and the PNG that was stored. */
export interface StoredFrame {
  id: string;
  png: Uint8Array;
}

/**
 * Fingerprints frames a creator just stored and opens a piracy flag when one is within FRAME_MATCH_MAX_DISTANCE of
 * a frame ANOTHER creator stored earlier (the nearest, then the oldest). Answers the number of flags opened.
 * The campaign is published either way: staff decide (the Frame matches tab).
 */
export async function fingerprintFrames(db: Db, campaignId: string, creatorId: string, frames: readonly StoredFrame[], now: Date = new Date()): Promise<number> {
  let opened = 0;
  for (const frame of frames) {
    const hash = await frameHash(frame.png);
    const stored = toSignedHash(hash);
    // A plain frame is fingerprinted but never flagged: its hash is only its hole's shape.
    const plain = (await frameDetail(frame.png)) <= PLAIN_FRAME_MAX_SPREAD;
    opened += await db.transaction(async (tx) => {
      const [match] = !plain
        ? await tx
            .select({ frameId: frameFingerprints.frameId, campaignId: frameFingerprints.campaignId, distance: sql<number>`bit_count((${frameFingerprints.hash} # ${stored})::bit(64))`.mapWith(Number) })
            .from(frameFingerprints)
            .where(and(ne(frameFingerprints.creatorId, creatorId), sql`bit_count((${frameFingerprints.hash} # ${stored})::bit(64)) <= ${FRAME_MATCH_MAX_DISTANCE}`))
            .orderBy(sql`3`, asc(frameFingerprints.createdAt))
            .limit(1)
        : [];
      await tx.insert(frameFingerprints).values({ frameId: frame.id, campaignId, creatorId, hash: stored, createdAt: now }).onConflictDoNothing();
      if (!match) return 0;
      const flagged = await tx
        .insert(piracyFlags)
        .values({ campaignId, frameId: frame.id, matchedCampaignId: match.campaignId, matchedFrameId: match.frameId, distance: match.distance, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: piracyFlags.id });
      return flagged.length;
    });
  }
  return opened;
}

/**
 * fingerprintFrames for the campaign writes: a hash that cannot be made never fails a campaign's create or edit
 * (the campaign is already committed); it is logged and the frame stays without a fingerprint.
 */
export async function fingerprintFramesQuietly(db: Db, campaignId: string, creatorId: string, frames: readonly StoredFrame[]): Promise<void> {
  if (frames.length === 0) return;
  try {
    await fingerprintFrames(db, campaignId, creatorId, frames);
  } catch (error) {
    console.warn(`Frame fingerprints of campaign ${campaignId} were not stored: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A stored fingerprint, unsigned (tests and staff tools). */
export async function fingerprintOf(db: Db, frameId: string): Promise<bigint | null> {
  const [row] = await db.select({ hash: frameFingerprints.hash }).from(frameFingerprints).where(eq(frameFingerprints.frameId, frameId));
  return row ? fromSignedHash(row.hash) : null;
}
