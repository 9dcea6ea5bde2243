/**
 * Hands a new design to the frame designer the way the start dialog's choice does on /create/{kind}: the
 * document (with a fresh id and time) goes into the designer store as `created`, so the designer opens it at
 * once and its autosave sends it to the account, and a copy is kept on this device so a reload finds it.
 */
import type { DesignDocument } from '../../../contract/design.ts';
import { saveLocalDraft } from './designDraftDb.ts';
import { useDesignStore } from './designStore.ts';

/** A document id from crypto.randomUUID(), kept to the schema's id alphabet. */
export function newDesignId(): string {
  return crypto.randomUUID().replace(/[^A-Za-z0-9_-]/g, '');
}

/** Starts the draft; resolves with the document as stored, whose id the designer's route takes. */
export async function startNewDesign(draft: DesignDocument): Promise<DesignDocument> {
  const document: DesignDocument = { ...draft, id: newDesignId(), updatedAt: new Date().toISOString() };
  useDesignStore.getState().load(document, { created: true });
  await saveLocalDraft(document).catch((error: unknown) => console.warn('The new design could not be saved on this device', error));
  return document;
}
