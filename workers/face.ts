/**
 * Face stage (DESIGN.md §5.2).
 *
 *   detectFaces(image: ImageBitmap, size = image's size, { tiles = 'auto' } = {}): Promise<FaceBox[]>
 *     Faces in the coordinates of `size` (the working image; `image` may be a downscaled copy
 *     of it), best score first. [] means no face: the centre/saliency fallback belongs to
 *     placement. The image is not closed. `tiles`: 'auto' (see below), true (always), false (never).
 *   warmFace(): Promise<void>   loads wasm and model and runs once, so the first photo does not pay for it.
 *
 * MediaPipe's short-range BlazeFace sees a 128×128 input, so faces smaller than about a seventh
 * of the picture get lost. One pass on the whole picture finds the big faces; overlapping tiles
 * (one row of two or three for the usual photo, faceBoxes.ts) find the small ones of group photos;
 * duplicates are merged with NMS. Every detect call costs ≈ 4 ms on the CPU delegate, so tiles
 * run only when the whole pass is likely to have missed faces: it found none, found small ones
 * (a group), or the photo is a panorama.
 *
 * Regions are drawn on a canvas, never cut with createImageBitmap(bitmap, sx, sy, sw, sh):
 * Chromium places that crop in the stored (unrotated) pixels of a bitmap decoded with
 * imageOrientation 'from-image' and EXIF orientation 6 or 8, so tiles saw the wrong part of
 * the photo. drawImage crops the upright picture. The detector is cached per worker.
 */
import type { FaceDetector } from '@mediapipe/tasks-vision';
import { dropCutFaces, faceTiles, mergeFaceBoxes, scaleFaces } from '../core/faceBoxes.ts';
import type { Rect, Size } from '../core/geometry.ts';
import { PipelineError, type FaceBox } from '../core/pipelineTypes.ts';
import { createFaceDetector } from './visionRuntime.ts';

/** BlazeFace short range's input: 128 × 128. */
const MODEL_SIDE = 128;
/** Small tiles of busy backgrounds yield false faces scoring 0.5–0.65 on the samples; real ones score ≥ 0.7. */
const TILE_MIN_SCORE = 0.7;
/** A face found by the whole pass smaller than this share of the long side hints at a group whose other faces it missed. */
const SMALL_FACE_SHARE = 0.2;
/** Wider (or taller) photos are panoramas and group shots: always tiled. */
const PANORAMA_ASPECT = 2;

let detector: Promise<FaceDetector> | undefined;
let canvas: OffscreenCanvas | undefined;

function getDetector(): Promise<FaceDetector> {
  detector ??= createFaceDetector().catch((error: unknown) => {
    detector = undefined;
    throw error;
  });
  return detector;
}

export async function warmFace(): Promise<void> {
  const face = await getDetector();
  const warm = new OffscreenCanvas(32, 32);
  warm.getContext('2d')?.fillRect(0, 0, 32, 32);
  face.detect(warm);
}

/**
 * Detects on `region` of `image`, fitted into the model's square input on one reused canvas.
 * Every call gets the same input size, so MediaPipe never resizes its own GL canvas (costly on
 * the CPU), and the letterbox it would add anyway is ours, drawn with a good downscale.
 */
function detectRegion(face: FaceDetector, image: ImageBitmap, region: Rect): FaceBox[] {
  const scale = MODEL_SIDE / Math.max(region.width, region.height);
  const width = region.width * scale;
  const height = region.height * scale;
  const left = (MODEL_SIDE - width) / 2;
  const top = (MODEL_SIDE - height) / 2;
  canvas ??= new OffscreenCanvas(MODEL_SIDE, MODEL_SIDE);
  const context = canvas.getContext('2d');
  if (!context) throw new PipelineError('RENDER_FAILED', 'No 2D context for face detection');
  context.fillStyle = '#000';
  context.fillRect(0, 0, MODEL_SIDE, MODEL_SIDE);
  context.imageSmoothingQuality = 'medium';
  context.drawImage(image, region.x, region.y, region.width, region.height, left, top, width, height);
  const x = (px: number) => region.x + (px - left) / scale;
  const y = (px: number) => region.y + (px - top) / scale;
  return face.detect(canvas).detections.flatMap((d) => {
    const b = d.boundingBox;
    if (!b) return [];
    return [
      {
        box: { x: x(b.originX), y: y(b.originY), width: b.width / scale, height: b.height / scale },
        score: d.categories[0]?.score ?? 0,
        keypoints: d.keypoints.map((k) => ({ x: x(k.x * MODEL_SIDE), y: y(k.y * MODEL_SIDE) })),
      },
    ];
  });
}

const isSmall = (face: FaceBox, long: number): boolean => Math.max(face.box.width, face.box.height) < SMALL_FACE_SHARE * long;

/** Whether the whole pass probably missed faces that tiles would find. */
export function needsTiles(found: FaceBox[], image: Size): boolean {
  const long = Math.max(image.width, image.height);
  if (long / Math.min(image.width, image.height) >= PANORAMA_ASPECT) return true;
  return found.length === 0 || found.some((f) => isSmall(f, long));
}

export async function detectFaces(image: ImageBitmap, size: Size = image, options: { tiles?: boolean | 'auto' } = {}): Promise<FaceBox[]> {
  const face = await getDetector();
  let found = detectRegion(face, image, { x: 0, y: 0, width: image.width, height: image.height });
  const tiles = options.tiles ?? 'auto';
  if (tiles === true || (tiles === 'auto' && needsTiles(found, image))) {
    // Tiles see small faces larger and sharper; a small face of the whole pass that scores lower
    // than tiles must is a blurred pair of neighbours or a shadow, not a face the tiles missed.
    const long = Math.max(image.width, image.height);
    found = found.filter((f) => f.score >= TILE_MIN_SCORE || !isSmall(f, long));
    for (const tile of faceTiles(image)) {
      const inTile = detectRegion(face, image, tile);
      found.push(...dropCutFaces(inTile, tile, image).filter((f) => f.score >= TILE_MIN_SCORE));
    }
  }
  return scaleFaces(mergeFaceBoxes(found), size.width / image.width, size.height / image.height);
}
