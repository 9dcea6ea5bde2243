import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDocument } from '../../../contract/design.ts';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { TOKEN_STORAGE_KEY } from '../account/public.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { saveServerDraft, serverBaseOf } from '../../api/designDrafts.ts';
import { openDesignDraft } from './useDesignAutosave.ts';

// jsdom has no IndexedDB: the device's copies are a Map here (designDraftDb.browser.test.ts covers the real one).
const device = vi.hoisted(() => new Map<string, unknown>());
vi.mock('./designDraftDb.ts', () => ({
  loadLocalDraft: async (id: string) => (device.get(id) as DesignDocument | undefined) ?? null,
  saveLocalDraft: async () => {},
}));

const copy = (name: string, updatedAt: string): DesignDocument => ({ ...designFixture(), name, updatedAt });

describe('openDesignDraft', () => {
  beforeEach(() => {
    device.clear();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('opens the newer of the device and account copies, and remembers the server time as the next base', async () => {
    device.set('doc1', copy('device', '2026-11-26T10:00:00.000Z'));
    fakeAccountServer(() => json({ data: { document: copy('account', '2026-11-26T11:00:00.000Z'), updatedAt: '2026-11-26T11:00:01.234Z' } }));
    expect((await openDesignDraft('doc1', true))?.name).toBe('account');
    expect(serverBaseOf('doc1')).toBe('2026-11-26T11:00:01.234Z');

    device.set('doc1', copy('device, edited offline', '2026-11-26T12:00:00.000Z'));
    expect((await openDesignDraft('doc1', true))?.name).toBe('device, edited offline');
  });

  it('migrates a version 1 account copy', async () => {
    const v1 = { ...copy('old', '2026-11-26T11:00:00.000Z'), schemaVersion: 1, assets: {}, elements: [{ id: 'h', name: 'Hole', type: 'hole', shape: 'ellipse', x: 0, y: 0, width: 10, height: 10, rotation: 0, opacity: 1, locked: false, hidden: false }] };
    fakeAccountServer(() => json({ data: { document: v1, updatedAt: '2026-11-26T11:00:00.000Z' } }));
    const opened = await openDesignDraft('doc1', true);
    expect(opened?.schemaVersion).toBe(2);
    expect(opened?.elements[0]).toMatchObject({ type: 'ellipse', hole: true });
  });

  it('opens the device copy when signed out (without asking) or when the account has none or cannot be reached', async () => {
    device.set('doc1', copy('device', '2026-11-26T10:00:00.000Z'));
    const server = fakeAccountServer(() => json({ message: 'Design not found', code: 'NOT_FOUND' }, 404));
    expect((await openDesignDraft('doc1', false))?.name).toBe('device');
    expect(server.calls).toEqual([]);
    expect((await openDesignDraft('doc1', true))?.name).toBe('device');

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect((await openDesignDraft('doc1', true))?.name).toBe('device');
    expect(warn).toHaveBeenCalled();
  });

  it('answers null when neither copy exists', async () => {
    fakeAccountServer(() => json({ message: 'Design not found', code: 'NOT_FOUND' }, 404));
    expect(await openDesignDraft('nowhere', true)).toBeNull();
  });

  it('sends the remembered base with the next save', async () => {
    const server = fakeAccountServer((call) => json({ data: { id: 'doc1', name: 'x', kind: 'frame', width: 1080, height: 1080, updatedAt: call.method === 'PUT' ? '2026-11-26T13:00:00.000Z' : '' } }));
    await saveServerDraft(copy('first', '2026-11-26T12:59:00.000Z'));
    await saveServerDraft(copy('second', '2026-11-26T13:01:00.000Z'), serverBaseOf('doc1'));
    const puts = server.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.json?.baseUpdatedAt)).toEqual([undefined, '2026-11-26T13:00:00.000Z']);
    expect(puts[0]?.url.pathname).toBe('/api/v2/designs/doc1');
  });
});
