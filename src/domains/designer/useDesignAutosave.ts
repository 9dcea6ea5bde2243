import { useEffect, useRef, useState } from 'react';
import type { DesignDocument } from '../../../contract/design.ts';
import { migrateDesign } from '../../../contract/designMigrations.ts';
import { designDocument } from '../../../contract/design.ts';
import { isApiError } from '../../api/index.ts';
import { useDesignStore, type DesignState } from './designStore.ts';
import { createAutosaver, type AutosaveState, type AutosaveStatus, type AutosaveStorage, type Autosaver } from './designAutosaver.ts';
import { loadServerDraft, saveServerDraft, serverBaseOf } from '../../api/designDrafts.ts';
import { loadLocalDraft, saveLocalDraft } from './designDraftDb.ts';

export type { AutosaveStatus, AutosaveState } from './designAutosaver.ts';

/** IndexedDB locally; the server with the last server time this tab saw as the conflict base. */
export const defaultAutosaveStorage: AutosaveStorage = {
  saveLocal: saveLocalDraft,
  saveServer: (document, { overwrite }) => saveServerDraft(document, overwrite ? undefined : serverBaseOf(document.id)),
};

export interface DesignAutosaveOptions {
  signedIn: boolean;
  /** Where drafts go (default: IndexedDB and the API); tests pass their own. */
  storage?: AutosaveStorage;
}

/** `load()` starts a fresh history; every edit, undo and redo leaves one behind. Opening a draft is not an edit. */
const isOpened = (state: DesignState) => state.past.length === 0 && state.future.length === 0;

export interface DesignAutosave extends AutosaveState {
  /** After a DESIGN_CONFLICT: replace the server copy with this one. */
  overwriteServer(): void;
}

/**
 * Saves the designer's document as it changes: to IndexedDB ~300 ms after an edit (and at once when the page is
 * hidden or closed, or the designer unmounts), and when signed in to the server ~1.5 s after an edit. A design
 * loaded as `created` (just made) is saved to both at once.
 */
export function useDesignAutosaveState(options: DesignAutosaveOptions): DesignAutosave {
  const [state, setState] = useState<AutosaveState>({ status: 'idle', error: null });
  const saver = useRef<Autosaver | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const storage = () => latest.current.storage ?? defaultAutosaveStorage;
    const through: AutosaveStorage = {
      saveLocal: (document) => storage().saveLocal(document),
      saveServer: (document, how) => storage().saveServer(document, how),
    };
    const autosaver = createAutosaver(through, { signedIn: latest.current.signedIn }, setState);
    saver.current = autosaver;
    const open = (store: DesignState, document: DesignDocument) => {
      autosaver.baseline(document);
      if (!store.created) return;
      // A design just made is a draft of the account from the start (its page reloads, other devices list it):
      // saved now like an edit, not on the first edit.
      useDesignStore.setState({ created: false });
      autosaver.change(document);
      void autosaver.flush();
    };
    const current = useDesignStore.getState();
    if (current.document) open(current, current.document);
    const unsubscribe = useDesignStore.subscribe((next, previous) => {
      if (!next.document || next.document === previous.document) return;
      if (isOpened(next)) open(next, next.document);
      else autosaver.change(next.document);
    });
    const flush = () => void autosaver.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onOnline = () => autosaver.retryNow();
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
      saver.current = null;
      void autosaver.dispose();
    };
  }, []);

  useEffect(() => {
    saver.current?.setSignedIn(options.signedIn);
  }, [options.signedIn]);

  return { ...state, overwriteServer: () => saver.current?.overwriteServer() };
}

export function useDesignAutosave(options: DesignAutosaveOptions): AutosaveStatus {
  return useDesignAutosaveState(options).status;
}

function readDocument(raw: unknown): DesignDocument | null {
  try {
    const parsed = designDocument.safeParse(migrateDesign(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The newer (by updatedAt) of the local and, when signed in, server copies of a draft, migrated; null when neither
 * exists. A copy that cannot be read or fetched is skipped, so being offline still opens the local draft.
 */
export async function openDesignDraft(id: string, signedIn: boolean): Promise<DesignDocument | null> {
  const [local, server] = await Promise.all([
    loadLocalDraft(id).catch((error: unknown) => {
      console.warn(`Local design draft ${id} could not be opened:`, error);
      return null;
    }),
    signedIn
      ? loadServerDraft(id).then(
          (draft) => readDocument(draft.document),
          (error: unknown) => {
            if (!isApiError(error) || error.code !== 'NOT_FOUND') console.warn(`Server design draft ${id} could not be opened:`, error);
            return null;
          },
        )
      : null,
  ]);
  if (!local || !server) return local ?? server;
  return Date.parse(server.updatedAt) > Date.parse(local.updatedAt) ? server : local;
}
