import { randomUUID } from 'node:crypto';
import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { campaignUriProblem } from '../../contract/campaignUri.ts';
import { CAMPAIGN_LIMITS, type campaignCreateBody, type campaignUpdateBody, type CheckedFrame, type FrameRef, type ManagedCampaign, type UriAvailability } from '../../contract/campaignWrite.ts';
import { hasCreatorPlan } from '../../contract/plan.ts';
import type { Db } from '../infra/db/database.ts';
import { campaignFrames, campaigns, posts } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import type { AccountRow } from './accounts.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { applyPostMoves, copyAll, needsNewKeys, planPostMoves, previewMoves, type KeyMove } from './campaignAssetMove.ts';
import { campaignAssetFolder, deleteObjects, newFrameKey, NO_PREVIEWS, previewKeyList, type PreviewKeys } from './campaignAssets.ts';
import { CAMPAIGN_PREVIEWS_JOB } from './campaignPreviews.ts';
import type { JobEnqueuer } from '../infra/jobs/jobQueue.ts';
import type { CampaignService } from './campaigns.ts';
import { checkFrameImage, type CheckedFrameImage } from './frameImage.ts';
import { fingerprintFramesQuietly } from './framePiracy.ts';
import { hashPassword } from '../infra/passwords.ts';
import { checkRawUpload } from './uploads.ts';
import { isUniqueViolation } from '../infra/db/uniqueViolation.ts';

type CreateInput = z.output<typeof campaignCreateBody>;
type UpdateInput = z.output<typeof campaignUpdateBody>;
type CampaignRow = typeof campaigns.$inferSelect;
type FrameRow = typeof campaignFrames.$inferSelect;

/** A new upload, checked and re-encoded, ready to store. */
interface AdoptedFrame {
  id: string;
  rawKey: string;
  storageKey: string;
  checked: CheckedFrameImage;
}

const uriTaken = () => new DomainError('URI_TAKEN', 'This link is already taken; choose another');
const planRequired = (what: string) => new DomainError('PLAN_REQUIRED', `${what} need the creator plan`);

/**
 * Creating, editing and deleting campaigns. Every check (fields, plan, URI, each frame by content) runs
 * before anything is written; rows change in one transaction; storage objects that are no longer used are
 * deleted after the commit, and objects written for a failed transaction are deleted again. The thumbnail and
 * link-preview images are made after the commit by a job (campaignPreviews.ts).
 */
export class CampaignWriteService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly campaigns: CampaignService,
    private readonly jobs: JobEnqueuer,
  ) {}

  async uriAvailability(raw: string): Promise<UriAvailability> {
    const uri = raw.trim().toLowerCase();
    const problem = campaignUriProblem(uri);
    if (problem) return { uri, available: false, reason: problem };
    const [taken] = await this.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, uri)).limit(1);
    return taken ? { uri, available: false, reason: 'taken' } : { uri, available: true };
  }

  /** The server's verdict on a raw upload before it is used: the same check adoption runs. */
  async checkUpload(account: AccountRow, key: string, type: 'frame' | 'background'): Promise<CheckedFrame> {
    const upload = { key, purpose: 'frame', accountUuid: account.uuid, maxBytes: CAMPAIGN_LIMITS.frameMaxBytes } as const;
    const { width, height, holes, transparentShare } = await checkRawUpload(this.storage, upload, (bytes) => checkFrameImage(bytes, type));
    return { key, width, height, holes, transparentShare };
  }

  async create(account: AccountRow, input: CreateInput): Promise<ManagedCampaign> {
    this.requirePlan(account, input.frames.length, input.visibility);
    await this.requireFreeUri(input.uri);
    const campaignId = randomUUID();
    const keys = input.frames.map((ref) => ('key' in ref ? ref.key : ''));
    // A private campaign's images are stored outside public/ from the start (see campaignAssets.ts).
    const folder = campaignAssetFolder(campaignId, input.visibility === 'private');
    const adopted = await this.adoptAll(account, folder, keys, input.type);
    const accessCodeHash = input.visibility === 'private' && input.accessCode ? await hashPassword(input.accessCode) : null;
    const written: string[] = [];
    try {
      await this.storeFrames(adopted, written);
      await this.db.transaction(async (tx) => {
        await tx.insert(campaigns).values({
          id: campaignId,
          uri: input.uri,
          type: input.type,
          title: input.title,
          description: input.description,
          caption: input.caption,
          category: input.category,
          tags: input.tags,
          visibility: input.visibility,
          accessCodeHash,
          creatorId: account.id,
          // Search stems the campaign's words in its creator's language (migration 0008).
          language: account.language,
        });
        await tx.insert(campaignFrames).values(adopted.map((frame, position) => this.frameValues(campaignId, frame, position)));
      });
    } catch (error) {
      await deleteObjects(this.storage, written);
      throw isUniqueViolation(error) ? uriTaken() : error;
    }
    await deleteObjects(this.storage, adopted.map((frame) => frame.rawKey));
    await fingerprintFramesQuietly(this.db, campaignId, account.id, adopted.map((frame) => ({ id: frame.id, png: frame.checked.png })));
    this.campaigns.forget(input.uri);
    await this.jobs.enqueue(CAMPAIGN_PREVIEWS_JOB, { campaignId });
    return this.managed(account, input.uri);
  }

  /** The owner's view; 404 for anyone else, so other people cannot tell the campaign exists. */
  async managed(account: AccountRow, uri: string): Promise<ManagedCampaign> {
    const row = await this.owned(account, uri);
    const [entry, [counts]] = await Promise.all([
      this.campaigns.find(uri),
      this.db.select({ posts: count() }).from(posts).where(eq(posts.campaignId, row.id)),
    ]);
    if (!entry) throw notFound('Campaign not found');
    return { ...entry.campaign, visitsCount: row.visitsCount, postsCount: counts?.posts ?? 0, hasAccessCode: row.accessCodeHash !== null, updatedAt: row.updatedAt.toISOString() };
  }

  async update(account: AccountRow, uri: string, input: UpdateInput): Promise<ManagedCampaign> {
    const row = await this.owned(account, uri);
    if (input.frames) this.requirePlan(account, input.frames.length, 'public');
    if (input.visibility) this.requirePlan(account, 1, input.visibility);
    const visibility = input.visibility ?? row.visibility;
    const current = await this.db.select().from(campaignFrames).where(eq(campaignFrames.campaignId, row.id)).orderBy(campaignFrames.position);
    this.requirePlanKept(account, input.frames?.length ?? current.length, visibility);
    if (visibility === 'private' && !input.accessCode && !row.accessCodeHash) {
      throw new DomainError('VALIDATION_FAILED', 'A private campaign needs an access code', { accessCode: 'A private campaign needs an access code' });
    }
    const newUri = input.uri !== undefined && input.uri !== row.uri ? input.uri : undefined;
    if (newUri) await this.requireFreeUri(newUri);

    const plan = input.frames ? this.planFrames(current, input.frames) : undefined;
    const privateAfter = visibility === 'private';
    const folder = campaignAssetFolder(row.id, privateAfter);
    const adopted = plan ? await this.adoptAll(account, folder, plan.newKeys, row.type) : [];
    const accessCodeHash = !privateAfter ? null : input.accessCode ? await hashPassword(input.accessCode) : row.accessCodeHash;
    // Frames and previews that stay move to new keys when the campaign turns private or public, or gets a new code:
    // every URL handed out before stops working (the sweep removes what an interrupted move leaves behind).
    const kept = plan ? current.filter((frame) => plan.keptIds.includes(frame.id)) : current;
    const rekey = needsNewKeys({ privateAfter, codeChanged: input.accessCode !== undefined, keys: [row.thumbnailKey, ...current.map((frame) => frame.storageKey)] });
    const frameMoves = new Map<string, KeyMove>(rekey ? kept.map((frame) => [frame.id, { from: frame.storageKey, to: newFrameKey(folder) }]) : []);
    const postMoves = rekey ? await planPostMoves(this.db, row.id, privateAfter) : new Map<string, KeyMove>();
    let stalePosts: string[] = [];

    const byKey = new Map(adopted.map((frame) => [frame.rawKey, frame]));
    const written: string[] = [];
    let previews: PreviewKeys | undefined;
    let removed: string[] = [];
    try {
      await this.storeFrames(adopted, written);
      // The previews show the first frame and the title: made again (by the job) when either changes.
      const first = input.frames?.[0];
      const title = input.title ?? row.title;
      if ((first && !('id' in first && first.id === current[0]?.id)) || title !== row.title) previews = NO_PREVIEWS;
      else if (rekey && row.thumbnailKey !== null) previews = await this.movePreviews(row, folder, written);
      await copyAll(this.storage, [...frameMoves.values()], written);
      await copyAll(this.storage, [...postMoves.values()], written);
      await this.db.transaction(async (tx) => {
        // Serializes concurrent edits of this campaign.
        await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, row.id)).for('update');
        await tx
          .update(campaigns)
          .set({
            ...(newUri ? { uri: newUri } : {}),
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.caption !== undefined ? { caption: input.caption } : {}),
            ...(input.category !== undefined ? { category: input.category } : {}),
            ...(input.tags !== undefined ? { tags: input.tags } : {}),
            ...(previews ?? {}),
            visibility,
            accessCodeHash,
            updatedAt: sql`now()`,
          })
          .where(eq(campaigns.id, row.id));
        for (const [id, move] of frameMoves) await tx.update(campaignFrames).set({ storageKey: move.to }).where(eq(campaignFrames.id, id));
        if (rekey) stalePosts = await applyPostMoves(tx, this.storage, row.id, privateAfter, postMoves, written);
        if (!plan || !input.frames) return;
        const gone = await tx
          .delete(campaignFrames)
          .where(and(eq(campaignFrames.campaignId, row.id), plan.keptIds.length > 0 ? notInArray(campaignFrames.id, plan.keptIds) : undefined))
          .returning({ storageKey: campaignFrames.storageKey });
        removed = gone.map((frame) => frame.storageKey);
        for (const [position, ref] of input.frames.entries()) {
          if ('id' in ref) await tx.update(campaignFrames).set({ position }).where(and(eq(campaignFrames.id, ref.id), eq(campaignFrames.campaignId, row.id)));
          else await tx.insert(campaignFrames).values(this.frameValues(row.id, byKey.get(ref.key)!, position));
        }
      });
    } catch (error) {
      await deleteObjects(this.storage, written);
      throw isUniqueViolation(error) ? uriTaken() : error;
    }
    await deleteObjects(this.storage, [
      ...adopted.map((frame) => frame.rawKey),
      ...removed,
      ...(previews ? previewKeyList(row) : []),
      ...[...frameMoves.values()].map((move) => move.from),
      ...stalePosts,
    ]);
    await fingerprintFramesQuietly(this.db, row.id, account.id, adopted.map((frame) => ({ id: frame.id, png: frame.checked.png })));
    this.campaigns.forget(row.uri);
    if (newUri) this.campaigns.forget(newUri);
    if ((previews ?? row).frameDisplayKey === null) await this.jobs.enqueue(CAMPAIGN_PREVIEWS_JOB, { campaignId: row.id });
    return this.managed(account, newUri ?? row.uri);
  }

  async delete(account: AccountRow, uri: string): Promise<void> {
    const row = await this.owned(account, uri);
    const frames = await this.db.transaction(async (tx) => {
      const rows = await tx.select({ storageKey: campaignFrames.storageKey }).from(campaignFrames).where(eq(campaignFrames.campaignId, row.id));
      const postRows = await tx.select({ imageKey: posts.imageKey }).from(posts).where(eq(posts.campaignId, row.id));
      // Frames, supports, visits and posts go with the campaign (foreign keys cascade).
      await tx.delete(campaigns).where(eq(campaigns.id, row.id));
      return [...rows.map((frame) => frame.storageKey), ...postRows.map((post) => post.imageKey)];
    });
    this.campaigns.forget(row.uri);
    await deleteObjects(this.storage, [...frames, ...previewKeyList(row)]);
  }

  private async owned(account: AccountRow, uri: string): Promise<CampaignRow> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.uri, uri), eq(campaigns.creatorId, account.id)))
      .limit(1);
    if (!row) throw notFound('Campaign not found');
    return row;
  }

  private requirePlan(account: AccountRow, frames: number, visibility: 'public' | 'unlisted' | 'private'): void {
    if (hasCreatorPlan(account.subscription?.plan)) return;
    if (frames > CAMPAIGN_LIMITS.framesFree) throw planRequired('Several frames in one campaign');
    if (visibility !== 'public') throw planRequired('Unlisted and private campaigns');
  }

  /**
   * A campaign made with the creator plan keeps its frames and visibility when the plan ends (nothing is deleted; it
   * can still be read and supported), but is locked for changes while it still uses what the plan unlocks. The
   * edit that brings it within the free plan (public, one frame) is allowed.
   */
  private requirePlanKept(account: AccountRow, frames: number, visibility: 'public' | 'unlisted' | 'private'): void {
    if (hasCreatorPlan(account.subscription?.plan) || (frames <= CAMPAIGN_LIMITS.framesFree && visibility === 'public')) return;
    throw new DomainError(
      'PLAN_REQUIRED',
      'This campaign uses creator plan features (several frames, or unlisted or private) and is locked for changes until you have the creator plan again; make it public with one frame to edit it',
    );
  }

  private async requireFreeUri(uri: string): Promise<void> {
    const problem = campaignUriProblem(uri);
    if (problem === 'reserved') throw new DomainError('URI_RESERVED', 'This link is reserved; choose another', { uri: 'This link is reserved; choose another' });
    const [taken] = await this.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.uri, uri)).limit(1);
    if (taken) throw uriTaken();
  }

  /** Kept frames must belong to this campaign, and nothing may be listed twice. */
  private planFrames(current: FrameRow[], refs: FrameRef[]): { keptIds: string[]; newKeys: string[] } {
    const known = new Set(current.map((frame) => frame.id));
    const seen = new Set<string>();
    const keptIds: string[] = [];
    const newKeys: string[] = [];
    for (const ref of refs) {
      const name = 'id' in ref ? ref.id : ref.key;
      if (seen.has(name)) throw new DomainError('VALIDATION_FAILED', 'The same frame is listed twice', { frames: 'The same frame is listed twice' });
      seen.add(name);
      if ('id' in ref) {
        if (!known.has(ref.id)) throw new DomainError('VALIDATION_FAILED', 'A listed frame is not part of this campaign', { frames: 'A listed frame is not part of this campaign' });
        keptIds.push(ref.id);
      } else newKeys.push(ref.key);
    }
    return { keptIds, newKeys };
  }

  /** Reads and checks every new upload before anything is stored, so one bad frame changes nothing (its refused upload is deleted). */
  private async adoptAll(account: AccountRow, folder: string, keys: string[], type: 'frame' | 'background'): Promise<AdoptedFrame[]> {
    if (new Set(keys).size !== keys.length) throw new DomainError('VALIDATION_FAILED', 'The same frame is listed twice', { frames: 'The same frame is listed twice' });
    const adopted: AdoptedFrame[] = [];
    for (const [index, key] of keys.entries()) {
      const checked = await checkRawUpload(this.storage, { key, purpose: 'frame', accountUuid: account.uuid, maxBytes: CAMPAIGN_LIMITS.frameMaxBytes }, (bytes) => checkFrameImage(bytes, type))
        .catch((error: unknown) => {
          // Which frame, when there are several.
          if (error instanceof DomainError && keys.length > 1) throw new DomainError(error.code, `Frame ${index + 1}: ${error.message}`, error.fields);
          throw error;
        });
      adopted.push({ id: randomUUID(), rawKey: key, storageKey: newFrameKey(folder), checked });
    }
    return adopted;
  }

  private async storeFrames(adopted: AdoptedFrame[], written: string[]): Promise<void> {
    for (const frame of adopted) {
      written.push(frame.storageKey);
      await this.storage.put(frame.storageKey, frame.checked.png, { contentType: 'image/png' });
    }
  }

  /** Copies the current previews to new names in `folder`; a kind of preview the campaign has none of stays null. */
  private async movePreviews(row: CampaignRow, folder: string, written: string[]): Promise<PreviewKeys> {
    const { moves, next } = previewMoves(row, folder);
    await copyAll(this.storage, moves, written);
    return next;
  }

  private frameValues(campaignId: string, frame: AdoptedFrame, position: number) {
    const { width, height, holes, transparentShare } = frame.checked;
    return { id: frame.id, campaignId, position, storageKey: frame.storageKey, width, height, holes, transparentShare };
  }
}
