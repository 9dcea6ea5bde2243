/**
 * Geometry checks for placement tests, computed from photoToFrameMatrix alone (not from
 * placement's own maths): hole coverage, the clamp rule seen on the photo's axes, photo–hole
 * overlap, and where face boxes land in the frame.
 */
import { photoToFrameMatrix } from '../placement.ts';
import type { AffineMatrix, Point, Rect, Size } from '../geometry.ts';
import type { FaceBox, PhotoTransform } from '../pictureTypes.ts';

export const apply = (m: AffineMatrix, p: Point): Point => ({ x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f });

/** Frame point → photo pixel through the inverse of the matrix. */
export function toPhoto(m: AffineMatrix, p: Point): Point {
  const det = m.a * m.d - m.b * m.c;
  const x = p.x - m.e;
  const y = p.y - m.f;
  return { x: (m.d * x - m.c * y) / det, y: (-m.b * x + m.a * y) / det };
}

export const face = (x: number, y: number, width: number, height: number): FaceBox => ({ box: { x, y, width, height }, score: 0.9, keypoints: [] });

const corners = (r: Rect): Point[] => [
  { x: r.x, y: r.y },
  { x: r.x + r.width, y: r.y },
  { x: r.x + r.width, y: r.y + r.height },
  { x: r.x, y: r.y + r.height },
];

/** Every hole corner maps inside the photo's pixel rectangle. */
export function holeCovered(t: PhotoTransform, photo: Size, hole: Rect): boolean {
  const m = photoToFrameMatrix(t, photo);
  const tolerance = 1e-6 * Math.max(photo.width, photo.height);
  return corners(hole).every((corner) => {
    const p = toPhoto(m, corner);
    return p.x >= -tolerance && p.y >= -tolerance && p.x <= photo.width + tolerance && p.y <= photo.height + tolerance;
  });
}

/**
 * The clamp rule on each photo axis: the hole's span (its corners in photo pixels) lies inside the
 * photo's [0, size], or the photo's span lies inside the hole's.
 */
export function keepsClampRule(t: PhotoTransform, photo: Size, hole: Rect): boolean {
  const m = photoToFrameMatrix(t, photo);
  const inPhoto = corners(hole).map((c) => toPhoto(m, c));
  const tolerance = 1e-6 * Math.max(photo.width, photo.height);
  return (['x', 'y'] as const).every((axis) => {
    const size = axis === 'x' ? photo.width : photo.height;
    const lo = Math.min(...inPhoto.map((p) => p[axis]));
    const hi = Math.max(...inPhoto.map((p) => p[axis]));
    const holeInside = lo >= -tolerance && hi <= size + tolerance;
    const photoInside = lo <= tolerance && hi >= size - tolerance;
    return holeInside || photoInside;
  });
}

/** Whether the photo and the hole share some area (separating-axis test on both rectangles' edges). */
export function overlapsHole(t: PhotoTransform, photo: Size, hole: Rect): boolean {
  const m = photoToFrameMatrix(t, photo);
  const photoCorners = corners({ x: 0, y: 0, ...photo }).map((p) => apply(m, p));
  const holeCorners = corners(hole);
  const edges = [photoCorners, holeCorners].flatMap(([p0, p1, p2]) => [
    [p0!, p1!],
    [p1!, p2!],
  ]);
  const normals = edges.map(([a, b]) => ({ x: a!.y - b!.y, y: b!.x - a!.x }));
  return normals.every((n) => {
    const length = Math.hypot(n.x, n.y);
    const project = (ps: Point[]) => ps.map((p) => (p.x * n.x + p.y * n.y) / length);
    const a = project(photoCorners);
    const b = project(holeCorners);
    return Math.min(...a) < Math.max(...b) && Math.min(...b) < Math.max(...a);
  });
}

/** A face box in frame pixels (upright placements only). */
export function faceInFrame(t: PhotoTransform, photo: Size, box: Rect): Rect {
  const m = photoToFrameMatrix(t, photo);
  const a = apply(m, { x: box.x, y: box.y });
  const b = apply(m, { x: box.x + box.width, y: box.y + box.height });
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/** Whether `inner` lies inside `outer` shrunk by `margin` on every side. */
export function insideWithMargin(inner: Rect, outer: Rect, margin: number, tolerance = 1e-6): boolean {
  return (
    inner.x >= outer.x + margin - tolerance &&
    inner.y >= outer.y + margin - tolerance &&
    inner.x + inner.width <= outer.x + outer.width - margin + tolerance &&
    inner.y + inner.height <= outer.y + outer.height - margin + tolerance
  );
}
