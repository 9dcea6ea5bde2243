import { and, asc, count, desc, eq, ilike, inArray, isNull, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { campaignUriProblem } from '../../contract/campaignUri.ts';
import type { UriAvailability } from '../../contract/campaignWrite.ts';
import type { Collection, CollectionCandidate, CollectionSummary, CollectionVisibility } from '../../contract/collection.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, campaigns, collectionCampaigns, collections } from '../infra/db/schema.ts';
import { isUniqueViolation } from '../infra/db/uniqueViolation.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { AccountRow } from './accounts.ts';
import { assetUrls, deleteObjects } from './campaignAssets.ts';
import { summaryColumns, thumbnailOrFirstFrameKey, toCampaignSummary } from './campaigns.ts';
import { adoptImageUpload } from './uploads.ts';

/** Where an account's processed collection covers live; public, like avatars. */
export const coverFolder = (accountUuid: string) => `public/collections/${accountUuid}`;

const uriTaken = () => new DomainError('URI_TAKEN', 'This link is already taken by another collection; choose another', { uri: 'Taken' });
const notOwner = () => new DomainError('FORBIDDEN', 'Only the creator of this collection can change it');

/**
 * The campaigns of a collection someone sees: public ones, and when `ownerId` is given (the owner is reading)
 * that owner's own of any visibility. Someone else's campaign turned unlisted or private is shown to nobody.
 */
function shownCampaigns(ownerId: string | undefined): SQL {
  const isPublic = eq(campaigns.visibility, 'public');
  // A campaign staff took down is shown to nobody (server/domain/moderation.ts).
  return and(isNull(campaigns.hiddenAt), ownerId ? or(isPublic, eq(campaigns.creatorId, ownerId)) : isPublic)!;
}

/** `text` for a LIKE pattern: its own %, _ and \ match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const collectionColumns = {
  id: collections.id,
  uri: collections.uri,
  creatorId: collections.creatorId,
  title: collections.title,
  description: collections.description,
  coverKey: collections.coverKey,
  visibility: collections.visibility,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
  creatorUsername: accounts.username,
  creatorName: accounts.name,
  creatorAvatarKey: accounts.avatarKey,
};

interface CollectionRow {
  id: string;
  uri: string;
  creatorId: string;
  title: string;
  description: string;
  coverKey: string | null;
  visibility: CollectionVisibility;
  createdAt: Date;
  updatedAt: Date;
  creatorUsername: string;
  creatorName: string;
  creatorAvatarKey: string | null;
}

export interface CollectionFields {
  uri: string;
  title: string;
  description: string;
  visibility: CollectionVisibility;
  /** A raw cover upload of the account. */
  cover?: string | undefined;
  /** Campaign links, in order. */
  campaigns: string[];
}

export interface CollectionChanges {
  uri?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  visibility?: CollectionVisibility | undefined;
  /** A raw cover upload, or null to drop the cover. */
  cover?: string | null | undefined;
  campaigns?: string[] | undefined;
}

export class CollectionService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  /** Whether a link is free for a collection: the campaign link rule, and unique among collections. */
  async uriAvailability(raw: string): Promise<UriAvailability> {
    const uri = raw.trim().toLowerCase();
    const problem = campaignUriProblem(uri);
    if (problem) return { uri, available: false, reason: problem };
    const [taken] = await this.db.select({ id: collections.id }).from(collections).where(eq(collections.uri, uri)).limit(1);
    return taken ? { uri, available: false, reason: 'taken' } : { uri, available: true };
  }

  private async findRow(uri: string): Promise<CollectionRow | null> {
    const [row] = await this.db.select(collectionColumns).from(collections).innerJoin(accounts, eq(accounts.id, collections.creatorId)).where(eq(collections.uri, uri)).limit(1);
    return row ?? null;
  }

  /** A collection of any visibility with the campaigns `viewerId` may see, in order; null when unknown. */
  async find(uri: string, viewerId?: string): Promise<Collection | null> {
    const row = await this.findRow(uri);
    if (!row) return null;
    const isOwner = viewerId !== undefined && viewerId === row.creatorId;
    const items = await this.db
      .select({ ...summaryColumns, visibility: campaigns.visibility })
      .from(collectionCampaigns)
      .innerJoin(campaigns, eq(campaigns.id, collectionCampaigns.campaignId))
      .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
      .where(and(eq(collectionCampaigns.collectionId, row.id), shownCampaigns(isOwner ? row.creatorId : undefined)))
      .orderBy(asc(collectionCampaigns.position), asc(collectionCampaigns.addedAt));
    // The owner's own private campaigns have private thumbnails: those are signed (campaignAssets.ts).
    const urlOf = await assetUrls(this.storage, [row.coverKey, ...items.map((item) => item.thumbnailKey)]);
    const shown = items.map((item) => ({ ...toCampaignSummary(this.storage, item, urlOf), visibility: item.visibility }));
    return {
      ...this.summaryOf(row, { count: shown.length, supporters: shown.reduce((sum, item) => sum + item.supportersCount, 0), firstThumbnail: shown[0]?.thumbnailUrl ?? null }),
      hasCover: row.coverKey !== null,
      isOwner,
      campaigns: shown,
    };
  }

  /** The collection page: anyone with the link reads it (404 when unknown). */
  async read(uri: string, viewerId?: string): Promise<Collection> {
    const found = await this.find(uri, viewerId);
    if (!found) throw notFound('Collection not found');
    return found;
  }

  private summaryOf(row: CollectionRow, shown: { count: number; supporters: number; firstThumbnail: string | null }): CollectionSummary {
    return {
      uri: row.uri,
      title: row.title,
      description: row.description,
      visibility: row.visibility,
      coverUrl: row.coverKey ? this.storage.publicUrl(row.coverKey) : shown.firstThumbnail,
      creator: { username: row.creatorUsername, name: row.creatorName, avatarUrl: row.creatorAvatarKey ? this.storage.publicUrl(row.creatorAvatarKey) : null },
      campaignsCount: shown.count,
      supportersCount: shown.supporters,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Summaries of `rows`, counting the campaigns each shows (to their owner when ownerView). Two queries in all. */
  private async summaries(rows: CollectionRow[], ownerView: boolean): Promise<CollectionSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const entries = await this.db
      .select({ collectionId: collectionCampaigns.collectionId, collectionCreatorId: collections.creatorId, thumbnailKey: thumbnailOrFirstFrameKey(), supportersCount: campaigns.supportersCount })
      .from(collectionCampaigns)
      .innerJoin(collections, eq(collections.id, collectionCampaigns.collectionId))
      .innerJoin(campaigns, eq(campaigns.id, collectionCampaigns.campaignId))
      .where(and(inArray(collectionCampaigns.collectionId, ids), isNull(campaigns.hiddenAt), ownerView ? or(eq(campaigns.visibility, 'public'), eq(campaigns.creatorId, collections.creatorId)) : eq(campaigns.visibility, 'public')))
      .orderBy(asc(collectionCampaigns.position), asc(collectionCampaigns.addedAt));
    const urlOf = await assetUrls(this.storage, entries.map((entry) => entry.thumbnailKey));
    const shown = new Map<string, { count: number; supporters: number; firstThumbnail: string | null }>();
    for (const entry of entries) {
      const stats = shown.get(entry.collectionId) ?? { count: 0, supporters: 0, firstThumbnail: urlOf(entry.thumbnailKey) };
      stats.count += 1;
      stats.supporters += entry.supportersCount;
      shown.set(entry.collectionId, stats);
    }
    return rows.map((row) => this.summaryOf(row, shown.get(row.id) ?? { count: 0, supporters: 0, firstThumbnail: null }));
  }

  /** One creator's collections (public and unlisted), most recently changed first. */
  async listOwn(creatorId: string, page: number, limit: number): Promise<{ items: CollectionSummary[]; total: number }> {
    const own = eq(collections.creatorId, creatorId);
    const [rows, totals] = await Promise.all([
      this.db
        .select(collectionColumns)
        .from(collections)
        .innerJoin(accounts, eq(accounts.id, collections.creatorId))
        .where(own)
        .orderBy(desc(collections.updatedAt), desc(collections.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(collections).where(own),
    ]);
    return { items: await this.summaries(rows, true), total: totals[0]?.total ?? 0 };
  }

  /** Public collections (never unlisted ones), newest first; of one creator when creatorId is given. */
  async listPublic(page: number, limit: number, creatorId?: string): Promise<{ items: CollectionSummary[]; total: number }> {
    const where = and(eq(collections.visibility, 'public'), creatorId ? eq(collections.creatorId, creatorId) : undefined);
    const [rows, totals] = await Promise.all([
      this.db
        .select(collectionColumns)
        .from(collections)
        .innerJoin(accounts, eq(accounts.id, collections.creatorId))
        .where(where)
        .orderBy(desc(collections.createdAt), desc(collections.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(collections).where(where),
    ]);
    return { items: await this.summaries(rows, false), total: totals[0]?.total ?? 0 };
  }

  /** Campaigns `owner` may add whose title contains `query`: their own (first) and public ones. */
  async candidates(owner: AccountRow, query: string, limit: number): Promise<CollectionCandidate[]> {
    const text = query.trim();
    const rows = await this.db
      .select({ ...summaryColumns, visibility: campaigns.visibility, creatorId: campaigns.creatorId })
      .from(campaigns)
      .innerJoin(accounts, eq(accounts.id, campaigns.creatorId))
      .where(and(shownCampaigns(owner.id), text ? ilike(campaigns.title, `%${escapeLike(text)}%`) : undefined))
      .orderBy(desc(sql`${campaigns.creatorId} = ${owner.id}`), desc(campaigns.supportersCount), desc(campaigns.createdAt), asc(campaigns.id))
      .limit(limit);
    const urlOf = await assetUrls(this.storage, rows.map((row) => row.thumbnailKey));
    return rows.map((row) => ({ ...toCampaignSummary(this.storage, row, urlOf), visibility: row.visibility, own: row.creatorId === owner.id }));
  }

  private async assertUriFree(uri: string): Promise<void> {
    const [taken] = await this.db.select({ id: collections.id }).from(collections).where(eq(collections.uri, uri)).limit(1);
    if (taken) throw uriTaken();
  }

  /**
   * The ids of the named campaigns, in order. Only public campaigns and the owner's own may be added; an unknown
   * link is refused with the same words, so the answer does not tell whether someone's private campaign exists.
   */
  private async resolveCampaigns(ownerId: string, uris: readonly string[]): Promise<string[]> {
    if (uris.length === 0) return [];
    const rows = await this.db
      .select({ id: campaigns.id, uri: campaigns.uri, visibility: campaigns.visibility, creatorId: campaigns.creatorId })
      .from(campaigns)
      .where(inArray(campaigns.uri, [...uris]));
    const byUri = new Map(rows.map((row) => [row.uri, row]));
    const refused = uris.filter((uri) => {
      const row = byUri.get(uri);
      return !row || (row.visibility !== 'public' && row.creatorId !== ownerId);
    });
    if (refused.length > 0) {
      const names = refused.map((uri) => `“${uri}”`).join(', ');
      throw new DomainError('VALIDATION_FAILED', `Only public campaigns and your own can be added; ${names} cannot`, { campaigns: `Not a public campaign or one of yours: ${names}` });
    }
    return uris.map((uri) => byUri.get(uri)!.id);
  }

  private adoptCover(owner: AccountRow, key: string): Promise<string> {
    return adoptImageUpload(this.storage, { key, purpose: 'collection', accountUuid: owner.uuid, destination: coverFolder(owner.uuid) });
  }

  /** Creates a collection of `owner`. Every check runs before anything is written. */
  async create(owner: AccountRow, fields: CollectionFields): Promise<Collection> {
    await this.assertUriFree(fields.uri);
    const campaignIds = await this.resolveCampaigns(owner.id, fields.campaigns);
    const coverKey = fields.cover ? await this.adoptCover(owner, fields.cover) : null;
    try {
      await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(collections)
          .values({ uri: fields.uri, creatorId: owner.id, title: fields.title, description: fields.description, visibility: fields.visibility, coverKey })
          .returning({ id: collections.id });
        if (campaignIds.length > 0) {
          await tx.insert(collectionCampaigns).values(campaignIds.map((campaignId, position) => ({ collectionId: created!.id, campaignId, position })));
        }
      });
    } catch (error) {
      await deleteObjects(this.storage, [coverKey]);
      // Two creators racing for the same link: the second loses here rather than at the check above.
      if (isUniqueViolation(error)) throw uriTaken();
      throw error;
    }
    return this.read(fields.uri, owner.id);
  }

  /** The collection `owner` may change: 404 when unknown, 403 when someone else's. */
  private async ownRow(owner: AccountRow, uri: string): Promise<CollectionRow> {
    const row = await this.findRow(uri);
    if (!row) throw notFound('Collection not found');
    if (row.creatorId !== owner.id) throw notOwner();
    return row;
  }

  /**
   * Changes any of the fields. A new `campaigns` list is the whole order of what the owner sees; campaigns they
   * cannot see (someone else's no longer public) stay in the collection after it, so a reorder does not drop them.
   */
  async update(owner: AccountRow, uri: string, changes: CollectionChanges): Promise<Collection> {
    const row = await this.ownRow(owner, uri);
    const newUri = changes.uri !== undefined && changes.uri !== row.uri ? changes.uri : undefined;
    if (newUri) await this.assertUriFree(newUri);
    const campaignIds = changes.campaigns ? await this.resolveCampaigns(owner.id, changes.campaigns) : undefined;
    const newCover = changes.cover ? await this.adoptCover(owner, changes.cover) : null;
    let oldCover: string | null = null;
    try {
      await this.db.transaction(async (tx) => {
        const [locked] = await tx.select({ coverKey: collections.coverKey }).from(collections).where(eq(collections.id, row.id)).for('update');
        if (!locked) throw notFound('Collection not found');
        oldCover = locked.coverKey;
        await tx
          .update(collections)
          .set({
            ...(newUri ? { uri: newUri } : {}),
            ...(changes.title !== undefined ? { title: changes.title } : {}),
            ...(changes.description !== undefined ? { description: changes.description } : {}),
            ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
            ...(changes.cover !== undefined ? { coverKey: newCover } : {}),
            updatedAt: new Date(),
          })
          .where(eq(collections.id, row.id));
        if (campaignIds) {
          const hidden = await tx
            .select({ campaignId: collectionCampaigns.campaignId })
            .from(collectionCampaigns)
            .innerJoin(campaigns, eq(campaigns.id, collectionCampaigns.campaignId))
            .where(and(eq(collectionCampaigns.collectionId, row.id), not(shownCampaigns(owner.id))))
            .orderBy(asc(collectionCampaigns.position));
          const order = [...campaignIds, ...hidden.map((entry) => entry.campaignId).filter((id) => !campaignIds.includes(id))];
          await tx
            .delete(collectionCampaigns)
            .where(and(eq(collectionCampaigns.collectionId, row.id), order.length > 0 ? notInArray(collectionCampaigns.campaignId, order) : undefined));
          if (order.length > 0) {
            // Kept campaigns keep when they were added; only their position moves.
            await tx
              .insert(collectionCampaigns)
              .values(order.map((campaignId, position) => ({ collectionId: row.id, campaignId, position })))
              .onConflictDoUpdate({ target: [collectionCampaigns.collectionId, collectionCampaigns.campaignId], set: { position: sql`excluded.position` } });
          }
        }
      });
    } catch (error) {
      await deleteObjects(this.storage, [newCover]);
      if (isUniqueViolation(error)) throw uriTaken();
      throw error;
    }
    if (changes.cover !== undefined && oldCover !== newCover) await deleteObjects(this.storage, [oldCover]);
    return this.read(newUri ?? row.uri, owner.id);
  }

  /** Deletes a collection of `owner` (its entries go by cascade) and its cover. */
  async delete(owner: AccountRow, uri: string): Promise<void> {
    const row = await this.ownRow(owner, uri);
    const [deleted] = await this.db.delete(collections).where(eq(collections.id, row.id)).returning({ coverKey: collections.coverKey });
    await deleteObjects(this.storage, [deleted?.coverKey]);
  }
}
