import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { POST_MAX_BYTES, type Post } from '../../contract/post.ts';
import type { Size } from '../../core/geometry.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaignFrames, campaigns, posts } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { AccountRow } from './accounts.ts';
import { sniffImageType } from '../infra/storage/sniff.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { checkRawUpload } from './uploads.ts';
import { summaryColumns, toCampaignSummary } from './campaigns.ts';
import { assetUrls, postImageKey } from './campaignAssets.ts';
import { isUniqueViolation } from '../infra/db/uniqueViolation.ts';

const URI_LENGTH = 10;
// Letters and digits only: a storage key segment must start with one, and the link reads well anywhere.
const URI_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random, unguessable post link (59 bits), matching contract postUriParams. */
export function newPostUri(): string {
  let uri = '';
  for (let i = 0; i < URI_LENGTH; i++) uri += URI_ALPHABET[randomInt(URI_ALPHABET.length)];
  return uri;
}

/** A result is rendered at a frame's own size, or twice it (the high-resolution download). */
export function matchesFrameSize(width: number, height: number, frames: readonly Size[]): boolean {
  return frames.some((frame) => [1, 2].some((scale) => width === frame.width * scale && height === frame.height * scale));
}

const sizeList = (frames: readonly Size[]) => [...new Set(frames.flatMap((f) => [`${f.width}×${f.height}`, `${f.width * 2}×${f.height * 2}`]))].join(', ');

export interface CheckedResult {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

/**
 * Checks an uploaded result by content (JPEG, PNG or WebP; decodable; exactly a frame's size × 1 or × 2) and
 * re-encodes it: PNG stays PNG, the rest becomes JPEG at quality 90. Re-encoding drops metadata (EXIF location)
 * and anything smuggled after the pixels.
 */
export async function checkResultImage(bytes: Buffer, frames: readonly Size[]): Promise<CheckedResult> {
  if (bytes.byteLength === 0) throw new DomainError('BAD_REQUEST', 'The uploaded file is empty');
  const type = sniffImageType(bytes);
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The result is not a JPEG, PNG or WebP image');
  }
  let size: Size | undefined;
  try {
    size = (await sharp(bytes, { limitInputPixels: false }).metadata()).autoOrient;
  } catch {
    throw new DomainError('BAD_REQUEST', 'The image could not be read; it may be damaged');
  }
  if (!size?.width || !size.height) throw new DomainError('BAD_REQUEST', 'The image could not be read; it may be damaged');
  if (!matchesFrameSize(size.width, size.height, frames)) {
    throw new DomainError('BAD_REQUEST', `The image is ${size.width}×${size.height} pixels; a result of this campaign is ${sizeList(frames)}`);
  }
  const keepPng = type === 'image/png';
  try {
    // The size matched a frame, so the pixel count is bounded by the campaign itself.
    const image = sharp(bytes, { limitInputPixels: size.width * size.height, failOn: 'error' }).autoOrient();
    const { data, info } = await (keepPng ? image.png() : image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 })).toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: keepPng ? 'image/png' : 'image/jpeg', extension: keepPng ? 'png' : 'jpg', width: info.width, height: info.height };
  } catch {
    throw new DomainError('BAD_REQUEST', 'The image could not be decoded; it may be damaged or truncated');
  }
}

const authors = alias(accounts, 'authors');

const privateCampaign = () =>
  new DomainError('FORBIDDEN', 'This campaign is private: only people with its access code can see it, so results cannot be posted publicly');

export interface PostRecord {
  post: Post;
  authorId: string;
  campaignVisibility: 'public' | 'unlisted' | 'private';
  /** The post or its campaign was taken down by staff (server/domain/moderation.ts): not found for everyone but staff. */
  hidden: boolean;
}

export class PostService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  /** A post with its author and campaign (one query); null when unknown. */
  async find(uri: string): Promise<PostRecord | null> {
    const [row] = await this.db
      .select({
        uri: posts.uri,
        imageKey: posts.imageKey,
        width: posts.width,
        height: posts.height,
        caption: posts.caption,
        createdAt: posts.createdAt,
        authorId: posts.authorId,
        author: { username: authors.username, name: authors.name, avatarKey: authors.avatarKey },
        campaign: summaryColumns,
        campaignVisibility: campaigns.visibility,
        postHiddenAt: posts.hiddenAt,
        campaignHiddenAt: campaigns.hiddenAt,
      })
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
      .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
      .where(eq(posts.uri, uri))
      .limit(1);
    if (!row) return null;
    // A post of a private campaign is stored outside public/ (campaignAssetMove.ts): its author gets signed URLs.
    const urlOf = await assetUrls(this.storage, [row.imageKey, row.campaign.thumbnailKey]);
    return {
      authorId: row.authorId,
      campaignVisibility: row.campaignVisibility,
      hidden: row.postHiddenAt !== null || row.campaignHiddenAt !== null,
      post: {
        uri: row.uri,
        imageUrl: urlOf(row.imageKey),
        width: row.width,
        height: row.height,
        caption: row.caption,
        author: { username: row.author.username, name: row.author.name, avatarUrl: row.author.avatarKey ? this.storage.publicUrl(row.author.avatarKey) : null },
        campaign: toCampaignSummary(this.storage, row.campaign, urlOf),
        createdAt: row.createdAt.toISOString(),
      },
    };
  }

  /**
   * Publishes an uploaded result of `author` for a public or unlisted campaign. Every check runs before anything
   * is written; the raw upload is removed once the post exists.
   */
  async create(author: AccountRow, input: { campaignUri: string; key: string; caption: string }): Promise<Post> {
    const [campaign] = await this.db
      .select({ id: campaigns.id, visibility: campaigns.visibility, hiddenAt: campaigns.hiddenAt })
      .from(campaigns)
      .where(eq(campaigns.uri, input.campaignUri))
      .limit(1);
    if (!campaign || campaign.hiddenAt) throw notFound('Campaign not found');
    if (campaign.visibility === 'private') throw privateCampaign();
    const frames = await this.db.select({ width: campaignFrames.width, height: campaignFrames.height }).from(campaignFrames).where(eq(campaignFrames.campaignId, campaign.id));
    if (frames.length === 0) throw new DomainError('BAD_REQUEST', 'This campaign has no frame to post a result of');
    const upload = { key: input.key, purpose: 'post', accountUuid: author.uuid, maxBytes: POST_MAX_BYTES } as const;
    const image = await checkRawUpload(this.storage, upload, (raw) => checkResultImage(raw, frames));

    let uri = newPostUri();
    for (let attempt = 1; ; attempt++) {
      const imageKey = postImageKey(uri, image.extension);
      await this.storage.put(imageKey, image.bytes, { contentType: image.contentType });
      try {
        await this.db.transaction(async (tx) => {
          // Waits for a visibility change in progress (it locks the row for update and moves the campaign's post
          // images), so a post never lands under a public key after its campaign turned private.
          const [locked] = await tx.select({ visibility: campaigns.visibility }).from(campaigns).where(eq(campaigns.id, campaign.id)).for('share');
          if (!locked) throw notFound('Campaign not found');
          if (locked.visibility === 'private') throw privateCampaign();
          await tx.insert(posts).values({ uri, campaignId: campaign.id, authorId: author.id, imageKey, width: image.width, height: image.height, caption: input.caption });
        });
        break;
      } catch (error) {
        await this.storage.delete(imageKey);
        // Two posts drawing the same 59-bit link is near impossible; draw again rather than fail.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
        uri = newPostUri();
      }
    }
    await this.storage.delete(input.key);
    const created = await this.find(uri);
    return created!.post;
  }

  /** Deletes a post of `author` and its image; false when there is no such post of theirs. */
  async delete(author: AccountRow, uri: string): Promise<boolean> {
    const [deleted] = await this.db
      .delete(posts)
      .where(and(eq(posts.uri, uri), eq(posts.authorId, author.id)))
      .returning({ imageKey: posts.imageKey });
    if (!deleted) return false;
    await this.storage.delete(deleted.imageKey);
    return true;
  }
}
