/**
 * Posts: a result a supporter chose to publish (all under /api/v2, signed; writes need an account).
 *
 *   POST   /posts/presigned   → { data: PresignedUpload }   body { contentType: 'image/jpeg' | 'image/png' | 'image/webp' }
 *     then PUT the result to data.url, then
 *   POST   /posts             → 201 { data: Post }           body PostCreateBody; the image must have the size of one
 *                                                            of the campaign's frames (× 1 or × 2); checked with sharp
 *   GET    /posts/:uri        → { data: Post }               404 NOT_FOUND when unknown or deleted
 *   DELETE /posts/:uri        → 204                          the author only (404 for anyone else)
 */
import { z } from 'zod';
import { campaignSummary } from './campaign.ts';
import { CAMPAIGN_LIMITS } from './campaignWrite.ts';

export const POST_MAX_BYTES = 10 * 1024 * 1024;

export const postPresignBody = z.strictObject({ contentType: z.enum(['image/jpeg', 'image/png', 'image/webp'], 'Results must be JPEG, PNG or WebP') });

export const postUploadKey = z
  .string()
  .max(300)
  .regex(/^uploads\/post(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/, 'Not a post upload of this site');

export const postCreateBody = z.strictObject({
  campaignUri: z.string().min(1).max(120),
  key: postUploadKey,
  caption: z.string().trim().max(CAMPAIGN_LIMITS.captionMax, `The caption must be at most ${CAMPAIGN_LIMITS.captionMax} characters`).default(''),
});
export type PostCreateBody = z.input<typeof postCreateBody>;

export const postUriParams = z.object({ uri: z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, 'Not a post link') });

export const post = z.object({
  uri: z.string(),
  imageUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  caption: z.string(),
  author: z.object({ username: z.string(), name: z.string(), avatarUrl: z.string().nullable() }),
  campaign: campaignSummary,
  createdAt: z.iso.datetime(),
});
export type Post = z.infer<typeof post>;
export const postResponse = z.object({ data: post });
