/**
 * What a supporter's picture is made of: faces found in a photo, where the photo sits in a frame, what replaces
 * its background and what fills a hole it leaves uncovered. DOM-free, so the server compiles it too.
 */
import type { Point, Rect } from './geometry.ts';

/** A detected face in working-image coordinates. */
export interface FaceBox {
  box: Rect;
  score: number;
  /** MediaPipe's six keypoints (eyes, nose, mouth, ears), same coordinates as box. */
  keypoints: Point[];
}

/**
 * Where the photo sits in the frame: the photo's centre at (x, y) in frame pixels,
 * scaled by `scale` (frame px per working-image px) and rotated by `rotation` about its centre.
 */
export interface PhotoTransform {
  x: number;
  y: number;
  scale: number;
  rotation: number;
}

export type BackgroundChoice =
  | { kind: 'keep' }
  /** radius: Gaussian σ in frame pixels (at output scale 1), whatever the photo's resolution. */
  | { kind: 'blur'; radius: number }
  | { kind: 'color'; color: string }
  | { kind: 'design' }
  | { kind: 'image' };

/**
 * How the part of a hole the photo does not reach is filled (the photo zoomed out to fit faces):
 * a blurred, stretched copy of the photo, the photo's edge colour, a CSS colour, or nothing.
 */
export type HoleFill = { kind: 'blur' } | { kind: 'edge' } | { kind: 'color'; color: string } | { kind: 'transparent' };
