import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import type { CacheBus } from '../infra/cacheBus.ts';
import type { JobHandler } from '../infra/jobs/jobQueue.ts';
import { campaignFrames, campaigns } from '../infra/db/schema.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { campaignAssetFolder, deleteObjects, newPreviewKeys, PREVIEW_KEY_COLUMNS, previewKeyFields, previewKeyList, readObject } from './campaignAssets.ts';
import { renderCampaignPreviews } from './campaignImages.ts';
import { CAMPAIGN_CACHE_TOPIC } from './campaigns.ts';

/**
 * A campaign's list thumbnail, link-preview images and display-size first frame are made by a job, not in the create
 * or edit request: a create (or a change of the first frame or the title) leaves the keys null and enqueues
 * CAMPAIGN_PREVIEWS_JOB; until it has run, lists show the first frame (thumbnailOrFirstFrameKey), link previews fall
 * back to it too, and the campaign page shows the frame's PNG alone.
 */
export const CAMPAIGN_PREVIEWS_JOB = 'campaign-previews';
/**
 * The catch-up pass: campaigns whose previews are still missing this long after their last change (a lost enqueue),
 * and those whose previews predate the display-size frame.
 */
export const CAMPAIGN_PREVIEWS_CATCH_UP_JOB = 'campaign-previews-catch-up';
export const CAMPAIGN_PREVIEWS_CATCH_UP_MS = 10 * 60_000;
const CATCH_UP_AGE = '5 minutes';
const CATCH_UP_BATCH = 20;

export interface CampaignPreviewsDeps {
  db: Db;
  storage: FileStorage;
  /** Drops cached campaign reads and page meta on every instance. */
  cacheBus: Pick<CacheBus, 'invalidate'>;
}

export type CampaignPreviewsOutcome = 'made' | 'not-needed' | 'changed-meanwhile';

async function firstFrameOf(db: Pick<Db, 'select'>, campaignId: string) {
  const [first] = await db
    .select({ storageKey: campaignFrames.storageKey, holes: campaignFrames.holes })
    .from(campaignFrames)
    .where(eq(campaignFrames.campaignId, campaignId))
    .orderBy(asc(campaignFrames.position))
    .limit(1);
  return first;
}

/**
 * Makes the missing previews of one campaign from its first frame and title. Idempotent: nothing happens when the
 * campaign is gone or already has them; when the campaign changed while they were rendered (title, first frame,
 * visibility), the images are dropped, since the change enqueued a job of its own. A campaign whose previews predate
 * the display-size frame (frameDisplayKey null, the others set) gets all of them anew, and the old ones go.
 */
export async function makeCampaignPreviews(deps: CampaignPreviewsDeps, campaignId: string): Promise<CampaignPreviewsOutcome> {
  const { db, storage } = deps;
  const [row] = await db
    .select({ title: campaigns.title, type: campaigns.type, visibility: campaigns.visibility, ...previewKeyFields })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  const first = row && row.frameDisplayKey === null ? await firstFrameOf(db, campaignId) : undefined;
  if (!row || !first) return 'not-needed';
  const images = await renderCampaignPreviews({ frame: await readObject(storage, first.storageKey), holes: first.holes, type: row.type, title: row.title });
  const keys = newPreviewKeys(campaignAssetFolder(campaignId, row.visibility === 'private'));
  const written: string[] = [];
  let uri: string | undefined;
  try {
    written.push(...previewKeyList(keys));
    await storage.put(keys.thumbnailKey, images.thumbnail, { contentType: 'image/webp' });
    await storage.put(keys.ogImageKey, images.ogImage, { contentType: 'image/jpeg' });
    await storage.put(keys.ogSquareKey, images.ogSquare, { contentType: 'image/jpeg' });
    await storage.put(keys.frameDisplayKey, images.frameDisplay, { contentType: 'image/webp' });
    uri = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ uri: campaigns.uri, title: campaigns.title, visibility: campaigns.visibility, ...previewKeyFields })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .for('update');
      const firstNow = await firstFrameOf(tx, campaignId);
      const unchanged =
        locked &&
        PREVIEW_KEY_COLUMNS.every((column) => locked[column] === row[column]) &&
        locked.title === row.title &&
        locked.visibility === row.visibility &&
        firstNow?.storageKey === first.storageKey;
      if (!unchanged) return undefined;
      await tx.update(campaigns).set(keys).where(eq(campaigns.id, campaignId));
      return locked.uri;
    });
  } catch (error) {
    await deleteObjects(storage, written);
    throw error;
  }
  if (uri === undefined) {
    await deleteObjects(storage, written);
    return 'changed-meanwhile';
  }
  deps.cacheBus.invalidate(CAMPAIGN_CACHE_TOPIC, uri);
  await deleteObjects(storage, previewKeyList(row));
  return 'made';
}

/** The queue's handler of CAMPAIGN_PREVIEWS_JOB ({ campaignId }); a failure is retried by the queue. */
export function campaignPreviewsJob(deps: CampaignPreviewsDeps): JobHandler<{ campaignId: string }> {
  return async ({ campaignId }) => {
    await makeCampaignPreviews(deps, campaignId);
  };
}

/** The catch-up pass: makes the previews a lost enqueue left missing (or older ones lack), a few campaigns per run. */
export function campaignPreviewsCatchUpJob(deps: CampaignPreviewsDeps, log: { warn(object: object, message: string): void }): JobHandler {
  return async () => {
    const missing = await deps.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(isNull(campaigns.frameDisplayKey), lt(campaigns.updatedAt, sql`now() - ${CATCH_UP_AGE}::interval`)))
      .orderBy(asc(campaigns.updatedAt))
      .limit(CATCH_UP_BATCH);
    for (const { id } of missing) {
      await makeCampaignPreviews(deps, id).catch((error: unknown) => log.warn({ err: error, campaignId: id }, 'campaign previews failed'));
    }
  };
}
