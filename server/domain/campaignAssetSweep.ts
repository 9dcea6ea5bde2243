import { inArray } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import { campaignFrames, campaigns, posts } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { misplacedCampaigns, moveMisplacedImages } from './campaignAssetMove.ts';
import { CAMPAIGN_ASSET_ROOTS, POST_IMAGE_ROOTS, previewKeyFields, previewKeyList } from './campaignAssets.ts';

/** Campaign folders are named by the campaign's id; anything else under the roots is not ours to judge. */
const CAMPAIGN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Keys per query, well under PostgreSQL's parameter limit. */
const CHUNK = 500;
/** Campaigns moved per sweep: a backlog (private campaigns stored before keys followed visibility) drains over runs. */
const MOVES_PER_SWEEP = 50;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function listOlder(storage: Pick<FileStorage, 'list'>, roots: readonly string[], cutoff: number): Promise<string[]> {
  const keys: string[] = [];
  // Collected first: deleting while a driver walks its listing could skip entries.
  for (const root of roots) for await (const object of storage.list(root)) if (object.lastModified.getTime() < cutoff) keys.push(object.key);
  return keys;
}

/**
 * Deletes campaign images no row names, written more than maxAgeSeconds before `now`: the folder of a create that
 * was interrupted between storing its images and committing its rows, and objects an interrupted edit or move
 * (frames, previews, post images; campaignAssetMove.ts) left beside the live ones. Anything written within the
 * age limit may belong to a write in progress and is left alone. Returns the deleted keys.
 */
export async function sweepCampaignAssets(db: Db, storage: Pick<FileStorage, 'list' | 'delete'>, maxAgeSeconds: number, now: number = Date.now()): Promise<string[]> {
  const cutoff = now - maxAgeSeconds * 1000;
  const byCampaign = new Map<string, string[]>();
  for (const key of await listOlder(storage, CAMPAIGN_ASSET_ROOTS, cutoff)) {
    const id = key.split('/')[2] ?? '';
    if (CAMPAIGN_ID.test(id)) byCampaign.set(id, [...(byCampaign.get(id) ?? []), key]);
  }
  const stale: string[] = [];
  for (const ids of chunks([...byCampaign.keys()])) {
    const live = await db.select({ id: campaigns.id, ...previewKeyFields }).from(campaigns).where(inArray(campaigns.id, ids));
    const frames = live.length > 0 ? await db.select({ key: campaignFrames.storageKey }).from(campaignFrames).where(inArray(campaignFrames.campaignId, live.map((row) => row.id))) : [];
    const named = new Set([...live.flatMap(previewKeyList), ...frames.map((frame) => frame.key)]);
    for (const id of ids) stale.push(...byCampaign.get(id)!.filter((key) => !named.has(key)));
  }
  for (const keys of chunks(await listOlder(storage, POST_IMAGE_ROOTS, cutoff))) {
    const named = new Set((await db.select({ key: posts.imageKey }).from(posts).where(inArray(posts.imageKey, keys))).map((row) => row.key));
    stale.push(...keys.filter((key) => !named.has(key)));
  }
  for (const key of stale) await storage.delete(key);
  return stale;
}

/**
 * Moves the images of up to `limit` campaigns stored under the wrong root for their visibility (misplacedCampaigns):
 * private campaigns from before their images left public/ stop being readable by whoever kept a URL. Returns how many
 * campaigns it moved.
 */
export async function moveMisplacedCampaignImages(db: Db, storage: Pick<FileStorage, 'get' | 'put' | 'delete'>, limit = MOVES_PER_SWEEP): Promise<number> {
  let moved = 0;
  for (const id of await misplacedCampaigns(db, limit)) if ((await moveMisplacedImages(db, storage, id)).length > 0) moved += 1;
  return moved;
}
