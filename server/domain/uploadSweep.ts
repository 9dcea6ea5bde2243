import type { BaseLogger } from 'pino';
import type { Db } from '../infra/db/database.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { moveMisplacedCampaignImages, sweepCampaignAssets } from './campaignAssetSweep.ts';
import { RAW_UPLOAD_PREFIX } from './uploads.ts';

type ListableStorage = Pick<FileStorage, 'list' | 'delete'>;

/** Longest pause between sweeps; shorter when the age limit is shorter. */
const MAX_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes raw uploads (under `uploads/`) last written more than maxAgeSeconds before `now`: presigned uploads that
 * were never handed to a route that adopts them. Adopted images live elsewhere and are never listed. Returns the deleted keys.
 */
export async function sweepRawUploads(storage: ListableStorage, maxAgeSeconds: number, now: number = Date.now()): Promise<string[]> {
  const cutoff = now - maxAgeSeconds * 1000;
  const stale: string[] = [];
  // Collected first: deleting while a driver walks its listing could skip entries.
  for await (const object of storage.list(RAW_UPLOAD_PREFIX)) {
    if (object.lastModified.getTime() < cutoff) stale.push(object.key);
  }
  for (const key of stale) await storage.delete(key);
  return stale;
}

/** Pause between sweeps: at most MAX_SWEEP_INTERVAL_MS, shorter when the age limit is shorter. */
export function uploadSweepIntervalMs(maxAgeSeconds: number): number {
  return Math.min(MAX_SWEEP_INTERVAL_MS, maxAgeSeconds * 1000);
}

/**
 * One sweep, as a recurring job (server/backgroundJobs.ts): raw uploads, then with `campaignImages` the images of
 * campaigns stored under the wrong root for their visibility are moved and campaign images no row names removed
 * (campaignAssetSweep.ts), with the same age limit. Each part logs its failure and the next run tries again, so
 * the job itself never fails. Idempotent: a second sweep finds nothing the first one left to do.
 */
export function uploadSweepJob(
  storage: ListableStorage,
  options: { maxAgeSeconds: number; log: Pick<BaseLogger, 'info' | 'warn'>; campaignImages?: { db: Db; storage: FileStorage } },
): () => Promise<void> {
  const sweepAssets = async () => {
    if (!options.campaignImages) return;
    const { db, storage: images } = options.campaignImages;
    const moved = await moveMisplacedCampaignImages(db, images);
    if (moved > 0) options.log.info({ count: moved }, 'moved campaign images to the root their visibility needs');
    const deleted = await sweepCampaignAssets(db, images, options.maxAgeSeconds);
    if (deleted.length > 0) options.log.info({ count: deleted.length }, 'swept orphaned campaign images');
  };
  return async () => {
    try {
      const deleted = await sweepRawUploads(storage, options.maxAgeSeconds);
      if (deleted.length > 0) options.log.info({ count: deleted.length }, 'swept unused raw uploads');
    } catch (error) {
      options.log.warn({ err: error }, 'raw upload sweep failed');
    }
    await sweepAssets().catch((error: unknown) => options.log.warn({ err: error }, 'campaign image sweep failed'));
  };
}
