/** Konva lookups the design canvas shares between its gestures, overlay and text editor. */
import Konva from 'konva';
import type { DesignDocument } from '../../../contract/design.ts';
import { ancestorsOf, findElement } from '../../../core/design/tree.ts';
import { ELEMENT_NODE } from './ElementNode.tsx';
import type { Rect } from '../../../core/geometry.ts';

/** The element node a Konva shape belongs to, or null for the transformer, guides and the like. */
export function elementNodeOf(shape: Konva.Node | null): Konva.Node | null {
  for (let node = shape; node; node = node.getParent()) {
    if (node instanceof Konva.Transformer) return null;
    if (node.hasName(ELEMENT_NODE)) return node;
  }
  return null;
}

/**
 * What a press on `node` selects: a selected node or ancestor (a child picked in the layers panel
 * stays the target), else the top-level element around it.
 */
export function targetOf(design: DesignDocument, selection: readonly string[], node: Konva.Node): string | null {
  for (let current: Konva.Node | null = node; current && current.hasName(ELEMENT_NODE); current = current.getParent()) {
    if (selection.includes(current.id())) return current.id();
  }
  const path = ancestorsOf(design, node.id());
  return path[0]?.id ?? (findElement(design, node.id()) ? node.id() : null);
}

/** A node's box in document px (relative to the stage's own transform). */
export function documentBox(node: Konva.Node, stage: Konva.Stage | null): Rect {
  const rect = node.getClientRect({ relativeTo: stage ?? undefined, skipShadow: true });
  return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
}

/** The visible top-level element nodes of the page. */
export function topLevelNodes(layer: Konva.Layer | null): Konva.Node[] {
  const page = layer?.findOne('.page');
  return page instanceof Konva.Group ? page.getChildren((node) => node.hasName(ELEMENT_NODE) && node.isVisible()) : [];
}
