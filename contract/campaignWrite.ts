/**
 * Campaign writes and the supporter's side of the loop (all under /api/v2, signed):
 *
 *   GET    /campaigns/uri-availability?uri=     → { data: UriAvailability }           (no account needed)
 *   POST   /campaigns/frames/presigned          → { data: PresignedUpload }            (account; body { contentType: 'image/png' })
 *     then PUT the PNG to data.url (signed storage URL), then
 *   POST   /campaigns/frames/check               → { data: CheckedFrame }               (account; body { key, type }: sharp re-check + holes)
 *   POST   /campaigns                            → 201 { data: ManagedCampaign }        (account; CampaignCreateBody)
 *   GET    /campaigns/:uri/manage                → { data: ManagedCampaign }            (owner only; 404 for anyone else)
 *   PATCH  /campaigns/:uri                       → { data: ManagedCampaign }            (owner only; CampaignUpdateBody)
 *   DELETE /campaigns/:uri                       → 204                                  (owner only)
 *   GET    /account/campaigns?page&limit         → CampaignListResponse                 (account; own campaigns, every visibility)
 *   POST   /campaigns/:uri/access                → { data: Campaign }                   (private campaigns; body { code })
 *   POST   /campaigns/:uri/visits                → 204                                  (a campaign page view; once per fingerprint per 30 min)
 *   GET    /campaigns/:uri/support-token         → { data: SupportToken }               (the support page's token; no-store)
 *   POST   /campaigns/:uri/supports              → { data: SupportResult }              (once per person: account or fingerprint; docs/COUNTS.md)
 *
 * Private campaigns: GET /campaigns/:uri answers 403 ACCESS_CODE_REQUIRED unless the request carries the
 * access code in the `x-campaign-access` header (wrong code: 403 ACCESS_CODE_INVALID) or comes from the owner.
 * Every route that takes :uri of a private campaign accepts the same header.
 */
import { z } from 'zod';
import { campaign, campaignFrame, campaignSummary, campaignTypes, campaignVisibilities, frameHole } from './campaign.ts';
import { campaignUriField, type CampaignUriProblem } from './campaignUri.ts';

export { CAMPAIGN_ACCESS_HEADER } from './campaignAccess.ts';

export const CAMPAIGN_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  descriptionMax: 2000,
  captionMax: 2000,
  tagsMax: 10,
  tagMax: 30,
  /** Frames per campaign: 1 on the free plan, up to framesMax on the creator plan. */
  framesFree: 1,
  framesMax: 10,
  accessCodeMin: 4,
  accessCodeMax: 32,
  /** Frame PNGs: bytes and pixels a side. */
  frameMaxBytes: 10 * 1024 * 1024,
  frameMinSide: 500,
  frameMaxSide: 4096,
  /** A `frame` campaign's PNG needs at least this share of transparent pixels (alpha < 128). */
  frameMinTransparentShare: 0.05,
} as const;

export const campaignCategories = [
  'celebration',
  'national-day',
  'sports',
  'social',
  'decorative',
  'government-politics',
  'education',
  'religion',
  'charity',
  'health',
  'business',
  'entertainment',
  'other',
] as const;
export type CampaignCategory = (typeof campaignCategories)[number];

export const uriAvailabilityQuery = z.object({ uri: z.string().max(200) });
export interface UriAvailability {
  uri: string;
  available: boolean;
  /** Why not, when not available. */
  reason?: CampaignUriProblem;
}
export const uriAvailabilityResponse = z.object({
  data: z.object({ uri: z.string(), available: z.boolean(), reason: z.enum(['invalid', 'reserved', 'taken']).optional() }),
});

/** POST /campaigns/frames/presigned */
export const framePresignBody = z.strictObject({ contentType: z.literal('image/png', 'Frames must be PNG images') });

/** A raw frame upload of this account (see contract/accountProfile.ts uploadKey). */
export const frameUploadKey = z
  .string()
  .max(300)
  .regex(/^uploads\/frame(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/, 'Not a frame upload of this site');

/** POST /campaigns/frames/check */
export const frameCheckBody = z.strictObject({ key: frameUploadKey, type: z.enum(campaignTypes) });
export const checkedFrame = z.object({
  key: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  holes: z.array(frameHole),
  /** Share of transparent pixels, 0..1. */
  transparentShare: z.number().min(0).max(1),
});
export type CheckedFrame = z.infer<typeof checkedFrame>;
export const frameCheckResponse = z.object({ data: checkedFrame });

/** A frame in a create or update: a kept frame by id, or a new upload by key. Order = position. */
export const frameRef = z.union([z.strictObject({ id: z.uuid() }), z.strictObject({ key: frameUploadKey })]);
export type FrameRef = z.infer<typeof frameRef>;

const title = z.string().trim().min(CAMPAIGN_LIMITS.titleMin, `The title must be at least ${CAMPAIGN_LIMITS.titleMin} characters`).max(CAMPAIGN_LIMITS.titleMax, `The title must be at most ${CAMPAIGN_LIMITS.titleMax} characters`);
const description = z.string().trim().max(CAMPAIGN_LIMITS.descriptionMax, `The description must be at most ${CAMPAIGN_LIMITS.descriptionMax} characters`);
const caption = z.string().trim().max(CAMPAIGN_LIMITS.captionMax, `The caption must be at most ${CAMPAIGN_LIMITS.captionMax} characters`);
const tags = z
  .array(z.string().trim().toLowerCase().min(1).max(CAMPAIGN_LIMITS.tagMax, `Tags must be at most ${CAMPAIGN_LIMITS.tagMax} characters`).regex(/^[\p{L}\p{N}_-]+$/u, 'Tags are single words (letters, digits, - and _)'))
  .max(CAMPAIGN_LIMITS.tagsMax, `At most ${CAMPAIGN_LIMITS.tagsMax} tags`);
const accessCode = z
  .string()
  .trim()
  .min(CAMPAIGN_LIMITS.accessCodeMin, `The access code must be at least ${CAMPAIGN_LIMITS.accessCodeMin} characters`)
  .max(CAMPAIGN_LIMITS.accessCodeMax, `The access code must be at most ${CAMPAIGN_LIMITS.accessCodeMax} characters`);
const frames = z.array(frameRef).min(1, 'Add at least one frame').max(CAMPAIGN_LIMITS.framesMax, `At most ${CAMPAIGN_LIMITS.framesMax} frames`);

/** The field rules both bodies share: the create form checks its fields with these before sending. */
export const campaignFields = { title, description, caption, tags, accessCode, frames } as const;

/**
 * POST /campaigns. More than one frame and visibility other than public need the creator plan
 * (403 PLAN_REQUIRED). A private campaign needs an access code.
 */
export const campaignCreateBody = z
  .strictObject({
    type: z.enum(campaignTypes),
    uri: campaignUriField,
    title,
    description: description.default(''),
    caption: caption.default(''),
    category: z.enum(campaignCategories).default('other'),
    tags: tags.default([]),
    visibility: z.enum(campaignVisibilities).default('public'),
    accessCode: accessCode.optional(),
    frames: frames.refine((list) => list.every((ref) => 'key' in ref), 'A new campaign takes new uploads only'),
  })
  .refine((body) => body.visibility !== 'private' || body.accessCode !== undefined, { message: 'A private campaign needs an access code', path: ['accessCode'] });
export type CampaignCreateBody = z.input<typeof campaignCreateBody>;

/**
 * PATCH /campaigns/:uri: any of the fields. `frames`, when sent, is the whole new ordered list: frames not
 * named are removed, `{ key }` entries are added (a replaced frame is a removal plus an addition).
 * `accessCode` sets a new code; it is required when switching to private.
 */
export const campaignUpdateBody = z
  .strictObject({
    uri: campaignUriField.optional(),
    title: title.optional(),
    description: description.optional(),
    caption: caption.optional(),
    category: z.enum(campaignCategories).optional(),
    tags: tags.optional(),
    visibility: z.enum(campaignVisibilities).optional(),
    accessCode: accessCode.optional(),
    frames: frames.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to update');
export type CampaignUpdateBody = z.input<typeof campaignUpdateBody>;

/** What the owner sees: the campaign plus its counters. */
export const managedCampaign = campaign.extend({
  visitsCount: z.number().int().nonnegative(),
  postsCount: z.number().int().nonnegative(),
  hasAccessCode: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type ManagedCampaign = z.infer<typeof managedCampaign>;
export const managedCampaignResponse = z.object({ data: managedCampaign });

export const campaignAccessBody = z.strictObject({ code: z.string().trim().min(1, 'Enter the access code').max(CAMPAIGN_LIMITS.accessCodeMax) });

/** Longer than any token the server issues (about 70 characters), short enough to refuse junk. */
const SUPPORT_TOKEN_MAX = 200;

/** GET /campaigns/:uri/support-token: the page token an anonymous support carries (docs/COUNTS.md). */
export const supportToken = z.object({ token: z.string().min(1).max(SUPPORT_TOKEN_MAX), expiresInSeconds: z.number().int().positive() });
export type SupportToken = z.infer<typeof supportToken>;
export const supportTokenResponse = z.object({ data: supportToken });

/**
 * POST /campaigns/:uri/supports: which frame was used (optional, for the creator's statistics), and the page
 * token (needed for an anonymous support to count).
 */
export const supportBody = z.strictObject({ frameId: z.uuid().optional(), pageToken: z.string().min(1).max(SUPPORT_TOKEN_MAX).optional() }).default({});
export const supportResult = z.object({
  /** False when not counted: this person was counted already, or the support did not pass the filters of docs/COUNTS.md. */
  counted: z.boolean(),
  supportersCount: z.number().int().nonnegative(),
});
export type SupportResult = z.infer<typeof supportResult>;
export const supportResponse = z.object({ data: supportResult });

export { campaignFrame };

/** GET /account/campaigns: the signed-in creator's own campaigns, newest first, every visibility. */
export const ownCampaignSummary = campaignSummary.extend({
  visibility: z.enum(campaignVisibilities),
  visitsCount: z.number().int().nonnegative(),
  /** Taken down by staff: its page is not found and it is out of every list; only its creator sees it here. */
  takenDown: z.boolean().optional(),
});
export type OwnCampaignSummary = z.infer<typeof ownCampaignSummary>;
export const ownCampaignListResponse = z.object({
  data: z.object({ items: z.array(ownCampaignSummary), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
