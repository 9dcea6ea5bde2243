import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDocument } from '../../../contract/design.ts';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { DESIGN_DB_NAME, deleteLocalDraft, listLocalDrafts, loadLocalDraft, saveLocalDraft } from './designDraftDb.ts';

const draft = (id: string, updatedAt: string, overrides: Partial<DesignDocument> = {}): DesignDocument => ({ ...designFixture(), id, name: `Draft ${id}`, updatedAt, ...overrides });

function deleteDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DESIGN_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('delete failed'));
  });
}

/** Writes a raw record into the drafts store, as an older or damaged version of the app might have left it. */
function putRaw(record: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DESIGN_DB_NAME);
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('drafts', 'readwrite');
      tx.objectStore('drafts').put(record);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error ?? new Error('put failed'));
    };
  });
}

describe('local design drafts in IndexedDB (real Chromium)', () => {
  beforeEach(deleteDatabase);
  afterEach(() => vi.restoreAllMocks());

  it('saves a document and loads it back unchanged, replacing it on the next save', async () => {
    const document = draft('alpha', '2026-11-26T08:00:00.000Z');
    await saveLocalDraft(document);
    expect(await loadLocalDraft('alpha')).toEqual(document);

    const edited = draft('alpha', '2026-11-26T08:05:00.000Z', { name: 'Edited', width: 1920 });
    await saveLocalDraft(edited);
    expect(await loadLocalDraft('alpha')).toEqual(edited);
    expect(await listLocalDrafts()).toHaveLength(1);
  });

  it('answers null for a draft that does not exist', async () => {
    expect(await loadLocalDraft('nothing-here')).toBeNull();
  });

  it('lists summaries newest first without the document', async () => {
    await saveLocalDraft(draft('older', '2026-11-20T10:00:00.000Z'));
    await saveLocalDraft(draft('newest', '2026-11-26T10:00:00Z', { kind: 'background', width: 1080, height: 1920 }));
    await saveLocalDraft(draft('middle', '2026-11-25T10:00:00.000Z'));
    const list = await listLocalDrafts();
    expect(list.map((item) => item.id)).toEqual(['newest', 'middle', 'older']);
    expect(list[0]).toEqual({ id: 'newest', name: 'Draft newest', kind: 'background', width: 1080, height: 1920, updatedAt: '2026-11-26T10:00:00Z' });
  });

  it('deletes a draft and its summary', async () => {
    await saveLocalDraft(draft('keep', '2026-11-26T08:00:00.000Z'));
    await saveLocalDraft(draft('drop', '2026-11-26T09:00:00.000Z'));
    await deleteLocalDraft('drop');
    expect(await loadLocalDraft('drop')).toBeNull();
    expect((await listLocalDrafts()).map((item) => item.id)).toEqual(['keep']);
    await deleteLocalDraft('never-saved');
  });

  it('migrates a version 1 record when loading it', async () => {
    await saveLocalDraft(draft('old', '2026-11-26T08:00:00.000Z'));
    const v1 = {
      ...draft('old', '2026-11-26T08:00:00.000Z'),
      schemaVersion: 1,
      assets: {},
      elements: [
        { id: 'h', name: 'Hole', type: 'hole', shape: 'rect', x: 10, y: 10, width: 300, height: 300, rotation: 0, opacity: 1, locked: false, hidden: false },
      ],
    };
    await putRaw(v1);
    const loaded = await loadLocalDraft('old');
    expect(loaded?.schemaVersion).toBe(2);
    expect(loaded?.elements[0]).toMatchObject({ type: 'rect', hole: true, cornerRadius: 0 });
  });

  it('reports a broken record with console.warn and answers null instead of throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await saveLocalDraft(draft('good', '2026-11-26T08:00:00.000Z'));
    await putRaw({ id: 'future', schemaVersion: 99 });
    await putRaw({ ...draft('invalid', '2026-11-26T08:00:00.000Z'), width: 5 });
    expect(await loadLocalDraft('future')).toBeNull();
    expect(await loadLocalDraft('invalid')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain('future');
    expect(String(warn.mock.calls[1]?.[0])).toContain('invalid');
    expect(await loadLocalDraft('good')).not.toBeNull();
  });

  it('lets go of its connection when another tab deletes the database, and reopens it on the next call', async () => {
    await saveLocalDraft(draft('first', '2026-11-26T08:00:00.000Z'));
    // Would stay blocked (and time out) if the open connection did not close on versionchange.
    await deleteDatabase();
    expect(await listLocalDrafts()).toEqual([]);
    await saveLocalDraft(draft('second', '2026-11-26T09:00:00.000Z'));
    expect((await listLocalDrafts()).map((item) => item.id)).toEqual(['second']);
  });
});
