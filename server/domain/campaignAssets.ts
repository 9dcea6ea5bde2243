import { randomBytes } from 'node:crypto';
import { campaigns } from '../infra/db/schema.ts';
import { isPublicKey, type FileStorage } from '../infra/storage/storage.ts';

/**
 * Where a campaign's images live, and how they are read. A private campaign's frames, previews and post images
 * sit outside `public/`, so /files serves them only through a signed, expiring URL; the campaign API signs them
 * only for someone who passed its access check. Everything else stays public (an unlisted campaign's link is its
 * secret, and whoever has the link reads the campaign and so its images anyway).
 */

/** Both roots a campaign folder can sit under; the sweep walks each. */
export const CAMPAIGN_ASSET_ROOTS = ['public/campaigns/', 'private/campaigns/'] as const;
export const POST_IMAGE_ROOTS = ['public/posts/', 'private/posts/'] as const;

/** How long a signed read URL of a private image lasts at least. */
export const PRIVATE_ASSET_URL_SECONDS = 30 * 60;
/**
 * Expiries are rounded up to this step, so a page reloaded a minute later gets the same URLs and the browser can
 * reuse what it cached (a URL per request would refetch every frame each time).
 */
export const PRIVATE_ASSET_URL_STEP_SECONDS = 5 * 60;

const randomName = () => randomBytes(12).toString('hex');

/** The folder of a campaign's frames and previews: `private/…` when only code holders may see them. */
export function campaignAssetFolder(campaignId: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}/campaigns/${campaignId}/`;
}

/** A new, unguessable frame key in `folder`. */
export const newFrameKey = (folder: string) => `${folder}frames/${randomName()}.png`;

/** The campaign columns that name its previews, made together by the campaign-previews job and cleared together. */
export const PREVIEW_KEY_COLUMNS = ['thumbnailKey', 'ogImageKey', 'ogSquareKey', 'frameDisplayKey'] as const;
export type PreviewKeyColumn = (typeof PREVIEW_KEY_COLUMNS)[number];
/** A campaign's preview keys as stored: null where it has none yet (or, for older campaigns, none of that kind). */
export type PreviewKeys = Record<PreviewKeyColumn, string | null>;

/** Every preview key cleared: the campaign-previews job makes them again. */
export const NO_PREVIEWS: PreviewKeys = { thumbnailKey: null, ogImageKey: null, ogSquareKey: null, frameDisplayKey: null };

/** New names for the previews in `folder`: new on every change, so caches and link previews never show a stale one. */
export function newPreviewKeys(folder: string): Record<PreviewKeyColumn, string> {
  const name = randomName();
  return {
    thumbnailKey: `${folder}thumbnail-${name}.webp`,
    ogImageKey: `${folder}og-${name}.jpg`,
    ogSquareKey: `${folder}og-square-${name}.jpg`,
    frameDisplayKey: `${folder}frame-display-${name}.webp`,
  };
}

/** The preview key columns, to spread into a select. */
export const previewKeyFields = {
  thumbnailKey: campaigns.thumbnailKey,
  ogImageKey: campaigns.ogImageKey,
  ogSquareKey: campaigns.ogSquareKey,
  frameDisplayKey: campaigns.frameDisplayKey,
} satisfies Record<PreviewKeyColumn, unknown>;

/** A campaign's stored preview keys, in a list (deletions, sweeps). */
export const previewKeyList = <Key extends string | null>(row: Record<PreviewKeyColumn, Key>): Key[] => PREVIEW_KEY_COLUMNS.map((column) => row[column]);

/**
 * A post image's key. New posts (of public or unlisted campaigns) keep the plain `public/posts/<uri>.<ext>`; a moved
 * image gets a random suffix, so the URL it had before the move never works again.
 */
export function postImageKey(uri: string, extension: string, options: { isPrivate?: boolean; moved?: boolean } = {}): string {
  return `${options.isPrivate ? 'private' : 'public'}/posts/${uri}${options.moved ? `-${randomName()}` : ''}.${extension}`;
}

/** Seconds from now to a signed URL's expiry: at least PRIVATE_ASSET_URL_SECONDS, ending on a step boundary. */
export function privateUrlLifetime(nowMs: number = Date.now()): number {
  const now = Math.floor(nowMs / 1000);
  const expiresAt = Math.ceil((now + PRIVATE_ASSET_URL_SECONDS) / PRIVATE_ASSET_URL_STEP_SECONDS) * PRIVATE_ASSET_URL_STEP_SECONDS;
  return expiresAt - now;
}

/**
 * A synchronous reader of URLs for `keys`: public keys as they are, the others signed for privateUrlLifetime.
 * Signing is asynchronous in the storage interface, so callers sign first and then map rows without awaiting.
 */
export async function assetUrls(storage: Pick<FileStorage, 'publicUrl' | 'signedReadUrl'>, keys: Iterable<string | null | undefined>): Promise<(key: string) => string> {
  const expiresInSeconds = privateUrlLifetime();
  const signed = new Map<string, string>();
  for (const key of new Set(keys)) {
    if (key && !isPublicKey(key)) signed.set(key, await storage.signedReadUrl(key, { expiresInSeconds }));
  }
  return (key) => signed.get(key) ?? storage.publicUrl(key);
}

/** A stored object's bytes; throws when it is missing. */
export async function readObject(storage: Pick<FileStorage, 'get'>, key: string): Promise<Buffer> {
  const object = await storage.get(key);
  if (!object) throw new Error(`stored object ${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Copies one object to a new key (the caller deletes the old one once rows point at the new one). A missing source
 * copies nothing: the row then names a missing object, as it did before, and the owner can still edit the campaign.
 */
export async function copyObject(storage: Pick<FileStorage, 'get' | 'put'>, from: string, to: string): Promise<void> {
  const object = await storage.get(from);
  if (!object) return;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  await storage.put(to, Buffer.concat(chunks), { contentType: object.contentType });
}

/** Best effort: a leftover object is only wasted space, and must not fail a request whose rows already committed. */
export async function deleteObjects(storage: Pick<FileStorage, 'delete'>, keys: Array<string | null | undefined>): Promise<void> {
  await Promise.all(keys.filter((key): key is string => Boolean(key)).map((key) => storage.delete(key).catch(() => undefined)));
}
