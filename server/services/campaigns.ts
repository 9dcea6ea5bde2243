import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
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

export class CampaignService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

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

  /** A public or unlisted campaign by its URI; null for unknown and private ones. */
  async findReadable(uri: string): Promise<Campaign | null> {
    const [row] = await this.db
      .select({ ...summaryColumns, caption: campaigns.caption, category: campaigns.category, tags: campaigns.tags, visibility: campaigns.visibility })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
      .where(and(eq(campaigns.uri, uri), ne(campaigns.visibility, 'private')))
      .limit(1);
    if (!row) return null;
    const frames = await this.db
      .select()
      .from(campaignFrames)
      .where(eq(campaignFrames.campaignId, row.id))
      .orderBy(asc(campaignFrames.position));
    return {
      ...this.toSummary(row),
      caption: row.caption,
      category: row.category,
      tags: row.tags,
      visibility: row.visibility,
      frames: frames.map((frame) => ({
        id: frame.id,
        position: frame.position,
        url: this.storage.publicUrl(frame.storageKey),
        width: frame.width,
        height: frame.height,
        holes: frame.holes,
      })),
    };
  }
}
