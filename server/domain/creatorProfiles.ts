import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CampaignSummary } from '../../contract/campaign.ts';
import type { CreatorProfile, ProfileCollection } from '../../contract/creatorProfile.ts';
import type { Post } from '../../contract/post.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, collectionCampaigns, collections, campaigns, posts } from '../infra/db/schema.ts';
import { isPublicKey, type FileStorage } from '../infra/storage/storage.ts';
import { assetUrls } from './campaignAssets.ts';
import { listPublicCampaigns, summaryColumns, toCampaignSummary } from './campaigns.ts';
import { accountListed, campaignListed, campaignListedSql } from './publicListing.ts';

/** Public collections shown on a profile, newest first. */
export const PROFILE_COLLECTIONS_MAX = 50;

export interface Page<T> {
  items: T[];
  total: number;
}

/** What a profile's link preview needs beyond the profile itself. */
export interface ProfileRecord {
  profile: CreatorProfile;
  /** The avatar's and banner's storage keys (link previews prefer the banner's 1500×500 over a small avatar). */
  bannerKey: string | null;
  avatarKey: string | null;
}

/**
 * A creator's public profile: who they are, their public campaigns, public collections and posts. Unknown and
 * suspended accounts read as null. Only public campaigns count anywhere: unlisted ones are reachable by their link
 * only, private ones by their code.
 */
export class CreatorProfileService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  private async accountOf(username: string) {
    const [row] = await this.db
      .select({
        id: accounts.id,
        username: accounts.username,
        name: accounts.name,
        avatarKey: accounts.avatarKey,
        bannerKey: accounts.bannerKey,
        bio: accounts.bio,
        websiteLink: accounts.websiteLink,
        country: accounts.country,
        createdAt: accounts.createdAt,
      })
      .from(accounts)
      .where(and(eq(accounts.username, username.toLowerCase()), accountListed))
      .limit(1);
    return row ?? null;
  }

  async find(username: string): Promise<ProfileRecord | null> {
    const account = await this.accountOf(username);
    if (!account) return null;
    const isPublic = and(eq(campaigns.creatorId, account.id), campaignListed);
    const [[campaignTotals], [postTotals], collectionList] = await Promise.all([
      this.db
        .select({ campaigns: count(), supporters: sql<number>`coalesce(sum(${campaigns.supportersCount}), 0)::int` })
        .from(campaigns)
        .where(isPublic),
      this.db
        .select({ posts: count() })
        .from(posts)
        .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
        .where(and(eq(posts.authorId, account.id), campaignListed, isNull(posts.hiddenAt))),
      this.collectionsOf(account.id),
    ]);
    const website = /^https?:\/\//i.test(account.websiteLink) ? account.websiteLink : '';
    return {
      bannerKey: account.bannerKey,
      avatarKey: account.avatarKey,
      profile: {
        username: account.username,
        name: account.name,
        avatarUrl: account.avatarKey ? this.storage.publicUrl(account.avatarKey) : null,
        bannerUrl: account.bannerKey ? this.storage.publicUrl(account.bannerKey) : null,
        bio: account.bio,
        websiteLink: website,
        country: account.country && /^[A-Z]{2}$/.test(account.country) && account.country !== 'WW' ? account.country : null,
        createdAt: account.createdAt.toISOString(),
        totals: { campaigns: campaignTotals?.campaigns ?? 0, supporters: campaignTotals?.supporters ?? 0, posts: postTotals?.posts ?? 0 },
        collections: collectionList,
      },
    };
  }

  /**
   * Public collections with their count of public campaigns and, without a cover, the first public one's thumbnail.
   * (The outer column is spelled out: drizzle leaves a column unqualified in a single-table select, and inside the
   * subqueries a bare "id" would be the campaign's.)
   */
  private async collectionsOf(creatorId: string): Promise<ProfileCollection[]> {
    const rows = await this.db
      .select({
        uri: collections.uri,
        title: collections.title,
        description: collections.description,
        coverKey: collections.coverKey,
        campaignsCount: sql<number>`(select count(*)::int from ${collectionCampaigns} cc join ${campaigns} c on c.id = cc.campaign_id
          where cc.collection_id = "collections"."id" and ${campaignListedSql('c')})`,
        firstThumbnailKey: sql<string | null>`(select c.thumbnail_key from ${collectionCampaigns} cc join ${campaigns} c on c.id = cc.campaign_id
          where cc.collection_id = "collections"."id" and c.visibility = 'public' and c.hidden_at is null order by cc.position asc limit 1)`,
      })
      .from(collections)
      .where(and(eq(collections.creatorId, creatorId), eq(collections.visibility, 'public')))
      .orderBy(desc(collections.createdAt), desc(collections.id))
      .limit(PROFILE_COLLECTIONS_MAX);
    return rows.map((row) => {
      const cover = row.coverKey && isPublicKey(row.coverKey) ? row.coverKey : row.firstThumbnailKey;
      return {
        uri: row.uri,
        title: row.title,
        description: row.description,
        coverUrl: cover ? this.storage.publicUrl(cover) : null,
        campaignsCount: row.campaignsCount,
      };
    });
  }

  /** Public campaigns, newest first; null for an unknown or suspended account. */
  async campaigns(username: string, page: number, limit: number): Promise<Page<CampaignSummary> | null> {
    const account = await this.accountOf(username);
    if (!account) return null;
    return listPublicCampaigns(this.db, this.storage, page, limit, account.id);
  }

  /** Posts the creator made with public campaigns, newest first; null for an unknown or suspended account. */
  async posts(username: string, page: number, limit: number): Promise<Page<Post> | null> {
    const account = await this.accountOf(username);
    if (!account) return null;
    const theirs = and(eq(posts.authorId, account.id), eq(campaigns.visibility, 'public'), isNull(campaigns.hiddenAt), isNull(posts.hiddenAt));
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({
          uri: posts.uri,
          imageKey: posts.imageKey,
          width: posts.width,
          height: posts.height,
          caption: posts.caption,
          createdAt: posts.createdAt,
          campaign: summaryColumns,
        })
        .from(posts)
        .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
        .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
        .where(theirs)
        .orderBy(desc(posts.createdAt), asc(posts.uri))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(posts).innerJoin(campaigns, eq(campaigns.id, posts.campaignId)).where(theirs),
    ]);
    const urlOf = await assetUrls(this.storage, rows.map((row) => row.imageKey));
    const author = { username: account.username, name: account.name, avatarUrl: account.avatarKey ? this.storage.publicUrl(account.avatarKey) : null };
    return {
      items: rows.map((row) => ({
        uri: row.uri,
        imageUrl: urlOf(row.imageKey),
        width: row.width,
        height: row.height,
        caption: row.caption,
        author,
        campaign: toCampaignSummary(this.storage, row.campaign),
        createdAt: row.createdAt.toISOString(),
      })),
      total: totals?.total ?? 0,
    };
  }
}
