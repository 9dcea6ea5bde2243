/**
 * Where the supporter's photo will show in a design: the axis-aligned bounds, in document pixels,
 * of its visible holes, largest first. The live preview places the face sample in each (autoPlace),
 * the way the exported PNG's analysis will find the transparent regions later.
 *
 * Groups carry only a translation and a rotation (no scale), so every element's placement in the
 * document is a rigid motion: the rotations add up along the path. A hole group cuts as a whole,
 * so it counts as one hole (the union of its visible children).
 */
import type { DesignDocument, DesignElement, LeafElement } from '../../../contract/design.ts';
import type { Rect } from '../../../core/geometry.ts';
import { boxSize, type MeasureElement } from './measureElement.ts';

/** Where an element's parent puts its local origin: the element's own x, y and rotation apply after it. */
export interface Placement {
  /** Document position of the element's local origin. */
  x: number;
  y: number;
  /** Total clockwise rotation in degrees. */
  rotation: number;
}

interface Hole {
  bounds: Rect;
  /** Cut area (shape area of its leaves); ranks holes. */
  area: number;
}

/** A visible hole of a design: its bounds on the canvas, and the element that cuts it with its parent's placement. */
export interface DesignHole {
  bounds: Rect;
  element: DesignElement;
  parent: Placement;
}

const RAD = Math.PI / 180;

function place(parent: Placement, element: DesignElement): Placement {
  const cos = Math.cos(parent.rotation * RAD);
  const sin = Math.sin(parent.rotation * RAD);
  return { x: parent.x + element.x * cos - element.y * sin, y: parent.y + element.x * sin + element.y * cos, rotation: parent.rotation + element.rotation };
}

/** Bounds of one leaf's drawn shape in document pixels (an ellipse exactly, other shapes by their box). */
function leafHole(element: LeafElement, at: Placement, measure: MeasureElement): Hole | null {
  const size = measure(element);
  if (!(size.width > 0) || !(size.height > 0)) return null;
  const cos = Math.cos(at.rotation * RAD);
  const sin = Math.sin(at.rotation * RAD);
  const { width: w, height: h } = size;
  // The box centre in the document; the shape's half extents along the document axes.
  const cx = at.x + (w / 2) * cos - (h / 2) * sin;
  const cy = at.y + (w / 2) * sin + (h / 2) * cos;
  let ex: number;
  let ey: number;
  if (element.type === 'ellipse') {
    ex = Math.hypot((w / 2) * cos, (h / 2) * sin);
    ey = Math.hypot((w / 2) * sin, (h / 2) * cos);
  } else {
    ex = (w / 2) * Math.abs(cos) + (h / 2) * Math.abs(sin);
    ey = (w / 2) * Math.abs(sin) + (h / 2) * Math.abs(cos);
  }
  const area = element.type === 'ellipse' ? (Math.PI / 4) * w * h : w * h;
  return { bounds: { x: cx - ex, y: cy - ey, width: 2 * ex, height: 2 * ey }, area };
}

function union(holes: Hole[]): Hole | null {
  if (holes.length === 0) return null;
  const left = Math.min(...holes.map((hole) => hole.bounds.x));
  const top = Math.min(...holes.map((hole) => hole.bounds.y));
  const right = Math.max(...holes.map((hole) => hole.bounds.x + hole.bounds.width));
  const bottom = Math.max(...holes.map((hole) => hole.bounds.y + hole.bounds.height));
  return { bounds: { x: left, y: top, width: right - left, height: bottom - top }, area: holes.reduce((sum, hole) => sum + hole.area, 0) };
}

const visible = (element: DesignElement) => !element.hidden && element.opacity > 0;

/** Everything an element cuts when it (or a group around it) is a hole: its visible leaves, merged. */
function cutBy(element: DesignElement, parent: Placement, measure: MeasureElement): Hole | null {
  if (!visible(element)) return null;
  const at = place(parent, element);
  if (element.type !== 'group') return leafHole(element, at, measure);
  return union(element.children.flatMap((child) => cutBy(child, at, measure) ?? []));
}

function collectHoles(elements: readonly DesignElement[], parent: Placement, measure: MeasureElement, into: (Hole & { element: DesignElement; parent: Placement })[]) {
  for (const element of elements) {
    if (!visible(element)) continue;
    if (element.hole) {
      const hole = cutBy(element, parent, measure);
      if (hole) into.push({ ...hole, element, parent });
    } else if (element.type === 'group') collectHoles(element.children, place(parent, element), measure, into);
  }
  return into;
}

function clip(bounds: Rect, width: number, height: number): Rect | null {
  const left = Math.max(0, bounds.x);
  const top = Math.max(0, bounds.y);
  const right = Math.min(width, bounds.x + bounds.width);
  const bottom = Math.min(height, bounds.y + bounds.height);
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}

/** Every visible hole, its bounds clipped to the canvas, largest cut first. */
export function designHoles(document: Pick<DesignDocument, 'width' | 'height' | 'elements'>, measure: MeasureElement = boxSize): DesignHole[] {
  return collectHoles(document.elements, { x: 0, y: 0, rotation: 0 }, measure, [])
    .flatMap(({ element, parent, ...hole }) => {
      const bounds = clip(hole.bounds, document.width, document.height);
      // A hole partly off the canvas cuts only its share on it.
      const onCanvas = bounds ? (bounds.width * bounds.height) / (hole.bounds.width * hole.bounds.height) : 0;
      return bounds ? [{ bounds, area: hole.area * onCanvas, element, parent }] : [];
    })
    .sort((a, b) => b.area - a.area)
    .map(({ bounds, element, parent }) => ({ bounds, element, parent }));
}

/** Every visible hole's bounds clipped to the canvas, largest cut first. */
export function holeBoundsList(document: Pick<DesignDocument, 'width' | 'height' | 'elements'>, measure: MeasureElement = boxSize): Rect[] {
  return designHoles(document, measure).map((hole) => hole.bounds);
}
