/** Plane geometry shared by every thread and the server. Coordinates are pixels; y grows downwards. */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned rectangle: its top-left corner and its size. */
export interface Rect extends Point, Size {}

/** An axis-aligned rectangle by its edges (what a min/max scan over points gives). */
export interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * 2D affine matrix in canvas order: x' = a·x + c·y + e, y' = b·x + d·y + f
 * (accepted by `ctx.setTransform(m)` and `DOMMatrix.fromMatrix(m)`).
 */
export interface AffineMatrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}
