/**
 * Every change to a design is one of these commands: plain data, so the history is serialisable
 * and each command's inverse is a command too. `runCommand` (commands.ts) applies one and returns
 * the new document with the inverse; applying the inverse restores the document exactly.
 */
import type { DesignAsset, DesignDocument, DesignElement } from '../../contract/design.ts';

/** A partial element: any of its own fields except id, type and children. `undefined` removes an optional field. */
export type ElementPatch = Readonly<Record<string, unknown>>;

export type DocumentPatch = Partial<Pick<DesignDocument, 'name' | 'kind' | 'width' | 'height' | 'background'>>;

export type DesignCommand =
  /** Inserts each element at `index` of its parent (null: the top level), in order. */
  | { type: 'insertElements'; entries: readonly { parentId: string | null; index: number; element: DesignElement }[] }
  | { type: 'removeElements'; ids: readonly string[] }
  | { type: 'updateElements'; changes: readonly { id: string; patch: ElementPatch }[] }
  /** Moves one element to `index` of `parentId` (reorder in the layers panel, or reparent). */
  | { type: 'moveElement'; id: string; parentId: string | null; index: number }
  /** Wraps siblings (same parent) in a new group at (0, 0), children keep their coordinates; the group takes the topmost one's place. */
  | { type: 'groupElements'; ids: readonly string[]; group: { id: string; name: string } }
  /** Replaces a group by its children, with the group's transform and opacity baked into them. */
  | { type: 'ungroupElement'; id: string }
  /** Replaces a parent's whole child list (the inverse of structural commands). */
  | { type: 'setElements'; parentId: string | null; elements: readonly DesignElement[] }
  | { type: 'updateDocument'; patch: DocumentPatch }
  | { type: 'putAssets'; assets: Readonly<Record<string, DesignAsset>> }
  | { type: 'removeAssets'; ids: readonly string[] }
  /** Runs in order; its inverse runs the inverses in reverse order. */
  | { type: 'batch'; commands: readonly DesignCommand[] };

export interface CommandResult {
  document: DesignDocument;
  inverse: DesignCommand;
}
