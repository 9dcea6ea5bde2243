/**
 * Align and distribute for the properties panel. Works on what the user sees: each element's
 * axis-aligned bounds on the canvas (rotations of the element and its groups included), and moves
 * it by a canvas-space offset turned into its parent's coordinates.
 */
import type { DesignDocument, DesignElement } from '../../../contract/design.ts';
import { isLocked } from '../../../core/design/commandBuilders.ts';
import type { DesignCommand } from '../../../core/design/designCommand.ts';
import { ancestorsOf, findElement } from '../../../core/design/tree.ts';
import type { Extent } from '../../../core/geometry.ts';
import { tidy } from '../../../core/numbers.ts';
import { boxSize, type MeasureElement } from './measureElement.ts';

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type AlignTarget = 'selection' | 'canvas';

/** A corner as [x, y] (not core/geometry's Point: outlines are lists of these). */
type Corner = readonly [number, number];

const RAD = Math.PI / 180;

function transform(points: readonly Corner[], element: { x: number; y: number; rotation: number }): Corner[] {
  const cos = Math.cos(element.rotation * RAD);
  const sin = Math.sin(element.rotation * RAD);
  return points.map(([px, py]) => [element.x + px * cos - py * sin, element.y + px * sin + py * cos]);
}

/** The corners of everything an element draws, in its parent's coordinates. */
function outline(element: DesignElement, measure: MeasureElement): Corner[] {
  if (element.type === 'group') return transform(element.children.flatMap((child) => outline(child, measure)), element);
  const size = measure(element);
  return transform(
    [
      [0, 0],
      [size.width, 0],
      [size.width, size.height],
      [0, size.height],
    ],
    element,
  );
}

function boxOf(points: readonly Corner[]): Extent | null {
  if (points.length === 0) return null;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** An element's bounds on the canvas; null for an unknown id or an empty group. */
export function canvasBounds(document: DesignDocument, id: string, measure: MeasureElement = boxSize): Extent | null {
  const found = findElement(document, id);
  if (!found) return null;
  const points = ancestorsOf(document, id).reduceRight<Corner[]>((inner, group) => transform(inner, group), outline(found.element, measure));
  return boxOf(points);
}

/** Elements that can move: existing, unlocked, and not inside another listed element. */
function movable(document: DesignDocument, ids: readonly string[], measure: MeasureElement) {
  const unique = [...new Set(ids)];
  return unique.flatMap((id) => {
    const found = findElement(document, id);
    const box = canvasBounds(document, id, measure);
    if (!found || !box || isLocked(document, id)) return [];
    if (ancestorsOf(document, id).some((group) => unique.includes(group.id))) return [];
    return [{ element: found.element, box }];
  });
}

/** Moves an element by (dx, dy) canvas pixels, whatever its groups' rotation. */
function shift(document: DesignDocument, element: DesignElement, dx: number, dy: number) {
  const turn = -ancestorsOf(document, element.id).reduce((sum, group) => sum + group.rotation, 0) * RAD;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  return { id: element.id, patch: { x: tidy(element.x + dx * cos - dy * sin, 2), y: tidy(element.y + dx * sin + dy * cos, 2) } };
}

function commandOf(changes: { id: string; patch: { x: number; y: number } }[], document: DesignDocument): DesignCommand | null {
  const real = changes.filter(({ id, patch }) => {
    const element = findElement(document, id)?.element;
    return element && (element.x !== patch.x || element.y !== patch.y);
  });
  return real.length > 0 ? { type: 'updateElements', changes: real } : null;
}

/**
 * Lines the elements up on one edge or centre of the selection's bounds, or of the canvas. A single
 * element always aligns to the canvas. Null when nothing would move.
 */
export function alignCommand(document: DesignDocument, ids: readonly string[], edge: AlignEdge, target: AlignTarget, measure: MeasureElement = boxSize): DesignCommand | null {
  const items = movable(document, ids, measure);
  if (items.length === 0) return null;
  const selectionBox = ids.map((id) => canvasBounds(document, id, measure)).filter((box): box is Extent => box !== null);
  const frame: Extent =
    target === 'canvas' || ids.length === 1
      ? { minX: 0, minY: 0, maxX: document.width, maxY: document.height }
      : { minX: Math.min(...selectionBox.map((b) => b.minX)), minY: Math.min(...selectionBox.map((b) => b.minY)), maxX: Math.max(...selectionBox.map((b) => b.maxX)), maxY: Math.max(...selectionBox.map((b) => b.maxY)) };
  const changes = items.map(({ element, box }) => {
    const offsets: Record<AlignEdge, [number, number]> = {
      left: [frame.minX - box.minX, 0],
      center: [(frame.minX + frame.maxX - box.minX - box.maxX) / 2, 0],
      right: [frame.maxX - box.maxX, 0],
      top: [0, frame.minY - box.minY],
      middle: [0, (frame.minY + frame.maxY - box.minY - box.maxY) / 2],
      bottom: [0, frame.maxY - box.maxY],
    };
    const [dx, dy] = offsets[edge];
    return shift(document, element, dx, dy);
  });
  return commandOf(changes, document);
}

/** Spaces three or more elements evenly along an axis: the outer two stay, the gaps between all become equal. */
export function distributeCommand(document: DesignDocument, ids: readonly string[], axis: 'horizontal' | 'vertical', measure: MeasureElement = boxSize): DesignCommand | null {
  const items = movable(document, ids, measure);
  if (items.length < 3) return null;
  const lo = (box: Extent) => (axis === 'horizontal' ? box.minX : box.minY);
  const hi = (box: Extent) => (axis === 'horizontal' ? box.maxX : box.maxY);
  const sorted = items.toSorted((a, b) => lo(a.box) + hi(a.box) - lo(b.box) - hi(b.box));
  const span = Math.max(...sorted.map((item) => hi(item.box))) - lo(sorted[0]!.box);
  const gap = (span - sorted.reduce((sum, item) => sum + hi(item.box) - lo(item.box), 0)) / (sorted.length - 1);
  let cursor = lo(sorted[0]!.box);
  const changes = sorted.map(({ element, box }) => {
    const delta = cursor - lo(box);
    cursor += hi(box) - lo(box) + gap;
    return axis === 'horizontal' ? shift(document, element, delta, 0) : shift(document, element, 0, delta);
  });
  return commandOf(changes, document);
}
