/**
 * A creator's public profile (under /api/v2, signed). Unknown and suspended usernames answer 404 NOT_FOUND.
 *
 *   GET /profiles/:username             → { data: CreatorProfile }
 *   GET /profiles/:username/campaigns   → { data: { items: CampaignSummary[], page, limit, total } }  public campaigns, newest first
 *   GET /profiles/:username/posts       → { data: { items: Post[], page, limit, total } }             posts made with public campaigns, newest first
 */
import { z } from 'zod';
import { campaignListQuery } from './campaign.ts';
import { post } from './post.ts';

/**
 * A username as a link carries it: letters (any case, read lower-case), digits, `_` and `.`. Looser than the
 * registration rule (contract/accountProfile.ts) so that reserved names given to seeded accounts still resolve.
 */
export const profileParams = z.object({
  username: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_.]+$/, 'Not a username')
    .transform((value) => value.toLowerCase()),
});

export const profileCollection = z.object({
  uri: z.string(),
  title: z.string(),
  description: z.string(),
  /** The collection's cover, else its first public campaign's thumbnail; null when it shows none. */
  coverUrl: z.string().nullable(),
  /** Public campaigns in it (the only ones a visitor sees). */
  campaignsCount: z.number().int().nonnegative(),
});
export type ProfileCollection = z.infer<typeof profileCollection>;

export const creatorProfile = z.object({
  username: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** Null: the site's default banner. */
  bannerUrl: z.string().nullable(),
  bio: z.string(),
  /** An http(s) address or ''. */
  websiteLink: z.string(),
  /** Two-letter country code, or null when not set (WW counts as not set). */
  country: z.string().nullable(),
  createdAt: z.iso.datetime(),
  totals: z.object({
    /** Public campaigns. */
    campaigns: z.number().int().nonnegative(),
    /** Supporters over the public campaigns. */
    supporters: z.number().int().nonnegative(),
    /** Posts made with public campaigns. */
    posts: z.number().int().nonnegative(),
  }),
  /** Public collections, newest first. */
  collections: z.array(profileCollection),
});
export type CreatorProfile = z.infer<typeof creatorProfile>;
export const creatorProfileResponse = z.object({ data: creatorProfile });

export const profileListQuery = campaignListQuery;

export const profilePostListResponse = z.object({
  data: z.object({ items: z.array(post), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export type ProfilePostList = z.infer<typeof profilePostListResponse>['data'];

/** The banner shown when an account has none (public/images): SVG on the page, a 1500×500 JPEG for link previews. */
export const DEFAULT_BANNER_PATH = '/images/default-banner.svg';
export const DEFAULT_BANNER_PREVIEW = { url: '/images/default-banner.jpg', width: 1500, height: 500 } as const;
/** An uploaded banner's and avatar's sizes (server/domain/uploads.ts). */
export const BANNER_SIZE = { width: 1500, height: 500 } as const;
export const AVATAR_SIZE = { width: 512, height: 512 } as const;
