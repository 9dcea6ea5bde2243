import { z } from 'zod';

export const campaignTypes = ['frame', 'background'] as const;
export const campaignVisibilities = ['public', 'unlisted', 'private'] as const;
export type CampaignType = (typeof campaignTypes)[number];
export type CampaignVisibility = (typeof campaignVisibilities)[number];

export const campaignCreator = z.object({
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

/** A campaign as listed (explore, home, profiles). */
export const campaignSummary = z.object({
  uri: z.string(),
  type: z.enum(campaignTypes),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string(),
  supportersCount: z.number().int().nonnegative(),
  creator: campaignCreator,
  createdAt: z.iso.datetime(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

/** A transparent region of a frame where the supporter's photo shows, in frame pixels. */
export const frameHole = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type FrameHole = z.infer<typeof frameHole>;

export const campaignFrame = z.object({
  id: z.string(),
  position: z.number().int().nonnegative(),
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  holes: z.array(frameHole),
});
export type CampaignFrame = z.infer<typeof campaignFrame>;

export const campaign = campaignSummary.extend({
  caption: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  visibility: z.enum(campaignVisibilities),
  frames: z.array(campaignFrame),
  /**
   * The first frame at display size (WebP, contract/frameImageSources.ts), which pages offer beside its PNG; null
   * until the campaign-previews job has made it.
   */
  firstFrameDisplayUrl: z.string().nullable(),
  /** The creator has the creator plan: results carry no watermark for anyone (contract/plan.ts). */
  premium: z.boolean(),
  /** Where link previews point (server-generated 1200×630 image). */
  ogImageUrl: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

export const CAMPAIGN_PAGE_SIZE_DEFAULT = 10;
export const CAMPAIGN_PAGE_SIZE_MAX = 50;

export const campaignListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_PAGE_SIZE_MAX).default(CAMPAIGN_PAGE_SIZE_DEFAULT),
});
export type CampaignListQuery = z.infer<typeof campaignListQuery>;

export const campaignListResponse = z.object({
  data: z.object({
    items: z.array(campaignSummary),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});
export type CampaignListResponse = z.infer<typeof campaignListResponse>;

export const campaignUriParams = z.object({
  // No control characters: no stored link has one, and PostgreSQL refuses a NUL in a query (a 500, found by the API fuzz).
  uri: z.string().min(1).max(120).regex(/^\P{Cc}+$/u, 'Not a campaign link'),
});

export const campaignResponse = z.object({ data: campaign });
export type CampaignResponse = z.infer<typeof campaignResponse>;
