import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Campaign, CampaignSummary } from '../../contract/campaign.ts';
import type { Db } from '../db/database.ts';
import { accounts, campaignFrames, campaigns } from '../db/schema.ts';
import type { FileStorage } from '../storage/storage.ts';

const summaryColumns = {
  id: campaigns.id,
  uri: campaigns.uri,
  type: campaigns.type,
  title: campaigns.title,
  description: campaigns.description,
  thumbnailKey: campaigns.thumbnailKey,
  supportersCount: campaigns.supportersCount,
  createdAt: campaigns.createdAt,
  creatorUsername: accounts.username,
  creatorName: accounts.name,
  creatorAvatarKey: accounts.avatarKey,
};

interface SummaryRow {
  uri: string;
  type: 'frame' | 'background';
  title: string;
  description: string;
  thumbnailKey: string;
  supportersCount: number;
  createdAt: Date;
  creatorUsername: string;
  creatorName: string;
  creatorAvatarKey: string | null;
}

/** One round trip for a campaign, its creator and its frames (a row per frame; no frame row when it has none). */
function readableByUriQuery(db: Db) {
  return db
    .select({
      ...summaryColumns,
      caption: campaigns.caption,
      category: campaigns.category,
      tags: campaigns.tags,
      visibility: campaigns.visibility,
      frame: {
        id: campaignFrames.id,
        position: campaignFrames.position,
        storageKey: campaignFrames.storageKey,
        width: campaignFrames.width,
        height: campaignFrames.height,
        holes: campaignFrames.holes,
      },
    })
    .from(campaigns)
    .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
    .leftJoin(campaignFrames, eq(campaignFrames.campaignId, campaigns.id))
    .where(and(eq(campaigns.uri, sql.placeholder('uri')), ne(campaigns.visibility, 'private')))
    .orderBy(asc(campaignFrames.position))
    .prepare('campaign_readable_by_uri');
}

/**
 * How long a campaign read is served from memory. Kept short because changes made outside this
 * process (other instances, an account deletion's cascade) only show once it has passed; writers in
 * this process call CampaignService.forget.
 */
export const CAMPAIGN_READ_CACHE_MS = 1000;
const CAMPAIGN_READ_CACHE_ENTRIES = 1000;

interface CachedRead {
  expires: number;
  campaign: Promise<Campaign | null>;
}

export class CampaignService {
  private readonly readableByUri;
  /** Insertion order is age order, so the first key is the one to evict. */
  private readonly cachedReads = new Map<string, CachedRead>();

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly readCacheMs: number = CAMPAIGN_READ_CACHE_MS,
  ) {
    this.readableByUri = readableByUriQuery(db);
  }

  private toSummary(row: SummaryRow): CampaignSummary {
    return {
      uri: row.uri,
      type: row.type,
      title: row.title,
      description: row.description,
      thumbnailUrl: this.storage.publicUrl(row.thumbnailKey),
      supportersCount: row.supportersCount,
      creator: {
        username: row.creatorUsername,
        name: row.creatorName,
        avatarUrl: row.creatorAvatarKey ? this.storage.publicUrl(row.creatorAvatarKey) : null,
      },
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Public campaigns, newest first. */
  async listPublic(page: number, limit: number): Promise<{ items: CampaignSummary[]; total: number }> {
    const isPublic = eq(campaigns.visibility, 'public');
    const [rows, totals] = await Promise.all([
      this.db
        .select(summaryColumns)
        .from(campaigns)
        .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
        .where(isPublic)
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(campaigns).where(isPublic),
    ]);
    return { items: rows.map((row) => this.toSummary(row)), total: totals[0]?.total ?? 0 };
  }

  /**
   * A public or unlisted campaign by its URI; null for unknown and private ones. A hot campaign
   * page costs one query per readCacheMs, concurrent misses share it, and unknown URIs are not
   * kept. The result is shared between callers: do not mutate it.
   */
  findReadable(uri: string): Promise<Campaign | null> {
    const now = Date.now();
    const cached = this.cachedReads.get(uri);
    if (cached && cached.expires > now) return cached.campaign;
    this.cachedReads.delete(uri);
    const campaign = this.loadReadable(uri);
    if (this.readCacheMs <= 0) return campaign;
    const oldest = this.cachedReads.size >= CAMPAIGN_READ_CACHE_ENTRIES ? this.cachedReads.keys().next().value : undefined;
    if (oldest !== undefined) this.cachedReads.delete(oldest);
    const entry = { expires: now + this.readCacheMs, campaign };
    this.cachedReads.set(uri, entry);
    const drop = () => {
      if (this.cachedReads.get(uri) === entry) this.cachedReads.delete(uri);
    };
    campaign.then((found) => {
      if (!found) drop();
    }, drop);
    return campaign;
  }

  /** Drops a cached read, so a change this process just wrote shows at once. */
  forget(uri: string): void {
    this.cachedReads.delete(uri);
  }

  private async loadReadable(uri: string): Promise<Campaign | null> {
    const rows = await this.readableByUri.execute({ uri });
    const [row] = rows;
    if (!row) return null;
    return {
      ...this.toSummary(row),
      caption: row.caption,
      category: row.category,
      tags: row.tags,
      visibility: row.visibility,
      frames: rows.flatMap(({ frame }) =>
        frame
          ? [{ id: frame.id, position: frame.position, url: this.storage.publicUrl(frame.storageKey), width: frame.width, height: frame.height, holes: frame.holes }]
          : [],
      ),
    };
  }
}
