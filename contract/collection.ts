/**
 * Collections: a creator's ordered group of campaigns at /c/{uri} (all under /api/v2, signed):
 *
 *   GET    /collections/uri-availability?uri=    → { data: UriAvailability }          (no account needed)
 *   POST   /collections/presigned                → { data: PresignedUpload }          (account; body { contentType }: the cover)
 *     then PUT the image to data.url, then name data.key as `cover` in a create or update
 *   POST   /collections                          → 201 { data: Collection }            (account; CollectionCreateBody)
 *   GET    /collections/:uri                     → { data: Collection }                (anyone with the link; 404 when unknown)
 *   PATCH  /collections/:uri                     → { data: Collection }                (owner only: 403 for anyone else; CollectionUpdateBody)
 *   DELETE /collections/:uri                     → 204                                 (owner only: 403 for anyone else)
 *   GET    /account/collections?page&limit       → CollectionListResponse              (account; own collections, public and unlisted)
 *   GET    /account/collection-candidates?q&limit → { data: { items: CollectionCandidate[] } } (account; campaigns that may be added)
 *
 * A collection's link follows the campaign link rule (contract/campaignUri.ts) and is unique among collections.
 * An unlisted collection opens by its link but is never listed. Only public campaigns, or the creator's own of any
 * visibility, can be added; visitors see only the public ones, the owner also their own unlisted and private ones.
 */
import { z } from 'zod';
import { uploadImageType } from './accountProfile.ts';
import { campaignCreator, campaignListQuery, campaignSummary, campaignVisibilities } from './campaign.ts';
import { CAMPAIGN_URI_MAX, CAMPAIGN_URI_PATTERN, campaignUriField } from './campaignUri.ts';

export const collectionVisibilities = ['public', 'unlisted'] as const;
export type CollectionVisibility = (typeof collectionVisibilities)[number];

export const COLLECTION_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  descriptionMax: 1000,
  /** Campaigns in one collection. */
  campaignsMax: 100,
  /** Candidates one search answers with. */
  candidatesMax: 20,
  queryMax: 100,
} as const;

/** POST /collections/presigned: the content type of the cover to upload (checked again by content on use). */
export const collectionCoverPresignBody = z.strictObject({ contentType: uploadImageType });

/** A raw cover upload of this account. */
export const collectionCoverKey = z
  .string()
  .max(300)
  .regex(/^uploads\/collection(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/, 'Not a collection cover upload of this site');

/** A campaign named by its link; the server decides whether it may be added. */
const campaignRef = z.string().trim().min(1).max(120).regex(/^\P{Cc}+$/u, 'Not a campaign link');
const campaignRefs = z
  .array(campaignRef)
  .max(COLLECTION_LIMITS.campaignsMax, `A collection holds at most ${COLLECTION_LIMITS.campaignsMax} campaigns`)
  .refine((list) => new Set(list).size === list.length, 'A campaign can be in a collection only once');

const title = z
  .string()
  .trim()
  .min(COLLECTION_LIMITS.titleMin, `The title must be at least ${COLLECTION_LIMITS.titleMin} characters`)
  .max(COLLECTION_LIMITS.titleMax, `The title must be at most ${COLLECTION_LIMITS.titleMax} characters`);
const description = z.string().trim().max(COLLECTION_LIMITS.descriptionMax, `The description must be at most ${COLLECTION_LIMITS.descriptionMax} characters`);

/** The field rules both bodies share: the form checks its fields with these before sending. */
export const collectionFields = { uri: campaignUriField, title, description } as const;

/** POST /collections. `campaigns` is the ordered list of campaign links. */
export const collectionCreateBody = z.strictObject({
  uri: campaignUriField,
  title,
  description: description.default(''),
  visibility: z.enum(collectionVisibilities).default('public'),
  cover: collectionCoverKey.optional(),
  campaigns: campaignRefs.default([]),
});
export type CollectionCreateBody = z.input<typeof collectionCreateBody>;

/**
 * PATCH /collections/:uri: any of the fields. `cover: null` goes back to the first campaign's thumbnail.
 * `campaigns`, when sent, is the whole new order of the campaigns the owner sees: those not named are removed.
 */
export const collectionUpdateBody = z
  .strictObject({
    uri: campaignUriField.optional(),
    title: title.optional(),
    description: description.optional(),
    visibility: z.enum(collectionVisibilities).optional(),
    cover: collectionCoverKey.nullable().optional(),
    campaigns: campaignRefs.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to update');
export type CollectionUpdateBody = z.input<typeof collectionUpdateBody>;

export const collectionUriParams = z.object({
  uri: z.string().min(1).max(CAMPAIGN_URI_MAX).regex(CAMPAIGN_URI_PATTERN, 'Not a collection link'),
});

/** A campaign as a collection shows it: visitors only ever get public ones. */
export const collectionCampaign = campaignSummary.extend({ visibility: z.enum(campaignVisibilities) });
export type CollectionCampaign = z.infer<typeof collectionCampaign>;

/** A collection as listed. `coverUrl` is the cover, else the first shown campaign's thumbnail, else null. */
export const collectionSummary = z.object({
  uri: z.string(),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(collectionVisibilities),
  coverUrl: z.string().nullable(),
  creator: campaignCreator,
  campaignsCount: z.number().int().nonnegative(),
  /** The sum of the shown campaigns' supporters. */
  supportersCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CollectionSummary = z.infer<typeof collectionSummary>;

export const collection = collectionSummary.extend({
  /** Whether coverUrl is an uploaded cover (not a campaign's thumbnail). */
  hasCover: z.boolean(),
  /** Whether the reader is the collection's creator. */
  isOwner: z.boolean(),
  campaigns: z.array(collectionCampaign),
});
export type Collection = z.infer<typeof collection>;
export const collectionResponse = z.object({ data: collection });

export const collectionListQuery = campaignListQuery;
export const collectionListResponse = z.object({
  data: z.object({ items: z.array(collectionSummary), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

/** GET /account/collection-candidates: campaigns whose title contains `q` (all of them when empty). */
export const collectionCandidateQuery = z.object({
  q: z.string().trim().max(COLLECTION_LIMITS.queryMax).regex(/^\P{Cc}*$/u, 'Not a search text').default(''),
  limit: z.coerce.number().int().min(1).max(COLLECTION_LIMITS.candidatesMax).default(COLLECTION_LIMITS.candidatesMax),
});
export const collectionCandidate = collectionCampaign.extend({ own: z.boolean() });
export type CollectionCandidate = z.infer<typeof collectionCandidate>;
export const collectionCandidateResponse = z.object({ data: z.object({ items: z.array(collectionCandidate) }) });
