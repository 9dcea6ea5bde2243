/**
 * Placement (DESIGN.md §5.4): where the photo sits behind the frame's hole. Pure functions,
 * shared by the pipeline (auto placement, composite) and the Konva adjuster (drag, pinch, rotate).
 *
 *   autoPlace({ photo, faces, hole, body?, focusFallback? }) → PhotoTransform  (also `resetTransform`)
 *   coverScaleMin(photo, hole, rotation)    → smallest scale at which the photo covers the hole
 *   containScaleMin(photo, hole, rotation)  → the zoom-out floor: all of the photo visible
 *   clampTransform(t, photo, hole)          → t with scale in [contain, MAX_ZOOM × cover], kept by the clamp rule
 *   zoomAt(t, factor, anchor, photo, hole) · pan(t, dx, dy, photo, hole)
 *   setRotation(t, degrees, photo, hole) (slider) · rotateBy(t, degrees, photo, hole) (buttons: ±45)
 *   setRotationAbout(t, degrees, anchor, photo, hole) (two-finger turn)
 *   photoToFrameMatrix(t, photo)            → AffineMatrix, photo px → frame px
 *   coversHole(t, photo, hole)              → whether the photo covers the whole hole
 *
 * `photo` is the working image size (faces are in its pixels). `hole` is a rect in frame pixels: the
 * box the photo must cover when it can (every pixel of the hole that shows the photo); `body` is
 * the largest axis-aligned rect inside the hole's shape (a star's middle), where faces go.
 * PhotoTransform is the photo's centre in frame pixels, scale, and clockwise rotation in degrees.
 * Konva equivalent of the matrix: x, y = t.x, t.y; offset = photo centre; scale = t.scale; rotation = t.rotation.
 *
 * The clamp rule, along each of the photo's (rotated) axes: where the photo is longer than the
 * hole it covers the hole, where it is shorter it stays inside the hole. So at cover scale and
 * above the photo covers the whole hole, below it (zoomed out, or a group placed to show everyone)
 * the part of the hole it leaves is filled by the compositor, and the photo can never leave the
 * hole. Every function returning a transform returns one that keeps the rule; non-finite input
 * leaves the transform unchanged.
 */
import type { AffineMatrix, Point, Rect, Size } from './geometry.ts';
import type { FaceBox, PhotoTransform } from './pictureTypes.ts';
import { fitFaces } from './placementFit.ts';

/** Largest zoom, relative to the cover scale. */
export const MAX_ZOOM = 8;
/** One face: its box height as a share of the body height (MediaPipe boxes span brows to chin). */
export const FACE_HEIGHT_SHARE = 0.45;
/** Faces' union box fits inside this share of the body, so group photos keep everyone with room around. */
export const GROUP_FIT_SHARE = 0.8;
/** Every face box ends at least this share of the body's smaller side inside the body's edges. */
export const FACE_MARGIN_SHARE = 0.06;

export interface PlacementInput {
  photo: Size;
  faces: FaceBox[];
  /** The rect the photo must cover when it can. */
  hole: Rect;
  /** The largest axis-aligned rect inside the hole's shape, where faces go; default `hole`. */
  body?: Rect;
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

/**
 * The zoom-out floor, "all of the photo visible": the photo is no longer than the hole along either
 * of its axes (measured along them), and exactly as long along one, so it still spans the hole there.
 */
export function containScaleMin(photo: Size, hole: Size, rotation: number): number {
  const { ex, ey } = holeExtents(hole, rotation);
  return Math.min((2 * ex) / photo.width, (2 * ey) / photo.height);
}

function checkRect(rect: Rect, name: string): void {
  const ok = (n: number) => Number.isFinite(n) && n > 0;
  if (!ok(rect.width) || !ok(rect.height) || !Number.isFinite(rect.x) || !Number.isFinite(rect.y)) {
    throw new RangeError(`${name} must be a finite rect with positive size, got ${JSON.stringify(rect)}.`);
  }
}

function checkSizes(photo: Size, hole: Rect): void {
  const ok = (n: number) => Number.isFinite(n) && n > 0;
  if (!ok(photo.width) || !ok(photo.height)) throw new RangeError(`Photo size must be positive, got ${photo.width}×${photo.height}.`);
  checkRect(hole, 'Hole');
}

function isFiniteTransform(t: PhotoTransform): boolean {
  return [t.x, t.y, t.scale, t.rotation].every(Number.isFinite) && t.scale > 0;
}

/**
 * clampTransform with a choice of floor: `keepCover` raises the scale to the cover scale (a turn
 * must not uncover a hole the photo covered), else the floor is the contain scale.
 */
function clampWithFloor(t: PhotoTransform, photo: Size, hole: Rect, keepCover: boolean): PhotoTransform {
  checkSizes(photo, hole);
  const hc = centre(hole);
  const rotation = normalizeDegrees(Number.isFinite(t.rotation) ? t.rotation : 0);
  const cover = coverScaleMin(photo, hole, rotation);
  const floor = keepCover ? cover : containScaleMin(photo, hole, rotation);
  const validScale = Number.isFinite(t.scale) && t.scale > 0;
  const scale = validScale ? Math.min(Math.max(t.scale, floor), MAX_ZOOM * cover) : cover;
  const ratio = validScale ? scale / t.scale : 0;
  const x = Number.isFinite(t.x) ? hc.x + (t.x - hc.x) * ratio : hc.x;
  const y = Number.isFinite(t.y) ? hc.y + (t.y - hc.y) * ratio : hc.y;

  // In the photo's axes the rule allows the centre offset |dx| ≤ |w·s/2 − ex| and |dy| ≤ |h·s/2 − ey|
  // (covering the hole's extent when longer, inside it when shorter). Clamping there is the nearest
  // allowed point, since rotation keeps distances.
  const { ex, ey } = holeExtents(hole, rotation);
  const cos = Math.cos(rotation * RAD);
  const sin = Math.sin(rotation * RAD);
  const ox = x - hc.x;
  const oy = y - hc.y;
  const limitX = Math.abs((photo.width * scale) / 2 - ex);
  const limitY = Math.abs((photo.height * scale) / 2 - ey);
  const dx = Math.min(Math.max(ox * cos + oy * sin, -limitX), limitX);
  const dy = Math.min(Math.max(-ox * sin + oy * cos, -limitY), limitY);
  return { x: hc.x + dx * cos - dy * sin, y: hc.y + dx * sin + dy * cos, scale, rotation };
}

/**
 * Clamps the scale to [contain, MAX_ZOOM × cover] (rescaling about the hole centre, so what the user
 * sees in the middle stays there; an invalid scale becomes the cover scale), then moves the photo
 * the least distance that keeps the clamp rule.
 */
export function clampTransform(t: PhotoTransform, photo: Size, hole: Rect): PhotoTransform {
  return clampWithFloor(t, photo, hole, false);
}

/** Zooms by `factor` keeping the frame point `anchor` (pinch centre, cursor) over the same photo pixel. */
export function zoomAt(t: PhotoTransform, factor: number, anchor: Point, photo: Size, hole: Rect): PhotoTransform {
  if (!isFiniteTransform(t) || !(factor > 0) || !Number.isFinite(factor) || !Number.isFinite(anchor.x) || !Number.isFinite(anchor.y)) {
    return clampTransform(t, photo, hole);
  }
  const rotation = normalizeDegrees(t.rotation);
  const cover = coverScaleMin(photo, hole, rotation);
  const scale = Math.min(Math.max(t.scale * factor, containScaleMin(photo, hole, rotation)), MAX_ZOOM * cover);
  const k = scale / t.scale;
  return clampTransform({ x: anchor.x + (t.x - anchor.x) * k, y: anchor.y + (t.y - anchor.y) * k, scale, rotation }, photo, hole);
}

/** Moves the photo by (dx, dy) frame pixels, as far as the clamp rule allows. */
export function pan(t: PhotoTransform, dx: number, dy: number, photo: Size, hole: Rect): PhotoTransform {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return clampTransform(t, photo, hole);
  return clampTransform({ ...t, x: t.x + dx, y: t.y + dy }, photo, hole);
}

/**
 * Sets the rotation to `degrees`, turning the photo about the frame point `anchor` so what is under
 * it stays there. A photo that covered the hole keeps covering it: it zooms in about the hole
 * centre when the new angle needs a larger cover scale. A photo zoomed out below cover keeps its
 * scale, down to the new angle's contain floor.
 */
export function setRotationAbout(t: PhotoTransform, degrees: number, anchor: Point, photo: Size, hole: Rect): PhotoTransform {
  if (!isFiniteTransform(t) || !Number.isFinite(degrees) || !Number.isFinite(anchor.x) || !Number.isFinite(anchor.y)) {
    return clampTransform(t, photo, hole);
  }
  const rotation = normalizeDegrees(degrees);
  const turn = (rotation - t.rotation) * RAD;
  const ox = t.x - anchor.x;
  const oy = t.y - anchor.y;
  const turned = {
    x: anchor.x + ox * Math.cos(turn) - oy * Math.sin(turn),
    y: anchor.y + ox * Math.sin(turn) + oy * Math.cos(turn),
    scale: t.scale,
    rotation,
  };
  const covered = t.scale >= coverScaleMin(photo, hole, t.rotation) * (1 - 1e-9);
  return clampWithFloor(turned, photo, hole, covered);
}

/** Sets the rotation (slider), turning the photo about the hole centre so the subject in view stays in view. */
export function setRotation(t: PhotoTransform, degrees: number, photo: Size, hole: Rect): PhotoTransform {
  return setRotationAbout(t, degrees, centre(hole), photo, hole);
}

/** Rotates by `degrees` (the ±45° buttons). */
export function rotateBy(t: PhotoTransform, degrees: number, photo: Size, hole: Rect): PhotoTransform {
  return setRotation(t, t.rotation + degrees, photo, hole);
}

/**
 * Initial placement (upright).
 * - Faces: first the scale that makes the tallest face FACE_HEIGHT_SHARE of the body height and the
 *   faces' union at most GROUP_FIT_SHARE of the body, raised to the cover scale if below it (so a
 *   close-up still fills the hole). If no position there keeps the clamp rule with every face inside
 *   the body shrunk by FACE_MARGIN_SHARE of its smaller side, the largest smaller scale at which one
 *   does, even though the photo then no longer covers the hole, down to the contain scale. At the
 *   scale found, the faces' union is centred in the body, or as near as allowed. When the faces cannot
 *   all fit even with the whole photo visible: the contain scale, faces as near the body centre as allowed.
 * - No face: `focusFallback` if given; else the upper third's centre of a portrait photo (where heads
 *   usually are) or the centre of a landscape/square one, over the body centre at the cover scale
 *   (shows the most of the photo), then moved as little as needed to cover the hole.
 */
export function autoPlace({ photo, faces, hole, body = hole, focusFallback }: PlacementInput): PhotoTransform {
  checkSizes(photo, hole);
  checkRect(body, 'Body');
  const usable = faces.filter(({ box }) => [box.x, box.y, box.width, box.height].every(Number.isFinite) && box.width > 0 && box.height > 0);
  if (usable.length > 0) {
    const boxes = usable.map((f) => f.box);
    const left = Math.min(...boxes.map((b) => b.x));
    const top = Math.min(...boxes.map((b) => b.y));
    const right = Math.max(...boxes.map((b) => b.x + b.width));
    const bottom = Math.max(...boxes.map((b) => b.y + b.height));
    const tallest = Math.max(...boxes.map((b) => b.height));
    const target = Math.min(
      (FACE_HEIGHT_SHARE * body.height) / tallest,
      (GROUP_FIT_SHARE * body.width) / (right - left),
      (GROUP_FIT_SHARE * body.height) / (bottom - top),
    );
    const cover = coverScaleMin(photo, hole, 0);
    const fit = fitFaces({
      photo,
      faces: { x: left, y: top, width: right - left, height: bottom - top },
      hole,
      body,
      margin: FACE_MARGIN_SHARE * Math.min(body.width, body.height),
      scales: { min: containScaleMin(photo, hole, 0), max: Math.min(Math.max(target, cover), MAX_ZOOM * cover) },
    });
    // Already within the rule; the clamp only absorbs rounding.
    return clampTransform({ x: fit.x, y: fit.y, scale: fit.scale, rotation: 0 }, photo, hole);
  }
  const scale = coverScaleMin(photo, hole, 0);
  const validFallback = focusFallback && Number.isFinite(focusFallback.x) && Number.isFinite(focusFallback.y);
  const focus = validFallback ? focusFallback : { x: photo.width / 2, y: photo.height > photo.width ? photo.height / 3 : photo.height / 2 };
  const bc = centre(body);
  const placed = { x: bc.x - (focus.x - photo.width / 2) * scale, y: bc.y - (focus.y - photo.height / 2) * scale, scale, rotation: 0 };
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
