/**
 * The timing behind the designer's autosave, free of React and of the storage it writes to:
 * every edit is saved locally after a short pause (LOCAL_DELAY_MS) and, when signed in, to the server after a
 * longer one (SERVER_DELAY_MS). A steady stream of edits (a drag) still saves at least every *_MAX_WAIT_MS.
 * Server saves run one at a time; network failures retry with backoff, any other refusal is reported.
 */
import type { DesignDocument } from '../../../contract/design.ts';
import { isApiError } from '../../api/index.ts';

export type AutosaveStatus = 'idle' | 'saving' | 'saved-local' | 'saved' | 'error';

export interface AutosaveState {
  status: AutosaveStatus;
  /** Why the status is 'error' (an ApiError for server refusals); null otherwise. */
  error: Error | null;
}

export interface AutosaveStorage {
  saveLocal(document: DesignDocument): Promise<void>;
  /** `overwrite`: save without the conflict check (the user chose their copy over the server's). */
  saveServer(document: DesignDocument, options: { overwrite: boolean }): Promise<unknown>;
}

export interface AutosaverOptions {
  signedIn: boolean;
  now?: () => Date;
}

export interface Autosaver {
  /** The document was edited. */
  change(document: DesignDocument): void;
  /** A document was opened (or replaced by another copy): nothing to save, unsaved edits of the previous one are saved now. */
  baseline(document: DesignDocument): void;
  /** Saves what is pending now (page hidden or closing). */
  flush(): Promise<void>;
  setSignedIn(signedIn: boolean): void;
  /** Retries a server save waiting for its backoff (the browser is back online). */
  retryNow(): void;
  /** Saves the current document to the server without the conflict check. */
  overwriteServer(): void;
  getState(): AutosaveState;
  /** Flushes, stops the timers and stops reporting. */
  dispose(): Promise<void>;
}

export const LOCAL_DELAY_MS = 300;
export const LOCAL_MAX_WAIT_MS = 2000;
export const SERVER_DELAY_MS = 1500;
export const SERVER_MAX_WAIT_MS = 10_000;
/** Waits before each retry of a server save that failed on the network; the last one repeats. */
export const RETRY_DELAYS_MS = [2000, 5000, 15_000, 30_000, 60_000] as const;

/** Failures worth trying again unchanged: no answer, a time-out, an overloaded or unavailable server. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'NETWORK' || error.code === 'TIMEOUT' || error.status === 429 || error.status >= 500;
}

/** A debounce with a ceiling: fires `delay` after the last call, but no later than `maxWait` after the first (unless `exact`). */
function pauseTimer(delay: number, maxWait: number, fire: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  return {
    schedule(at: number, wait = delay, exact = false) {
      if (timer === undefined) firstAt = at;
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          timer = undefined;
          fire();
        },
        exact ? wait : Math.max(0, Math.min(wait, firstAt + maxWait - at)),
      );
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
    get pending() {
      return timer !== undefined;
    },
  };
}

/** IndexedDB fails with DOMExceptions, which are not Errors everywhere. */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
  return new Error(message, { cause: error });
}

export function createAutosaver(storage: AutosaveStorage, options: AutosaverOptions, onChange: (state: AutosaveState) => void): Autosaver {
  const now = options.now ?? (() => new Date());
  let signedIn = options.signedIn;
  let disposed = false;

  let latest: DesignDocument | null = null;
  /** Edits only ever count up; each save records the count it included, so a late answer never hides a newer edit. */
  let edits = 0;
  /** The count when the current document was opened. */
  let opened = 0;
  let localSaved = 0;
  let serverSaved = 0;
  let localBusy = 0;
  let serverBusy = false;
  let serverAgain = false;
  let overwrite = false;
  let retries = 0;
  let localError: Error | null = null;
  let serverError: Error | null = null;
  /** The stamped copy of `latest`, so the local and server copies of one edit carry the same updatedAt. */
  let stamped: { source: DesignDocument; document: DesignDocument } | null = null;
  let state: AutosaveState = { status: 'idle', error: null };

  const localTimer = pauseTimer(LOCAL_DELAY_MS, LOCAL_MAX_WAIT_MS, () => void saveLocal());
  const serverTimer = pauseTimer(SERVER_DELAY_MS, SERVER_MAX_WAIT_MS, () => void saveServer());

  function stamp(document: DesignDocument): DesignDocument {
    if (stamped?.source !== document) stamped = { source: document, document: { ...document, updatedAt: now().toISOString() } };
    return stamped.document;
  }

  function status(): AutosaveStatus {
    if (localError || serverError) return 'error';
    if (edits === opened) return 'idle';
    if (localSaved < edits || localBusy > 0 || serverBusy) return 'saving';
    if (signedIn && serverSaved < edits) return 'saved-local';
    return signedIn ? 'saved' : 'saved-local';
  }

  function report() {
    if (disposed) return;
    const next: AutosaveState = { status: status(), error: localError ?? serverError };
    if (next.status === state.status && next.error === state.error) return;
    state = next;
    onChange(state);
  }

  async function saveLocal(): Promise<void> {
    localTimer.cancel();
    if (!latest || localSaved >= edits) return;
    const upTo = edits;
    const document = stamp(latest);
    localBusy++;
    report();
    try {
      await storage.saveLocal(document);
      localSaved = Math.max(localSaved, upTo);
      localError = null;
    } catch (error) {
      localError = asError(error);
    } finally {
      localBusy--;
      report();
    }
  }

  async function saveServer(): Promise<void> {
    serverTimer.cancel();
    if (!signedIn || !latest || serverSaved >= edits) return;
    if (serverBusy) {
      serverAgain = true;
      return;
    }
    const upTo = edits;
    const document = stamp(latest);
    const force = overwrite;
    serverBusy = true;
    report();
    try {
      await storage.saveServer(document, { overwrite: force });
      serverSaved = Math.max(serverSaved, upTo);
      serverError = null;
      retries = 0;
      if (force) overwrite = false;
    } catch (error) {
      if (isRetryable(error)) {
        serverTimer.schedule(Date.now(), RETRY_DELAYS_MS[Math.min(retries, RETRY_DELAYS_MS.length - 1)], true);
        retries++;
      } else serverError = asError(error);
    } finally {
      serverBusy = false;
      report();
    }
    if (serverAgain && !disposed) {
      serverAgain = false;
      // The edits that came in during the request: their own pause has passed.
      if (serverSaved < edits && !serverTimer.pending && !serverError) void saveServer();
    }
  }

  async function flush(): Promise<void> {
    await Promise.all([saveLocal(), saveServer()]);
  }

  return {
    change(document) {
      if (disposed) return;
      // Edits of a different document: what is left of the previous one goes out first.
      if (latest && latest.id !== document.id && (localSaved < edits || serverSaved < edits)) void flush();
      latest = document;
      edits++;
      localError = null;
      serverError = null;
      const at = Date.now();
      localTimer.schedule(at);
      if (signedIn && retries === 0) serverTimer.schedule(at);
      report();
    },
    baseline(document) {
      if (disposed) return;
      if (latest && (localSaved < edits || (signedIn && serverSaved < edits))) void flush();
      else {
        localTimer.cancel();
        serverTimer.cancel();
      }
      latest = document;
      opened = edits;
      localSaved = Math.max(localSaved, edits);
      serverSaved = Math.max(serverSaved, edits);
      retries = 0;
      overwrite = false;
      localError = null;
      serverError = null;
      report();
    },
    flush,
    setSignedIn(next) {
      if (next === signedIn) return;
      signedIn = next;
      serverError = null;
      if (!signedIn) serverTimer.cancel();
      else if (latest && serverSaved < edits) serverTimer.schedule(Date.now(), 0);
      report();
    },
    retryNow() {
      if (retries > 0 && serverTimer.pending) void saveServer();
    },
    overwriteServer() {
      // Only edits the server has not taken (after a conflict) are worth forcing.
      if (!latest || disposed || serverSaved >= edits) return;
      overwrite = true;
      serverError = null;
      void saveServer();
    },
    getState: () => state,
    async dispose() {
      if (disposed) return;
      const pending = flush();
      disposed = true;
      localTimer.cancel();
      serverTimer.cancel();
      await pending;
      localTimer.cancel();
      serverTimer.cancel();
    },
  };
}
