import type { Rect, Size } from '../../../core/geometry.ts';
import type { PhotoTransform } from '../../pipeline/index.ts';

/** Pixels across a hole: the photo's (working image) and the result's. */
export interface HoleResolution {
  photo: Size;
  output: Size;
  /** The photo has fewer pixels under the hole than the result: it is upscaled and may look blurry. */
  low: boolean;
}

/**
 * How many of the photo's pixels fill `hole` under `transform`, against the result's pixels there.
 * `transform.scale` is frame px per working-image px and the result has `outputScale` px per frame px,
 * so the photo is upscaled exactly when scale × outputScale > 1. Counted in whole pixels, so a
 * placement that is 1:1 up to rounding is not called low. Rotation does not change the count, and a
 * part of the hole the photo leaves uncovered is not held against it (only the density counts).
 */
export function holeResolution(hole: Rect, transform: PhotoTransform, outputScale = 1): HoleResolution {
  const output = { width: Math.round(hole.width * outputScale), height: Math.round(hole.height * outputScale) };
  const photo = { width: Math.round(hole.width / transform.scale), height: Math.round(hole.height / transform.scale) };
  return { photo, output, low: photo.width * photo.height < output.width * output.height };
}

/**
 * Of several holes, the one whose photo is enlarged the most (fewest photo pixels per result pixel):
 * the one the low-resolution notice speaks of, so it warns when any hole is low.
 */
export function leastSharpHole<T extends { hole: Rect; transform: PhotoTransform }>(holes: readonly T[]): T | undefined {
  return holes.reduce<T | undefined>((worst, next) => (!worst || next.transform.scale > worst.transform.scale ? next : worst), undefined);
}
