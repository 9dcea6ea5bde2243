import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDocument } from '../../../contract/design.ts';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { TOKEN_STORAGE_KEY } from '../account/public.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { useDesignStore } from './designStore.ts';
import { LOCAL_DELAY_MS, SERVER_DELAY_MS, type AutosaveStorage } from './designAutosaver.ts';
import { defaultAutosaveStorage, openDesignDraft, useDesignAutosave, useDesignAutosaveState } from './useDesignAutosave.ts';

function recordingStorage() {
  const local: DesignDocument[] = [];
  const server: DesignDocument[] = [];
  const storage: AutosaveStorage = {
    saveLocal: async (document) => {
      local.push(document);
    },
    saveServer: async (document) => {
      server.push(document);
    },
  };
  return { storage, local, server };
}

const rename = (name: string) => act(() => useDesignStore.getState().dispatch({ type: 'updateDocument', patch: { name } }));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useDesignAutosave with the design store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useDesignStore.getState().reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useDesignStore.getState().reset();
  });

  it('does not save a document that was only opened, then saves each edit locally and to the server', async () => {
    const { storage, local, server } = recordingStorage();
    useDesignStore.getState().load(designFixture());
    const { result } = renderHook(() => useDesignAutosave({ signedIn: true, storage }));
    expect(result.current).toBe('idle');
    act(() => useDesignStore.getState().load({ ...designFixture(), name: 'Reopened' }));
    await advance(SERVER_DELAY_MS * 2);
    expect(local).toEqual([]);
    expect(result.current).toBe('idle');

    await rename('Edited');
    expect(result.current).toBe('saving');
    await advance(LOCAL_DELAY_MS);
    expect(local.map((document) => document.name)).toEqual(['Edited']);
    expect(result.current).toBe('saved-local');
    await advance(SERVER_DELAY_MS);
    expect(server.map((document) => document.name)).toEqual(['Edited']);
    expect(result.current).toBe('saved');
    // Undo is an edit too.
    act(() => useDesignStore.getState().undo());
    await advance(LOCAL_DELAY_MS);
    expect(local.at(-1)?.name).toBe('Reopened');
  });

  it('stamps updatedAt with the time of the save', async () => {
    vi.setSystemTime(new Date('2026-11-26T10:30:00.000Z'));
    const { storage, local } = recordingStorage();
    useDesignStore.getState().load(designFixture());
    renderHook(() => useDesignAutosave({ signedIn: false, storage }));
    await rename('Now');
    await advance(LOCAL_DELAY_MS);
    expect(local[0]?.updatedAt).toBe(new Date(Date.parse('2026-11-26T10:30:00.000Z') + LOCAL_DELAY_MS).toISOString());
    expect(useDesignStore.getState().document?.updatedAt).toBe(designFixture().updatedAt);
  });

  it('saves at once when the page is hidden or closed, and when the designer unmounts', async () => {
    const { storage, local, server } = recordingStorage();
    useDesignStore.getState().load(designFixture());
    const { unmount } = renderHook(() => useDesignAutosave({ signedIn: true, storage }));

    await rename('Hidden');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Reflect.deleteProperty(document, 'visibilityState');
    expect(local.map((d) => d.name)).toEqual(['Hidden']);
    expect(server.map((d) => d.name)).toEqual(['Hidden']);

    await rename('Closing');
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(local.map((d) => d.name)).toEqual(['Hidden', 'Closing']);

    await rename('Leaving');
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(local.map((d) => d.name)).toEqual(['Hidden', 'Closing', 'Leaving']);
    expect(server.map((d) => d.name)).toEqual(['Hidden', 'Closing', 'Leaving']);
    // Unmounted: later edits are not this hook's business any more.
    await rename('Elsewhere');
    await advance(SERVER_DELAY_MS * 2);
    expect(local).toHaveLength(3);
  });

  it('starts sending to the server when the user signs in', async () => {
    const { storage, server } = recordingStorage();
    useDesignStore.getState().load(designFixture());
    const { result, rerender } = renderHook(({ signedIn }) => useDesignAutosaveState({ signedIn, storage }), { initialProps: { signedIn: false } });
    await rename('Offline draft');
    await advance(SERVER_DELAY_MS * 2);
    expect(server).toEqual([]);
    expect(result.current.status).toBe('saved-local');
    rerender({ signedIn: true });
    await advance(0);
    expect(server.map((d) => d.name)).toEqual(['Offline draft']);
    expect(result.current.status).toBe('saved');
  });
});

describe('a design just made (loaded as created)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    useDesignStore.getState().reset();
  });

  it('is saved at once, on the device and to the account, without waiting for an edit, and only once', async () => {
    vi.useFakeTimers();
    const { storage, local, server } = recordingStorage();
    useDesignStore.getState().load(designFixture(), { created: true });
    const first = renderHook(() => useDesignAutosave({ signedIn: true, storage }));
    await advance(0);
    expect(server.map((document) => document.id)).toEqual([designFixture().id]);
    expect(local).toHaveLength(1);
    expect(first.result.current).toBe('saved');
    expect(useDesignStore.getState().created).toBe(false);
    // Back to the form and into the designer again: nothing new to save.
    first.unmount();
    renderHook(() => useDesignAutosave({ signedIn: true, storage }));
    await advance(SERVER_DELAY_MS * 2);
    expect(server).toHaveLength(1);
  });

  it('exists on the server before the first edit, so opening it again finds the account copy (no 404)', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // jsdom has no IndexedDB: the device copy is skipped
    const stored = new Map<string, { document: unknown; updatedAt: string }>();
    const api = fakeAccountServer((call) => {
      const id = call.url.pathname.split('/').at(-1)!;
      if (call.method === 'PUT') {
        const updatedAt = new Date().toISOString();
        stored.set(id, { document: call.json?.document, updatedAt });
        return json({ data: { id, name: 'Graduation laurel', kind: 'frame', width: 1080, height: 1080, updatedAt } });
      }
      const draft = stored.get(id);
      return draft ? json({ data: draft }) : json({ message: 'Design not found', code: 'NOT_FOUND' }, 404);
    });
    const fresh = { ...designFixture(), id: 'fresh-template', name: 'Graduation laurel' };
    useDesignStore.getState().load(fresh, { created: true });
    const { result } = renderHook(() => useDesignAutosaveState({ signedIn: true, storage: { saveLocal: async () => {}, saveServer: defaultAutosaveStorage.saveServer } }));
    await waitFor(() => expect(result.current.status).toBe('saved'));
    expect(api.to('/designs/fresh-template').map((call) => call.method)).toEqual(['PUT']);
    expect(api.to('/designs/fresh-template')[0]?.json).not.toHaveProperty('baseUpdatedAt');
    const opened = await openDesignDraft('fresh-template', true);
    expect(opened).toMatchObject({ id: 'fresh-template', name: 'Graduation laurel' });
    expect(api.to('/designs/fresh-template').map((call) => call.method)).toEqual(['PUT', 'GET']);
  });
});
