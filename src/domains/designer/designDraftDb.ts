/**
 * Local drafts of the frame designer in IndexedDB (no library): database `bingkai-designs`, store `drafts`
 * holding each document keyed by its id, and store `summaries` with just what the draft list shows, so listing
 * never loads the embedded images of every draft.
 */
import { designDocument, type DesignDocument } from '../../../contract/design.ts';
import type { DesignDraftSummary } from '../../../contract/designDraft.ts';
import { migrateDesign } from '../../../contract/designMigrations.ts';

export const DESIGN_DB_NAME = 'bingkai-designs';
const DB_VERSION = 1;
const DRAFTS = 'drafts';
const SUMMARIES = 'summaries';

let opening: Promise<IDBDatabase> | null = null;

const promised = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DESIGN_DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(DRAFTS)) db.createObjectStore(DRAFTS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(SUMMARIES)) db.createObjectStore(SUMMARIES, { keyPath: 'id' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading (or a test deleting) the database: let go, the next call reopens.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Runs `work` in one transaction and resolves when it has committed. */
async function inTransaction<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T> | T): Promise<T> {
  const db = await openDb();
  const tx = db.transaction(stores, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(tx);
  await done;
  return result;
}

export const summaryOf = (document: DesignDocument): DesignDraftSummary => ({
  id: document.id,
  name: document.name,
  kind: document.kind,
  width: document.width,
  height: document.height,
  updatedAt: document.updatedAt,
});

/** Saves (or replaces) the local copy of a document as it is. */
export async function saveLocalDraft(document: DesignDocument): Promise<void> {
  await inTransaction([DRAFTS, SUMMARIES], 'readwrite', (tx) => {
    tx.objectStore(DRAFTS).put(document);
    tx.objectStore(SUMMARIES).put(summaryOf(document));
  });
}

/** The local copy brought to the current schema, or null when there is none or it cannot be read (reported, not thrown). */
export async function loadLocalDraft(id: string): Promise<DesignDocument | null> {
  const stored = await inTransaction([DRAFTS], 'readonly', (tx) => promised<unknown>(tx.objectStore(DRAFTS).get(id)));
  if (stored === undefined) return null;
  try {
    const parsed = designDocument.safeParse(migrateDesign(stored));
    if (parsed.success) return parsed.data;
    console.warn(`Local design draft ${id} is not a valid design:`, parsed.error.issues.slice(0, 5));
  } catch (error) {
    console.warn(`Local design draft ${id} could not be read:`, error);
  }
  return null;
}

/** Summaries of every local draft, newest first. */
export async function listLocalDrafts(): Promise<DesignDraftSummary[]> {
  const summaries = await inTransaction([SUMMARIES], 'readonly', (tx) => promised<DesignDraftSummary[]>(tx.objectStore(SUMMARIES).getAll()));
  return summaries.sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.id.localeCompare(b.id));
}

export async function deleteLocalDraft(id: string): Promise<void> {
  await inTransaction([DRAFTS, SUMMARIES], 'readwrite', (tx) => {
    tx.objectStore(DRAFTS).delete(id);
    tx.objectStore(SUMMARIES).delete(id);
  });
}
