/**
 * Placement (DESIGN.md §5.4): where the photo sits behind the frame's hole. Pure functions,
 * shared by the pipeline (auto placement, composite) and the Konva adjuster (drag, pinch, rotate).
 *
 *   autoPlace({ photo, faces, hole, focusFallback? })  → PhotoTransform  (also `resetTransform`)
 *   coverScaleMin(photo, hole, rotation)                → smallest scale at which the photo covers the hole
 *   clampTransform(t, photo, hole)                      → t with scale in [min, MAX_ZOOM × min] and the hole covered
 *   zoomAt(t, factor, anchor, photo, hole) · pan(t, dx, dy, photo, hole)
 *   rotateBy(t, degrees, photo, hole) (buttons: ±45) · setRotation(t, degrees, photo, hole) (slider)
 *   photoToFrameMatrix(t, photo)                        → AffineMatrix, photo px → frame px
 *
 * `photo` is the working image size (faces are in its pixels), `hole` a rect in frame pixels,
 * PhotoTransform is the photo's centre in frame pixels, scale, and clockwise rotation in degrees.
 * Konva equivalent of the matrix: x, y = t.x, t.y; offset = photo centre; scale = t.scale; rotation = t.rotation.
 * Every function returning a transform returns one that covers the hole (all four hole corners lie
 * inside the rotated photo); non-finite input leaves the transform unchanged.
 */
import type { AffineMatrix, Point, Rect, Size } from './geometry.ts';
import type { FaceBox, PhotoTransform } from './pipelineTypes.ts';

/** Largest zoom, relative to the cover scale. */
export const MAX_ZOOM = 8;
/** One face: its box height as a share of the hole height (MediaPipe boxes span brows to chin). */
export const FACE_HEIGHT_SHARE = 0.45;
/** Faces' union box fits inside this share of the hole, so group photos keep everyone with a margin. */
export const GROUP_FIT_SHARE = 0.8;

export interface PlacementInput {
  photo: Size;
  faces: FaceBox[];
  hole: Rect;
  /** Point of interest in photo pixels when no face is found (e.g. a saliency or mask centroid). */
  focusFallback?: Point;
}

const RAD = Math.PI / 180;

/** Degrees in [-180, 180). */
function normalizeDegrees(degrees: number): number {
  return ((((degrees + 180) % 360) + 360) % 360) - 180;
}

function centre(rect: Rect): Point {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** Half extents of the hole measured along the photo's (rotated) axes. */
function holeExtents(hole: Size, rotation: number): { ex: number; ey: number } {
  const cos = Math.abs(Math.cos(rotation * RAD));
  const sin = Math.abs(Math.sin(rotation * RAD));
  return {
    ex: (hole.width / 2) * cos + (hole.height / 2) * sin,
    ey: (hole.width / 2) * sin + (hole.height / 2) * cos,
  };
}

export function coverScaleMin(photo: Size, hole: Size, rotation: number): number {
  const { ex, ey } = holeExtents(hole, rotation);
  return Math.max((2 * ex) / photo.width, (2 * ey) / photo.height);
}

function checkSizes(photo: Size, hole: Rect): void {
  const ok = (n: number) => Number.isFinite(n) && n > 0;
  if (!ok(photo.width) || !ok(photo.height)) throw new RangeError(`Photo size must be positive, got ${photo.width}×${photo.height}.`);
  if (!ok(hole.width) || !ok(hole.height) || !Number.isFinite(hole.x) || !Number.isFinite(hole.y)) {
    throw new RangeError(`Hole must be a finite rect with positive size, got ${JSON.stringify(hole)}.`);
  }
}

function isFiniteTransform(t: PhotoTransform): boolean {
  return [t.x, t.y, t.scale, t.rotation].every(Number.isFinite) && t.scale > 0;
}

/**
 * Clamps the scale to [cover, MAX_ZOOM × cover] (rescaling about the hole centre, so what the user
 * sees in the middle stays there), then moves the photo the least distance that makes it cover the hole.
 */
export function clampTransform(t: PhotoTransform, photo: Size, hole: Rect): PhotoTransform {
  checkSizes(photo, hole);
  const hc = centre(hole);
  const rotation = normalizeDegrees(Number.isFinite(t.rotation) ? t.rotation : 0);
  const minScale = coverScaleMin(photo, hole, rotation);
  const validScale = Number.isFinite(t.scale) && t.scale > 0;
  const scale = validScale ? Math.min(Math.max(t.scale, minScale), MAX_ZOOM * minScale) : minScale;
  const ratio = validScale ? scale / t.scale : 0;
  const x = Number.isFinite(t.x) ? hc.x + (t.x - hc.x) * ratio : hc.x;
  const y = Number.isFinite(t.y) ? hc.y + (t.y - hc.y) * ratio : hc.y;

  // In the photo's axes, coverage allows the centre offset |dx| ≤ w·s/2 − ex and |dy| ≤ h·s/2 − ey.
  // Clamping there is the nearest allowed point, since rotation keeps distances.
  const { ex, ey } = holeExtents(hole, rotation);
  const cos = Math.cos(rotation * RAD);
  const sin = Math.sin(rotation * RAD);
  const ox = x - hc.x;
  const oy = y - hc.y;
  const limitX = Math.max(0, (photo.width * scale) / 2 - ex);
  const limitY = Math.max(0, (photo.height * scale) / 2 - ey);
  const dx = Math.min(Math.max(ox * cos + oy * sin, -limitX), limitX);
  const dy = Math.min(Math.max(-ox * sin + oy * cos, -limitY), limitY);
  return { x: hc.x + dx * cos - dy * sin, y: hc.y + dx * sin + dy * cos, scale, rotation };
}

/** Zooms by `factor` keeping the frame point `anchor` (pinch centre, cursor) over the same photo pixel. */
export function zoomAt(t: PhotoTransform, factor: number, anchor: Point, photo: Size, hole: Rect): PhotoTransform {
  if (!isFiniteTransform(t) || !(factor > 0) || !Number.isFinite(factor) || !Number.isFinite(anchor.x) || !Number.isFinite(anchor.y)) {
    return clampTransform(t, photo, hole);
  }
  const rotation = normalizeDegrees(t.rotation);
  const minScale = coverScaleMin(photo, hole, rotation);
  const scale = Math.min(Math.max(t.scale * factor, minScale), MAX_ZOOM * minScale);
  const k = scale / t.scale;
  return clampTransform({ x: anchor.x + (t.x - anchor.x) * k, y: anchor.y + (t.y - anchor.y) * k, scale, rotation }, photo, hole);
}

/** Moves the photo by (dx, dy) frame pixels, as far as coverage allows. */
export function pan(t: PhotoTransform, dx: number, dy: number, photo: Size, hole: Rect): PhotoTransform {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return clampTransform(t, photo, hole);
  return clampTransform({ ...t, x: t.x + dx, y: t.y + dy }, photo, hole);
}

/**
 * Sets the rotation (slider), turning the photo about the hole centre so the subject in view stays
 * in view; zooms in about that centre when the new angle needs a larger cover scale.
 */
export function setRotation(t: PhotoTransform, degrees: number, photo: Size, hole: Rect): PhotoTransform {
  if (!isFiniteTransform(t) || !Number.isFinite(degrees)) return clampTransform(t, photo, hole);
  const hc = centre(hole);
  const rotation = normalizeDegrees(degrees);
  const turn = (rotation - t.rotation) * RAD;
  const ox = t.x - hc.x;
  const oy = t.y - hc.y;
  const turned = {
    x: hc.x + ox * Math.cos(turn) - oy * Math.sin(turn),
    y: hc.y + ox * Math.sin(turn) + oy * Math.cos(turn),
    scale: t.scale,
    rotation,
  };
  return clampTransform(turned, photo, hole);
}

/** Rotates by `degrees` (the ±45° buttons). */
export function rotateBy(t: PhotoTransform, degrees: number, photo: Size, hole: Rect): PhotoTransform {
  return setRotation(t, t.rotation + degrees, photo, hole);
}

/**
 * Initial placement.
 * - Faces: the centre of the faces' union box goes to the hole centre; the scale makes the tallest
 *   face FACE_HEIGHT_SHARE of the hole height, reduced until the union fits in GROUP_FIT_SHARE of the hole.
 * - No face: `focusFallback` if given; else the upper third's centre of a portrait photo (where heads
 *   usually are) or the centre of a landscape/square one, at the cover scale (shows the most of the photo).
 * Coverage always wins: the result is clamped, so the face may sit off-centre near a photo edge.
 */
export function autoPlace({ photo, faces, hole, focusFallback }: PlacementInput): PhotoTransform {
  checkSizes(photo, hole);
  const usable = faces.filter(({ box }) => [box.x, box.y, box.width, box.height].every(Number.isFinite) && box.width > 0 && box.height > 0);
  let scale: number;
  let focus: Point;
  if (usable.length > 0) {
    const left = Math.min(...usable.map((f) => f.box.x));
    const top = Math.min(...usable.map((f) => f.box.y));
    const right = Math.max(...usable.map((f) => f.box.x + f.box.width));
    const bottom = Math.max(...usable.map((f) => f.box.y + f.box.height));
    const tallest = Math.max(...usable.map((f) => f.box.height));
    scale = Math.min(
      (FACE_HEIGHT_SHARE * hole.height) / tallest,
      (GROUP_FIT_SHARE * hole.width) / (right - left),
      (GROUP_FIT_SHARE * hole.height) / (bottom - top),
    );
    focus = { x: (left + right) / 2, y: (top + bottom) / 2 };
  } else {
    scale = coverScaleMin(photo, hole, 0);
    const validFallback = focusFallback && Number.isFinite(focusFallback.x) && Number.isFinite(focusFallback.y);
    focus = validFallback ? focusFallback : { x: photo.width / 2, y: photo.height > photo.width ? photo.height / 3 : photo.height / 2 };
  }
  const hc = centre(hole);
  const placed = { x: hc.x - (focus.x - photo.width / 2) * scale, y: hc.y - (focus.y - photo.height / 2) * scale, scale, rotation: 0 };
  // clampTransform rescales about the hole centre, where the focus is, then moves only as far as coverage needs.
  return clampTransform(placed, photo, hole);
}

export const resetTransform = autoPlace;

/** Photo pixels → frame pixels: translate to the centre, rotate clockwise, scale, about the photo centre. */
export function photoToFrameMatrix(t: PhotoTransform, photo: Size): AffineMatrix {
  const cos = Math.cos(t.rotation * RAD) * t.scale;
  const sin = Math.sin(t.rotation * RAD) * t.scale;
  const hw = photo.width / 2;
  const hh = photo.height / 2;
  return { a: cos, b: sin, c: -sin, d: cos, e: t.x - cos * hw + sin * hh, f: t.y - sin * hw - cos * hh };
}

/** Whether every hole corner lies inside the transformed photo (with a tolerance in photo pixels). */
export function coversHole(t: PhotoTransform, photo: Size, hole: Rect, tolerance = 1e-6): boolean {
  const cos = Math.cos(t.rotation * RAD);
  const sin = Math.sin(t.rotation * RAD);
  return [
    [hole.x, hole.y],
    [hole.x + hole.width, hole.y],
    [hole.x, hole.y + hole.height],
    [hole.x + hole.width, hole.y + hole.height],
  ].every(([px = 0, py = 0]) => {
    const ox = px - t.x;
    const oy = py - t.y;
    const u = (ox * cos + oy * sin) / t.scale;
    const v = (-ox * sin + oy * cos) / t.scale;
    return Math.abs(u) <= photo.width / 2 + tolerance && Math.abs(v) <= photo.height / 2 + tolerance;
  });
}
