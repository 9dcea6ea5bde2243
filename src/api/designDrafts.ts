import type { DesignDocument } from '../../contract/design.ts';
import type { DesignDraft, DesignDraftSaveBody, DesignDraftSummary } from '../../contract/designDraft.ts';
import { callRoute } from './callRoute.ts';

/**
 * The server's `updatedAt` of each draft as this tab last saw it: the base of the next save, so that the
 * server refuses (409 DESIGN_CONFLICT) to overwrite an edit made on another device in the meantime.
 */
const serverBases = new Map<string, string>();

export function serverBaseOf(id: string): string | undefined {
  return serverBases.get(id);
}

/** The signed-in account's drafts, newest first. */
export async function listServerDrafts(signal?: AbortSignal): Promise<DesignDraftSummary[]> {
  return (await callRoute('GET /designs', { signal })).data.items;
}

/** The server copy as stored (the server migrates it); 404 NOT_FOUND throws when there is none. */
export async function loadServerDraft(id: string, signal?: AbortSignal): Promise<DesignDraft> {
  const draft = (await callRoute('GET /designs/:id', { params: { id }, signal })).data;
  serverBases.set(id, draft.updatedAt);
  return draft;
}

/** Creates or replaces the server copy; with `baseUpdatedAt` it fails with DESIGN_CONFLICT if the server copy is newer. */
export async function saveServerDraft(document: DesignDocument, baseUpdatedAt?: string, signal?: AbortSignal): Promise<DesignDraftSummary> {
  const body: DesignDraftSaveBody = baseUpdatedAt ? { document, baseUpdatedAt } : { document };
  const saved = (await callRoute('PUT /designs/:id', { params: { id: document.id }, body, signal })).data;
  serverBases.set(document.id, saved.updatedAt);
  return saved;
}

export async function deleteServerDraft(id: string): Promise<void> {
  await callRoute('DELETE /designs/:id', { params: { id } });
  serverBases.delete(id);
}
