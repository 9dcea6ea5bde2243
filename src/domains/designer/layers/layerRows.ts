import type { DesignElement } from '../../../../contract/design.ts';

/** One visible row: the tree flattened top → bottom, children right under their group. */
export interface LayerRow {
  element: DesignElement;
  parentId: string | null;
  /** Index in the parent's list (0 = bottom). */
  index: number;
  depth: number;
  /** 1-based position among siblings as listed (top first), and their count. */
  position: number;
  siblings: number;
}

export function layerRows(elements: readonly DesignElement[], parentId: string | null = null, depth = 0): LayerRow[] {
  return elements
    .map((element, index) => ({ element, index }))
    .toReversed()
    .flatMap(({ element, index }, listed) => [
      { element, parentId, index, depth, position: listed + 1, siblings: elements.length },
      ...(element.type === 'group' ? layerRows(element.children, element.id, depth + 1) : []),
    ]);
}

export type DropPlace = 'above' | 'below';

/** The moveElement index (after removal) that puts `id` above or below `target` in the target's parent. */
export function dropIndex(siblings: readonly DesignElement[], id: string, targetIndex: number, place: DropPlace): number {
  const from = siblings.findIndex((element) => element.id === id);
  const index = place === 'above' ? targetIndex + 1 : targetIndex;
  return from !== -1 && from < index ? index - 1 : index;
}

