import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDocument } from '../../../contract/design.ts';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { useDesignStore } from './designStore.ts';
import { LOCAL_DELAY_MS, SERVER_DELAY_MS, type AutosaveStorage } from './designAutosaver.ts';
import { useDesignAutosave, useDesignAutosaveState } from './useDesignAutosave.ts';

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
