import type { DesignDocument } from '../../contract/design.ts';
import type { DesignDraft, DesignDraftSaveBody, DesignDraftSummary } from '../../contract/designDraft.ts';
import { apiV2 } from './index.ts';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const path = (id: string) => `/designs/${encodeURIComponent(id)}`;

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
  return (await apiV2.get<{ data: { items: DesignDraftSummary[] } }>('/designs', withSignal(signal))).data.items;
}

/** The server copy as stored (the server migrates it); 404 NOT_FOUND throws when there is none. */
export async function loadServerDraft(id: string, signal?: AbortSignal): Promise<DesignDraft> {
  const draft = (await apiV2.get<{ data: DesignDraft }>(path(id), withSignal(signal))).data;
  serverBases.set(id, draft.updatedAt);
  return draft;
}

/** Creates or replaces the server copy; with `baseUpdatedAt` it fails with DESIGN_CONFLICT if the server copy is newer. */
export async function saveServerDraft(document: DesignDocument, baseUpdatedAt?: string, signal?: AbortSignal): Promise<DesignDraftSummary> {
  const body: DesignDraftSaveBody = baseUpdatedAt ? { document, baseUpdatedAt } : { document };
  const saved = (await apiV2.put<{ data: DesignDraftSummary }>(path(document.id), { body, ...withSignal(signal) })).data;
  serverBases.set(document.id, saved.updatedAt);
  return saved;
}

export async function deleteServerDraft(id: string): Promise<void> {
  await apiV2.delete(path(id));
  serverBases.delete(id);
}
