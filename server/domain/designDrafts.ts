import { and, count, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { DESIGN_LIMITS, designDocument, designProblems, type DesignAsset, type DesignDocument, type DesignProblem } from '../../contract/design.ts';
import { DESIGN_DRAFTS_MAX, type DesignDraft, type DesignDraftSummary } from '../../contract/designDraft.ts';
import { DesignMigrationError, migrateDesign } from '../../contract/designMigrations.ts';
import type { Db } from '../infra/db/database.ts';
import { accounts, designDrafts } from '../infra/db/schema.ts';
import { DomainError, notFound } from '../domainError.ts';
import { sniffImageType } from '../infra/storage/sniff.ts';

const invalid = (message: string, fields?: Record<string, string>) => new DomainError('DESIGN_INVALID', message, fields);
const draftNotFound = () => notFound('Design not found');

const problemMessages: Record<DesignProblem, string> = {
  TOO_MANY_ELEMENTS: `The design has more than ${DESIGN_LIMITS.maxElements} elements or ${DESIGN_LIMITS.maxAssets} images`,
  TOO_DEEP: `Groups may be nested at most ${DESIGN_LIMITS.maxDepth} levels deep`,
  DUPLICATE_ID: 'Two elements of the design share one id',
  MISSING_ASSET: 'An image element refers to an image that is not in the design',
};

/** Strict base64 (no data: prefix, no whitespace): Buffer.from would silently skip anything else. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Brings a stored or submitted document to the current schema and checks everything but its images:
 * migration, the zod schema, the tree rules and, when given, that its id is `expectedId`.
 */
export function readDesignDocument(raw: unknown, expectedId?: string): DesignDocument {
  let migrated: unknown;
  try {
    migrated = migrateDesign(raw);
  } catch (error) {
    if (error instanceof DesignMigrationError) throw invalid(error.message, { document: error.message });
    throw error;
  }
  const parsed = designDocument.safeParse(migrated);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[['document', ...issue.path.map(String)].join('.')] ??= issue.message;
    throw new DomainError('VALIDATION_FAILED', 'The design document did not pass validation', fields);
  }
  const document = parsed.data;
  if (expectedId !== undefined && document.id !== expectedId) {
    throw new DomainError('VALIDATION_FAILED', 'The document id differs from the id in the address', { 'document.id': `Expected ${expectedId}` });
  }
  const problems = designProblems(document);
  if (problems.length > 0) throw invalid(problems.map((problem) => problemMessages[problem]).join('; '), { document: problems.join(', ') });
  return document;
}

/** Checks one embedded image by content: strict base64, size, magic bytes = `mime`, decodes whole at width × height. */
export async function checkDesignAsset(assetId: string, asset: DesignAsset): Promise<void> {
  const field = `document.assets.${assetId}`;
  const refuse = (message: string) => invalid(`Image ${assetId}: ${message}`, { [field]: message });
  if (!BASE64.test(asset.data) || asset.data.length === 0) throw refuse('the data is not base64');
  const bytes = Buffer.from(asset.data, 'base64');
  if (bytes.byteLength > DESIGN_LIMITS.maxAssetBytes) throw refuse(`images may be at most ${DESIGN_LIMITS.maxAssetBytes / 1024 / 1024} MB`);
  const sniffed = sniffImageType(bytes);
  if (sniffed !== asset.mime) throw refuse(sniffed ? `the data is ${sniffed}, not ${asset.mime}` : `the data is not an image (${asset.mime} expected)`);
  let width: number | undefined;
  let height: number | undefined;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: DESIGN_LIMITS.maxAssetSide * DESIGN_LIMITS.maxAssetSide });
    ({ width, height } = await image.metadata());
    // Decoding every pixel catches truncated and corrupt data that the header alone does not show.
    await image.raw().toBuffer();
  } catch {
    throw refuse('the image could not be decoded; it may be damaged or too large');
  }
  if (width !== asset.width || height !== asset.height) throw refuse(`the image is ${width}×${height} pixels, not ${asset.width}×${asset.height}`);
}

const sameAsset = (a: DesignAsset, b: DesignAsset | undefined) => b !== undefined && a.mime === b.mime && a.width === b.width && a.height === b.height && a.data === b.data;

const summaryColumns = {
  id: designDrafts.id,
  name: designDrafts.name,
  kind: designDrafts.kind,
  width: designDrafts.width,
  height: designDrafts.height,
  updatedAt: designDrafts.updatedAt,
};
const toSummary = (row: { id: string; name: string; kind: DesignDocument['kind']; width: number; height: number; updatedAt: Date }): DesignDraftSummary => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** Server copies of frame designer drafts, one set per account; every check runs before anything is written. */
export class DesignDraftService {
  constructor(private readonly db: Db) {}

  async list(accountId: string): Promise<DesignDraftSummary[]> {
    const rows = await this.db.select(summaryColumns).from(designDrafts).where(eq(designDrafts.accountId, accountId)).orderBy(desc(designDrafts.updatedAt), designDrafts.id);
    return rows.map(toSummary);
  }

  /** 404 for a draft of another account too, so ids of other people's drafts cannot be probed. */
  async read(accountId: string, id: string): Promise<DesignDraft> {
    const [row] = await this.db
      .select({ document: designDrafts.document, updatedAt: designDrafts.updatedAt })
      .from(designDrafts)
      .where(and(eq(designDrafts.accountId, accountId), eq(designDrafts.id, id)))
      .limit(1);
    if (!row) throw draftNotFound();
    // Stored documents may predate the current schema version.
    return { document: designDocument.parse(migrateDesign(row.document)), updatedAt: row.updatedAt.toISOString() };
  }

  async save(accountId: string, id: string, raw: unknown, baseUpdatedAt?: string): Promise<DesignDraftSummary> {
    const document = readDesignDocument(raw, id);
    const size = Buffer.byteLength(JSON.stringify(document));
    if (size > DESIGN_LIMITS.maxDocumentBytes) throw new DomainError('PAYLOAD_TOO_LARGE', `The design is ${(size / 1024 / 1024).toFixed(1)} MB; designs may be at most ${DESIGN_LIMITS.maxDocumentBytes / 1024 / 1024} MB`);

    // Images already stored unchanged in this draft were checked when they were saved; autosave resends them every time.
    const [stored] = await this.db
      .select({ assets: sql<Record<string, DesignAsset> | null>`${designDrafts.document}->'assets'` })
      .from(designDrafts)
      .where(and(eq(designDrafts.accountId, accountId), eq(designDrafts.id, id)))
      .limit(1);
    for (const [assetId, asset] of Object.entries(document.assets)) {
      if (!sameAsset(asset, stored?.assets?.[assetId])) await checkDesignAsset(assetId, asset);
    }

    return this.db.transaction(async (tx) => {
      // Serializes this account's saves, so the draft count and the conflict check hold until the write.
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      const [current] = await tx
        .select({ updatedAt: designDrafts.updatedAt })
        .from(designDrafts)
        .where(and(eq(designDrafts.accountId, accountId), eq(designDrafts.id, id)));
      if (current && baseUpdatedAt !== undefined && current.updatedAt.getTime() > Date.parse(baseUpdatedAt)) {
        const theirs = current.updatedAt.toISOString();
        throw new DomainError('DESIGN_CONFLICT', `This design was changed elsewhere at ${theirs}, after the copy being saved was opened`, { updatedAt: theirs });
      }
      if (!current) {
        const [drafts] = await tx.select({ total: count() }).from(designDrafts).where(eq(designDrafts.accountId, accountId));
        if ((drafts?.total ?? 0) >= DESIGN_DRAFTS_MAX) throw new DomainError('DESIGN_DRAFTS_FULL', `You can keep at most ${DESIGN_DRAFTS_MAX} designs; delete one to save a new one`);
      }
      // Strictly later than the previous save, so a base taken from it never equals a newer version.
      const updatedAt = new Date(Math.max(Date.now(), (current?.updatedAt.getTime() ?? 0) + 1));
      const values = { name: document.name, kind: document.kind, width: document.width, height: document.height, document, updatedAt };
      const [row] = await tx
        .insert(designDrafts)
        .values({ accountId, id, ...values })
        .onConflictDoUpdate({ target: [designDrafts.accountId, designDrafts.id], set: values })
        .returning(summaryColumns);
      return toSummary(row!);
    });
  }

  async delete(accountId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(designDrafts)
      .where(and(eq(designDrafts.accountId, accountId), eq(designDrafts.id, id)))
      .returning({ id: designDrafts.id });
    if (gone.length === 0) throw draftNotFound();
  }
}
