/**
 * Where the live preview puts the face sample in each hole of a design, by the support flow's rules
 * (core/frame/holeRegions.ts): the photo covers the hole's bounds, and faces go into its body, the
 * largest axis-aligned rectangle inside its shape (a star's middle, the square inside a circle).
 *
 * The body comes from the hole's own outline: the element is drawn as it cuts (core/design/designRender.ts)
 * on a small opaque canvas over its bounds, at most BODY_GRID cells a side, and labelled like an uploaded
 * frame's hole. Where that cannot run (no OffscreenCanvas, or a hole that cuts nothing there, such as an image
 * whose pixels are not loaded) the body is the bounds.
 */
import type { DesignDocument, DesignElement } from '../../../contract/design.ts';
import { drawElement, type DesignImages } from '../../../core/design/designRender.ts';
import { holeRegions } from '../../../core/frame/holeRegions.ts';
import type { Rect } from '../../../core/geometry.ts';
import { designHoles, type DesignHole } from './holeBounds.ts';
import { boxSize, type MeasureElement } from './measureElement.ts';

/** Cells along a hole's longer side: faces land within a cell (7 px of a 1080 px hole), and labelling stays well under a millisecond. */
export const BODY_GRID = 160;

/** A hole the sample goes into: the photo covers `bounds`, faces go into `body` (document px). */
export interface HolePlace {
  bounds: Rect;
  body: Rect;
}

const NO_IMAGES: DesignImages = { get: () => undefined };
const RAD = Math.PI / 180;

/** The largest axis-aligned rectangle inside the hole's shape, in document px; its bounds where it cannot be found. */
export function holeBody({ bounds, element, parent }: DesignHole, images: DesignImages = NO_IMAGES): Rect {
  if (typeof OffscreenCanvas === 'undefined') return bounds;
  const scale = Math.min(1, BODY_GRID / Math.max(bounds.width, bounds.height));
  const width = Math.max(1, Math.ceil(bounds.width * scale));
  const height = Math.max(1, Math.ceil(bounds.height * scale));
  const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (!context) return bounds;
  context.fillStyle = '#000000';
  context.fillRect(0, 0, width, height);
  context.scale(scale, scale);
  context.translate(parent.x - bounds.x, parent.y - bounds.y);
  context.rotate(parent.rotation * RAD);
  drawElement(context, element, images);
  const alpha = context.getImageData(0, 0, width, height).data;
  let body: Rect;
  try {
    body = holeRegions({ width, height, alpha, channels: 4 }, [{ x: 0, y: 0, width, height }], { ownEveryPixel: false }).regions[0]!.body;
  } catch (error) {
    // Nothing of the hole is transparent at this size.
    if (error instanceof RangeError) return bounds;
    throw error;
  }
  const left = bounds.x + body.x / scale;
  const top = bounds.y + body.y / scale;
  const right = Math.min(bounds.x + bounds.width, left + body.width / scale);
  const bottom = Math.min(bounds.y + bounds.height, top + body.height / scale);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Bodies of unchanged holes: the store keeps an element's object while it is not edited. */
const bodies = new WeakMap<DesignElement, { key: string; body: Rect }>();

function cachedBody(hole: DesignHole): Rect {
  const key = JSON.stringify([hole.bounds, hole.parent]);
  const known = bodies.get(hole.element);
  if (known?.key === key) return known.body;
  const body = holeBody(hole);
  bodies.set(hole.element, { key, body });
  return body;
}

/** Every visible hole of the design, largest first, with where faces go in it. */
export function holePlaces(document: Pick<DesignDocument, 'width' | 'height' | 'elements'>, measure: MeasureElement = boxSize): HolePlace[] {
  return designHoles(document, measure).map((hole) => ({ bounds: hole.bounds, body: cachedBody(hole) }));
}
