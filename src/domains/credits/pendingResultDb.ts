/**
 * The result waiting for its one-off payment, kept on this device across the full-page round trip to the provider
 * (IndexedDB, no library): database `bingkai-results`, store `pending`, one record per campaign. It holds the picked
 * photos as Blobs (they never leave the device) and where they sit; the return renders it again and deletes it.
 */
import type { ResultRecipe } from '../support/public.ts';

const DB_NAME = 'bingkai-results';
const DB_VERSION = 1;
const PENDING = 'pending';

export interface PendingResult {
  uri: string;
  recipe: ResultRecipe;
  fileName: string;
  width: number;
  height: number;
  savedAt: number;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(PENDING)) request.result.createObjectStore(PENDING, { keyPath: 'uri' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(PENDING, mode);
      const request = work(tx.objectStore(PENDING));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/** Keeps the result to render again after the payment (replacing an earlier one of the same campaign). */
export async function savePendingResult(pending: PendingResult): Promise<void> {
  await inStore('readwrite', (store) => store.put(pending));
}

/** The result this device kept for the campaign, or null (none, another device, storage cleared or unreadable). */
export async function loadPendingResult(uri: string): Promise<PendingResult | null> {
  try {
    const found = (await inStore('readonly', (store) => store.get(uri))) as PendingResult | undefined;
    return found && found.recipe && Array.isArray(found.recipe.photos) && found.recipe.photos.every((photo) => photo instanceof Blob) ? found : null;
  } catch (error) {
    console.warn('The result kept for the payment could not be read', error);
    return null;
  }
}

export async function deletePendingResult(uri: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(uri)).catch((error: unknown) => console.warn('The kept result could not be deleted', error));
}
