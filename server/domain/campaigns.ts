import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Campaign, CampaignSummary } from '../../contract/campaign.ts';
import { hasCreatorPlan } from '../../contract/plan.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaignFrames, campaigns } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import type { HitCounter } from '../infra/hitCounter.ts';
import type { CacheBus } from '../infra/cacheBus.ts';
import { verifyPassword } from '../infra/passwords.ts';
import { assetUrls } from './campaignAssets.ts';
import { campaignListed } from './publicListing.ts';

/**
 * A campaign's list image: its thumbnail, else its first frame. The thumbnail is null from a create, or a change of
 * the first frame or the title, until the campaign-previews job (campaignPreviews.ts) has made it. `table` is the
 * campaigns table's name or alias in the query.
 */
export function thumbnailOrFirstFrameKey(table = '"campaigns"') {
  return sql<string>`coalesce(${sql.raw(`${table}.thumbnail_key`)}, (select f.storage_key from campaign_frames f where f.campaign_id = ${sql.raw(`${table}.id`)} order by f.position limit 1))`;
}

/** What `toCampaignSummary` needs; the creator comes from `accounts` joined on the campaign's creator. */
export const summaryColumns = {
  id: campaigns.id,
  uri: campaigns.uri,
  type: campaigns.type,
  title: campaigns.title,
  description: campaigns.description,
  thumbnailKey: thumbnailOrFirstFrameKey(),
  supportersCount: campaigns.supportersCount,
  createdAt: campaigns.createdAt,
  creatorUsername: accounts.username,
  creatorName: accounts.name,
  creatorAvatarKey: accounts.avatarKey,
};

export interface SummaryRow {
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

/**
 * The listed shape of a campaign row joined with its creator (`summaryColumns`). `urlOf` reads the thumbnail's key:
 * a private campaign's needs a signed URL (assetUrls in campaignAssets.ts); the default suits public keys only.
 */
export function toCampaignSummary(storage: FileStorage, row: SummaryRow, urlOf: (key: string) => string = (key) => storage.publicUrl(key)): CampaignSummary {
  return {
    uri: row.uri,
    type: row.type,
    title: row.title,
    description: row.description,
    thumbnailUrl: urlOf(row.thumbnailKey),
    supportersCount: row.supportersCount,
    creator: {
      username: row.creatorUsername,
      name: row.creatorName,
      avatarUrl: row.creatorAvatarKey ? storage.publicUrl(row.creatorAvatarKey) : null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** One round trip for a campaign of any visibility, its creator and its frames (a row per frame; none when it has none). */
function byUriQuery(db: Db) {
  return db
    .select({
      ...summaryColumns,
      caption: campaigns.caption,
      category: campaigns.category,
      tags: campaigns.tags,
      visibility: campaigns.visibility,
      accessCodeHash: campaigns.accessCodeHash,
      creatorId: campaigns.creatorId,
      ogImageKey: campaigns.ogImageKey,
      ogSquareKey: campaigns.ogSquareKey,
      frameDisplayKey: campaigns.frameDisplayKey,
      hiddenAt: campaigns.hiddenAt,
      creatorSubscription: accounts.subscription,
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
    .where(eq(campaigns.uri, sql.placeholder('uri')))
    .orderBy(asc(campaignFrames.position))
    .prepare('campaign_by_uri');
}

/** A campaign as read, with what access checks need. Shared between callers: do not mutate it. */
export interface CampaignEntry {
  id: string;
  creatorId: string;
  accessCodeHash: string | null;
  /** Whether campaign.ogImageUrl is the generated 1200×630 link preview (campaigns.ogImageKey), not the thumbnail. */
  hasOgImage: boolean;
  /** The generated 600×600 link preview (campaigns.ogSquareKey); null for campaigns whose previews predate it. */
  ogSquareImageUrl: string | null;
  /** Taken down by staff (server/domain/moderation.ts): not found for everyone but staff. */
  hidden: boolean;
  campaign: Campaign;
}

/** Who is reading: the signed-in account and the access code header, if any; ip keys the wrong-code limit. */
export interface CampaignViewer {
  accountId?: string | undefined;
  accessCode?: string | undefined;
  ip?: string | undefined;
  /** Staff (accounts.staff_role) still see a campaign they took down. */
  staff?: boolean | undefined;
}

/**
 * How long a campaign read is served from memory. Kept short because changes no writer announces (an account
 * deletion's cascade, a plan change) only show once it has passed; campaign writers call CampaignService.forget,
 * which drops the entry on every instance through the cache bus.
 */
export const CAMPAIGN_READ_CACHE_MS = 1000;
/** The cache-bus topic of campaign reads; its keys are campaign URIs. */
export const CAMPAIGN_CACHE_TOPIC = 'campaign';
const CAMPAIGN_READ_CACHE_ENTRIES = 1000;
/** Access-code checks per IP (and per account) per window; a correct code is remembered and not counted again. */
export const ACCESS_CODE_CHECKS_MAX = 10;
export const ACCESS_CODE_WINDOW_MS = 15 * 60_000;
const VERIFIED_CODES_MAX = 10_000;

interface CachedRead {
  expires: number;
  entry: Promise<CampaignEntry | null>;
}

/** Public campaigns (of one creator when `creatorId` is given), newest first, with their total. */
export async function listPublicCampaigns(db: Db, storage: FileStorage, page: number, limit: number, creatorId?: string): Promise<{ items: CampaignSummary[]; total: number }> {
  const isPublic = creatorId === undefined ? campaignListed : and(eq(campaigns.creatorId, creatorId), campaignListed);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
      .where(isPublic)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(campaigns).where(isPublic),
  ]);
  return { items: rows.map((row) => toCampaignSummary(storage, row)), total: totals[0]?.total ?? 0 };
}

export class CampaignService {
  private readonly byUri;
  /** Insertion order is age order, so the first key is the one to evict. */
  private readonly cachedReads = new Map<string, CachedRead>();
  /** Digests of (hash, code) pairs that verified: argon2 runs once per code, not on every request carrying it. */
  private readonly verifiedCodes = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly readCacheMs: number = CAMPAIGN_READ_CACHE_MS,
    private readonly hits?: HitCounter,
    /** Where forget is announced, so every instance's (and every service's) cached read goes; without one, this cache only. */
    private readonly bus?: CacheBus,
  ) {
    this.byUri = byUriQuery(db);
    bus?.subscribe(CAMPAIGN_CACHE_TOPIC, (uri) => this.cachedReads.delete(uri));
  }

  /** Public campaigns, newest first. */
  listPublic(page: number, limit: number): Promise<{ items: CampaignSummary[]; total: number }> {
    return listPublicCampaigns(this.db, this.storage, page, limit);
  }

  /** One creator's campaigns of every visibility, newest first, with their visit counts. */
  async listOwn(creatorId: string, page: number, limit: number) {
    const own = eq(campaigns.creatorId, creatorId);
    const [rows, totals] = await Promise.all([
      this.db
        .select({ ...summaryColumns, visibility: campaigns.visibility, visitsCount: campaigns.visitsCount, hiddenAt: campaigns.hiddenAt })
        .from(campaigns)
        .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
        .where(own)
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(campaigns).where(own),
    ]);
    const urlOf = await assetUrls(this.storage, rows.map((row) => row.thumbnailKey));
    return { items: rows.map((row) => ({ ...toCampaignSummary(this.storage, row, urlOf), visibility: row.visibility, visitsCount: row.visitsCount, takenDown: row.hiddenAt !== null })), total: totals[0]?.total ?? 0 };
  }

  /**
   * A campaign of any visibility by its URI, without access checks (use read for visitors). A hot campaign
   * page costs one query per readCacheMs, concurrent misses share it, and unknown URIs are not kept.
   */
  find(uri: string): Promise<CampaignEntry | null> {
    const now = Date.now();
    const cached = this.cachedReads.get(uri);
    if (cached && cached.expires > now) return cached.entry;
    this.cachedReads.delete(uri);
    const entry = this.load(uri);
    if (this.readCacheMs <= 0) return entry;
    const oldest = this.cachedReads.size >= CAMPAIGN_READ_CACHE_ENTRIES ? this.cachedReads.keys().next().value : undefined;
    if (oldest !== undefined) this.cachedReads.delete(oldest);
    const cachedEntry = { expires: now + this.readCacheMs, entry };
    this.cachedReads.set(uri, cachedEntry);
    const drop = () => {
      if (this.cachedReads.get(uri) === cachedEntry) this.cachedReads.delete(uri);
    };
    entry.then((found) => {
      if (!found) drop();
    }, drop);
    return entry;
  }

  /** A public or unlisted campaign by its URI; null for unknown and private ones. */
  async findReadable(uri: string): Promise<Campaign | null> {
    const entry = await this.find(uri);
    return entry && entry.campaign.visibility !== 'private' && !entry.hidden ? entry.campaign : null;
  }

  /**
   * The campaign as this viewer may see it: 404 when unknown; a private one only for its owner or with
   * its access code (403 ACCESS_CODE_REQUIRED without one, ACCESS_CODE_INVALID for a wrong one).
   */
  async read(uri: string, viewer: CampaignViewer): Promise<CampaignEntry> {
    const entry = await this.find(uri);
    if (!entry || (entry.hidden && !viewer.staff)) throw notFound('Campaign not found');
    if (entry.campaign.visibility !== 'private' || (viewer.accountId !== undefined && viewer.accountId === entry.creatorId)) return entry;
    if (!viewer.accessCode) throw new DomainError('ACCESS_CODE_REQUIRED', 'This campaign is private; enter its access code');
    if (!(await this.codeMatches(entry, viewer))) throw new DomainError('ACCESS_CODE_INVALID', 'The access code is not correct');
    return entry;
  }

  private async codeMatches(entry: CampaignEntry, viewer: CampaignViewer): Promise<boolean> {
    const code = viewer.accessCode?.trim() ?? '';
    if (!entry.accessCodeHash || !code) return false;
    const memo = createHash('sha256').update(`${entry.accessCodeHash}\n${code}`).digest('base64url');
    if (this.verifiedCodes.has(memo)) return true;
    if (this.hits) {
      const keys = [`campaign-access:ip:${viewer.ip ?? 'unknown'}`, ...(viewer.accountId ? [`campaign-access:account:${viewer.accountId}`] : [])];
      for (const key of keys) {
        const { count: attempts, resetInMs } = await this.hits.hit(key, ACCESS_CODE_WINDOW_MS);
        if (attempts > ACCESS_CODE_CHECKS_MAX) throw new DomainError('RATE_LIMITED', `Too many access code attempts; retry in ${Math.max(1, Math.ceil(resetInMs / 1000))} s`);
      }
    }
    if (!(await verifyPassword(entry.accessCodeHash, code))) return false;
    if (this.verifiedCodes.size >= VERIFIED_CODES_MAX) this.verifiedCodes.clear();
    this.verifiedCodes.add(memo);
    return true;
  }

  /** Drops a cached read here and, through the bus, everywhere, so a change just written shows at once. */
  forget(uri: string): void {
    if (this.bus) this.bus.invalidate(CAMPAIGN_CACHE_TOPIC, uri);
    else this.cachedReads.delete(uri);
  }

  private async load(uri: string): Promise<CampaignEntry | null> {
    const rows = await this.byUri.execute({ uri });
    const [row] = rows;
    if (!row) return null;
    // Signed here, for everyone read() lets through: the entry is cached for a second, well within the URLs' life.
    const urlOf = await assetUrls(this.storage, [row.thumbnailKey, row.ogImageKey, row.ogSquareKey, row.frameDisplayKey, ...rows.map(({ frame }) => frame?.storageKey)]);
    return {
      id: row.id,
      creatorId: row.creatorId,
      accessCodeHash: row.accessCodeHash,
      hasOgImage: row.ogImageKey !== null,
      ogSquareImageUrl: row.ogSquareKey ? urlOf(row.ogSquareKey) : null,
      hidden: row.hiddenAt !== null,
      campaign: {
        ...toCampaignSummary(this.storage, row, urlOf),
        caption: row.caption,
        category: row.category,
        tags: row.tags,
        visibility: row.visibility,
        frames: rows.flatMap(({ frame }) =>
          frame
            ? [{ id: frame.id, position: frame.position, url: urlOf(frame.storageKey), width: frame.width, height: frame.height, holes: frame.holes }]
            : [],
        ),
        firstFrameDisplayUrl: row.frameDisplayKey ? urlOf(row.frameDisplayKey) : null,
        premium: hasCreatorPlan(row.creatorSubscription?.plan),
        ogImageUrl: urlOf(row.ogImageKey ?? row.thumbnailKey),
      },
    };
  }
}
