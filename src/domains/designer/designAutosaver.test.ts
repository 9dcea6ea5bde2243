import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDocument } from '../../../contract/design.ts';
import { ApiError } from '../../api/index.ts';
import { designFixture } from '../../../core/testing/designFixture.ts';
import { createAutosaver, LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS, RETRY_DELAYS_MS, SERVER_DELAY_MS, type AutosaveState, type AutosaveStorage } from './designAutosaver.ts';

const doc = (name: string, id = 'doc1'): DesignDocument => ({ ...designFixture(), id, name });
const networkDown = () => new ApiError({ status: 0, code: 'NETWORK', message: 'Failed to fetch' });

/** Storage that records what it was given; each call can be made to fail or to wait. */
function fakeStorage() {
  const local: DesignDocument[] = [];
  const server: Array<{ document: DesignDocument; overwrite: boolean }> = [];
  const serverFailures: unknown[] = [];
  let release: (() => void) | null = null;
  let holdServer = false;
  const storage: AutosaveStorage = {
    saveLocal: async (document) => {
      local.push(document);
    },
    saveServer: async (document, { overwrite }) => {
      if (holdServer) await new Promise<void>((resolve) => (release = resolve));
      const failure = serverFailures.shift();
      if (failure) throw failure;
      server.push({ document, overwrite });
    },
  };
  return {
    storage,
    local,
    server,
    failNextServer: (...errors: unknown[]) => serverFailures.push(...errors),
    hold: () => (holdServer = true),
    release: () => {
      holdServer = false;
      release?.();
    },
  };
}

describe('createAutosaver', () => {
  let states: AutosaveState[];
  const statuses = () => states.map((state) => state.status);
  let clock = 0;
  const now = () => new Date(Date.UTC(2026, 10, 26, 9, 0, 0) + clock++ * 1000);

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('saves locally once the edits pause, stamping updatedAt, and nothing to the server when signed out', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: false, now }, (state) => states.push(state));
    saver.baseline(doc('opened'));
    expect(saver.getState().status).toBe('idle');

    saver.change(doc('a'));
    await vi.advanceTimersByTimeAsync(LOCAL_DELAY_MS - 50);
    saver.change(doc('ab'));
    await vi.advanceTimersByTimeAsync(LOCAL_DELAY_MS - 50);
    expect(fake.local).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(fake.local.map((document) => document.name)).toEqual(['ab']);
    expect(fake.local[0]?.updatedAt).toBe('2026-11-26T09:00:00.000Z');
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS * 2);
    expect(fake.server).toEqual([]);
    expect(statuses()).toEqual(['saving', 'saved-local']);
  });

  it('still saves during a steady stream of edits, at least every LOCAL_MAX_WAIT_MS', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: false, now }, (state) => states.push(state));
    for (let i = 0; i < 40; i++) {
      saver.change(doc(`drag ${i}`));
      await vi.advanceTimersByTimeAsync(100);
    }
    // 4 s of edits 100 ms apart: a plain debounce would not have saved at all.
    expect(fake.local.length).toBeGreaterThanOrEqual(Math.floor(4000 / LOCAL_MAX_WAIT_MS));
  });

  it('saves to the server after the longer pause when signed in: saving → saved-local → saving → saved', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: true, now }, (state) => states.push(state));
    saver.change(doc('one'));
    await vi.advanceTimersByTimeAsync(LOCAL_DELAY_MS);
    expect(saver.getState().status).toBe('saved-local');
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS - LOCAL_DELAY_MS);
    expect(fake.server.map((call) => call.document.name)).toEqual(['one']);
    expect(fake.server[0]?.overwrite).toBe(false);
    // The local and the server copy of one edit carry the same time.
    expect(fake.server[0]?.document.updatedAt).toBe(fake.local[0]?.updatedAt);
    expect(statuses()).toEqual(['saving', 'saved-local', 'saving', 'saved']);
  });

  it('runs one server save at a time and sends the edits made meanwhile right after', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: true, now }, (state) => states.push(state));
    fake.hold();
    saver.change(doc('first'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    saver.change(doc('second'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS * 3);
    expect(fake.server).toEqual([]);
    fake.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.server.map((call) => call.document.name)).toEqual(['first', 'second']);
    expect(saver.getState().status).toBe('saved');
  });

  it('retries a server save that failed on the network with growing waits, keeping the local copy', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: true, now }, (state) => states.push(state));
    const timeout = new ApiError({ status: 0, code: 'TIMEOUT', message: 'timed out' });
    const unavailable = new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'down' });
    fake.failNextServer(networkDown(), timeout, unavailable);
    saver.change(doc('offline edit'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    expect(saver.getState()).toEqual({ status: 'saved-local', error: null });
    // Each failure waits longer before the next try; edits meanwhile do not cut the wait short.
    for (const wait of RETRY_DELAYS_MS.slice(0, 3)) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fake.server).toEqual([]);
      saver.change(doc('offline edit'));
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(fake.server.map((call) => call.document.name)).toEqual(['offline edit']);
    await vi.advanceTimersByTimeAsync(LOCAL_DELAY_MS);
    expect(saver.getState().status).toBe('saved');
  });

  it('retries at once when the browser is back online', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: true, now }, (state) => states.push(state));
    fake.failNextServer(networkDown());
    saver.change(doc('x'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    saver.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.server).toHaveLength(1);
  });

  it('reports any other refusal as an error with its reason, without retrying, until the next edit', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: true, now }, (state) => states.push(state));
    const conflict = new ApiError({ status: 409, code: 'DESIGN_CONFLICT', message: 'changed elsewhere' });
    fake.failNextServer(conflict);
    saver.change(doc('mine'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    expect(saver.getState()).toEqual({ status: 'error', error: conflict });
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.at(-1)! * 2);
    expect(fake.server).toEqual([]);

    // The user keeps their copy.
    saver.overwriteServer();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.server).toEqual([{ document: expect.objectContaining({ name: 'mine' }), overwrite: true }]);
    expect(saver.getState()).toEqual({ status: 'saved', error: null });
    saver.change(doc('mine, later'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    expect(fake.server.at(-1)?.overwrite).toBe(false);
  });

  it('reports a failed local save as an error', async () => {
    const failing: AutosaveStorage = { saveLocal: () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')), saveServer: async () => {} };
    const saver = createAutosaver(failing, { signedIn: false, now }, (state) => states.push(state));
    saver.change(doc('big'));
    await vi.advanceTimersByTimeAsync(LOCAL_DELAY_MS);
    expect(saver.getState().status).toBe('error');
    expect(saver.getState().error?.message).toBe('Quota exceeded');
  });

  it('flushes pending edits at once, and on dispose, then stays quiet', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: true, now }, (state) => states.push(state));
    saver.change(doc('before hiding'));
    await saver.flush();
    expect(fake.local.map((document) => document.name)).toEqual(['before hiding']);
    expect(fake.server.map((call) => call.document.name)).toEqual(['before hiding']);

    saver.change(doc('before closing'));
    const reported = states.length;
    await saver.dispose();
    expect(fake.local.map((document) => document.name)).toEqual(['before hiding', 'before closing']);
    expect(fake.server.map((call) => call.document.name)).toEqual(['before hiding', 'before closing']);
    saver.change(doc('after'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS * 2);
    expect(fake.local).toHaveLength(2);
    expect(states).toHaveLength(reported);
  });

  it('treats opening a document as nothing to save, but saves unsaved edits of the previous one first', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: false, now }, (state) => states.push(state));
    saver.baseline(doc('first', 'a'));
    saver.change(doc('first, edited', 'a'));
    saver.baseline(doc('second', 'b'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.local.map((document) => `${document.id}:${document.name}`)).toEqual(['a:first, edited']);
    expect(saver.getState().status).toBe('idle');
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS * 2);
    expect(fake.local).toHaveLength(1);
    saver.change(doc('second, edited', 'b'));
    await vi.advanceTimersByTimeAsync(LOCAL_DELAY_MS);
    expect(fake.local.map((document) => `${document.id}:${document.name}`)).toEqual(['a:first, edited', 'b:second, edited']);
  });

  it('sends what is only local once the user signs in, and stops at sign-out', async () => {
    const fake = fakeStorage();
    const saver = createAutosaver(fake.storage, { signedIn: false, now }, (state) => states.push(state));
    saver.change(doc('draft'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    expect(fake.server).toEqual([]);
    saver.setSignedIn(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.server.map((call) => call.document.name)).toEqual(['draft']);
    saver.setSignedIn(false);
    saver.change(doc('signed out'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS * 2);
    expect(fake.server).toHaveLength(1);
    expect(saver.getState().status).toBe('saved-local');
  });
});
