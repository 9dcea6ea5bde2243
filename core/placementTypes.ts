/** What placement works on: faces found in a photo and where the photo sits in a frame. DOM-free, so the server places too. */
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
