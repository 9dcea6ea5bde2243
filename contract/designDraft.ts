/**
 * Frame designer drafts kept on the server for a signed-in account (all under /api/v2, signed, account needed):
 *
 *   GET    /designs            → { data: { items: DesignDraftSummary[] } }   (this account's drafts, newest first)
 *   GET    /designs/:id        → { data: { document, updatedAt } }           (404 when this account has none with that id)
 *   PUT    /designs/:id        → { data: DesignDraftSummary }                (body DesignDraftSaveBody; creates or replaces)
 *   DELETE /designs/:id        → 204                                         (404 when this account has none)
 *
 * PUT migrates the document (migrateDesign), parses it with `designDocument` and checks `designProblems`;
 * `document.id` must equal :id. Every embedded asset is decoded on the server: its real format must be its
 * `mime` and its pixel size its width × height. Refusals change nothing:
 *   400 VALIDATION_FAILED (fields name the path, e.g. `document.width`), 400 DESIGN_INVALID (unreadable
 *   version, tree problems, a bad asset), 413 PAYLOAD_TOO_LARGE (body over DESIGN_LIMITS.maxDocumentBytes),
 *   409 DESIGN_CONFLICT (the server copy changed after `baseUpdatedAt`; fields.updatedAt is the server's
 *   time), 409 DESIGN_DRAFTS_FULL (a new draft beyond DESIGN_DRAFTS_MAX), 429 RATE_LIMITED.
 *
 * `updatedAt` of a draft is the server's time of the last save (ISO, millisecond precision); a client sends the
 * last one it saw as `baseUpdatedAt` so that a save never silently overwrites an edit made on another device.
 */
import { z } from 'zod';
import { DESIGN_LIMITS, designDocument, designKinds } from './design.ts';
import { migrateDesign } from './designMigrations.ts';

/** Drafts one account may keep on the server. */
export const DESIGN_DRAFTS_MAX = 50;
/** Largest PUT body: the document plus room for the envelope around it. */
export const DESIGN_DRAFT_BODY_LIMIT = DESIGN_LIMITS.maxDocumentBytes + 1024;

export const designDraftId = designDocument.shape.id;
export const designDraftParams = z.object({ id: designDraftId });

export const designDraftSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(designKinds),
  width: z.number().int(),
  height: z.number().int(),
  updatedAt: z.string(),
});
export type DesignDraftSummary = z.infer<typeof designDraftSummary>;

export const designDraftListResponse = z.object({ data: z.object({ items: z.array(designDraftSummary) }) });

/** The document is checked by the route itself (migration first), so older versions are accepted. */
export const designDraftSaveBody = z.strictObject({
  document: z.unknown(),
  /** The server's `updatedAt` this edit started from; omit to overwrite unconditionally. */
  baseUpdatedAt: z.iso.datetime().optional(),
});
export type DesignDraftSaveBody = z.infer<typeof designDraftSaveBody>;

export const designDraftSaveResponse = z.object({ data: designDraftSummary });

export interface DesignDraft {
  document: z.infer<typeof designDocument>;
  updatedAt: string;
}
export const designDraftResponse = z.object({ data: z.object({ document: designDocument, updatedAt: z.string() }) });

/**
 * The same answer as a client reads it: a copy stored at an older schema version is migrated first
 * (contract/designMigrations.ts), so drafts saved before an upgrade still open; anything else must match.
 */
export const designDraftReadResponse = z.object({
  data: z.object({
    document: z.preprocess((stored) => {
      try {
        return migrateDesign(stored);
      } catch {
        return stored;
      }
    }, designDocument),
    updatedAt: z.string(),
  }),
});
