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

/**
 * Sweeps now and then periodically; failures are logged and the next run tries again. With `campaignImages`, each run
 * also moves the images of campaigns stored under the wrong root for their visibility and removes campaign images no
 * row names (campaignAssetSweep.ts), with the same age limit. The timer does not keep the process alive. The returned
 * stop function waits for a running sweep.
 */
export function startUploadSweep(
  storage: ListableStorage,
  options: { maxAgeSeconds: number; log: Pick<BaseLogger, 'info' | 'warn'>; intervalMs?: number; campaignImages?: { db: Db; storage: FileStorage } },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const sweepAssets = async () => {
    if (!options.campaignImages) return;
    const { db, storage: images } = options.campaignImages;
    const moved = await moveMisplacedCampaignImages(db, images);
    if (moved > 0) options.log.info({ count: moved }, 'moved campaign images to the root their visibility needs');
    const deleted = await sweepCampaignAssets(db, images, options.maxAgeSeconds);
    if (deleted.length > 0) options.log.info({ count: deleted.length }, 'swept orphaned campaign images');
  };
  const run = () => {
    // A slow sweep is not stacked on: the next tick finds what it left.
    running ??= sweepRawUploads(storage, options.maxAgeSeconds)
      .then(
        (deleted) => {
          if (deleted.length > 0) options.log.info({ count: deleted.length }, 'swept unused raw uploads');
        },
        (error: unknown) => options.log.warn({ err: error }, 'raw upload sweep failed'),
      )
      .then(() => sweepAssets().catch((error: unknown) => options.log.warn({ err: error }, 'campaign image sweep failed')))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, options.intervalMs ?? Math.min(MAX_SWEEP_INTERVAL_MS, options.maxAgeSeconds * 1000));
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
