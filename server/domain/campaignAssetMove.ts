import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { campaignFrames, campaigns, posts } from '../infra/db/schema.ts';
import { isPublicKey, type FileStorage } from '../infra/storage/storage.ts';
import { campaignAssetFolder, copyObject, deleteObjects, newFrameKey, newPreviewKeys, NO_PREVIEWS, PREVIEW_KEY_COLUMNS, postImageKey, type PreviewKeys } from './campaignAssets.ts';

/** One object copied to a new key; the old one is deleted once the rows point at the new one. */
export interface KeyMove {
  from: string;
  to: string;
}

/**
 * Whether a campaign's stored images must move to new keys: when they would be public but the campaign is private
 * (or the other way round: a campaign made private before keys followed visibility), and on every new access code,
 * so a link a former code holder kept stops working at once instead of when its signature expires.
 */
export function needsNewKeys(options: { privateAfter: boolean; codeChanged: boolean; keys: Array<string | null> }): boolean {
  if (options.privateAfter && options.codeChanged) return true;
  return options.keys.some((key) => key !== null && isPublicKey(key) === options.privateAfter);
}

/**
 * Moving a campaign's previews to new names in `folder` (a change of visibility): a copy per preview it has, and the
 * keys to store once they are copied; a kind it has none of stays null.
 */
export function previewMoves(row: PreviewKeys, folder: string): { moves: KeyMove[]; next: PreviewKeys } {
  const names = newPreviewKeys(folder);
  const moves: KeyMove[] = [];
  const next = { ...NO_PREVIEWS };
  for (const column of PREVIEW_KEY_COLUMNS) {
    const from = row[column];
    if (from === null) continue;
    moves.push({ from, to: names[column] });
    next[column] = names[column];
  }
  return { moves, next };
}

/** Copies each move's object; every new key is pushed onto `written` first, so a failed write can delete it again. */
export async function copyAll(storage: Pick<FileStorage, 'get' | 'put'>, moves: KeyMove[], written: string[]): Promise<void> {
  for (const move of moves) {
    written.push(move.to);
    await copyObject(storage, move.from, move.to);
  }
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** Every post image of a campaign (or those `which` picks) and where each goes when the campaign's privacy changes. */
export async function planPostMoves(db: Db, campaignId: string, privateAfter: boolean, which: (key: string) => boolean = () => true): Promise<Map<string, KeyMove>> {
  const rows = await db.select({ id: posts.id, uri: posts.uri, imageKey: posts.imageKey }).from(posts).where(eq(posts.campaignId, campaignId));
  return new Map(
    rows.filter((row) => which(row.imageKey)).map((row) => [row.id, { from: row.imageKey, to: postImageKey(row.uri, extensionOf(row.imageKey), { isPrivate: privateAfter, moved: true }) }]),
  );
}

/**
 * Inside the transaction that locked the campaign row: points every post of the campaign at its copied image.
 * A post published between the copy and the lock is copied now (post creation waits on the same lock, so none
 * comes after). Returns the keys to delete after the commit: the old images, and copies of posts deleted meanwhile.
 */
export async function applyPostMoves(
  tx: Db,
  storage: Pick<FileStorage, 'get' | 'put'>,
  campaignId: string,
  privateAfter: boolean,
  copied: Map<string, KeyMove>,
  written: string[],
  which: (key: string) => boolean = () => true,
): Promise<string[]> {
  const current = await planPostMoves(tx, campaignId, privateAfter, which);
  const stale: string[] = [];
  for (const [id, move] of current) {
    const done = copied.get(id);
    const applied = done && done.from === move.from ? done : move;
    if (applied === move) await copyAll(storage, [move], written);
    await tx.update(posts).set({ imageKey: applied.to }).where(eq(posts.id, id));
    stale.push(applied.from);
  }
  for (const [id, move] of copied) if (current.get(id)?.from !== move.from) stale.push(move.to);
  return stale;
}

/**
 * Campaigns whose images sit under the wrong root for their visibility: private ones stored before keys followed
 * visibility (their images were public under permanent names), or a visibility changed outside the API.
 */
export async function misplacedCampaigns(db: Db, limit: number): Promise<string[]> {
  const wrongRoot = sql`(case when ${campaigns.visibility} = 'private' then 'public/%' else 'private/%' end)`;
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      sql`${campaigns.thumbnailKey} like ${wrongRoot}
        or exists (select 1 from ${campaignFrames} where ${campaignFrames.campaignId} = ${campaigns.id} and ${campaignFrames.storageKey} like ${wrongRoot})
        or exists (select 1 from ${posts} where ${posts.campaignId} = ${campaigns.id} and ${posts.imageKey} like ${wrongRoot})`,
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

class ChangedMeanwhile extends Error {}

/**
 * Moves every image of one campaign that sits under the wrong root (misplacedCampaigns) to new keys under the right
 * one, as an edit of its visibility would: copies first, then one transaction on the locked row points the rows at
 * the copies, then the old objects go. A campaign edited meanwhile is left for the next run. Returns the keys moved.
 */
export async function moveMisplacedImages(db: Db, storage: Pick<FileStorage, 'get' | 'put' | 'delete'>, campaignId: string): Promise<string[]> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!row) return [];
  const privateAfter = row.visibility === 'private';
  const folder = campaignAssetFolder(row.id, privateAfter);
  const wrong = (key: string | null): key is string => key !== null && isPublicKey(key) === privateAfter;
  const frames = await db.select({ id: campaignFrames.id, storageKey: campaignFrames.storageKey }).from(campaignFrames).where(eq(campaignFrames.campaignId, row.id));
  const frameMoves = frames.filter((frame) => wrong(frame.storageKey)).map((frame) => ({ id: frame.id, from: frame.storageKey, to: newFrameKey(folder) }));
  const previews = wrong(row.thumbnailKey) ? previewMoves(row, folder) : undefined;
  const movedPreviews = previews?.moves ?? [];
  const postMoves = await planPostMoves(db, row.id, privateAfter, wrong);
  const written: string[] = [];
  const stale: string[] = [];
  try {
    await copyAll(storage, [...movedPreviews, ...frameMoves, ...postMoves.values()], written);
    await db.transaction(async (tx) => {
      const [locked] = await tx.select({ visibility: campaigns.visibility, thumbnailKey: campaigns.thumbnailKey }).from(campaigns).where(eq(campaigns.id, row.id)).for('update');
      if (!locked || locked.visibility !== row.visibility || locked.thumbnailKey !== row.thumbnailKey) throw new ChangedMeanwhile();
      if (previews) {
        await tx.update(campaigns).set(previews.next).where(eq(campaigns.id, row.id));
        stale.push(...movedPreviews.map((move) => move.from));
      }
      for (const move of frameMoves) {
        const [moved] = await tx
          .update(campaignFrames)
          .set({ storageKey: move.to })
          .where(and(eq(campaignFrames.id, move.id), eq(campaignFrames.storageKey, move.from)))
          .returning({ id: campaignFrames.id });
        // A frame removed or replaced meanwhile keeps nothing of this move.
        stale.push(moved ? move.from : move.to);
      }
      stale.push(...(await applyPostMoves(tx, storage, row.id, privateAfter, postMoves, written, wrong)));
    });
  } catch (error) {
    await deleteObjects(storage, written);
    if (error instanceof ChangedMeanwhile) return [];
    throw error;
  }
  await deleteObjects(storage, stale);
  return [...movedPreviews, ...frameMoves, ...postMoves.values()].map((move) => move.from);
}
