/**
 * Face stage (DESIGN.md §5.2).
 *
 *   detectFaces(image: ImageBitmap, size = image's size, { tiles = true } = {}): Promise<FaceBox[]>
 *     Faces in the coordinates of `size` (the working image; `image` may be a downscaled copy
 *     of it), best score first. [] means no face: the centre/saliency fallback belongs to
 *     placement. The image is not closed.
 *   warmFace(): Promise<void>   loads wasm and model and runs once, so the first photo does not pay for it.
 *
 * MediaPipe's short-range BlazeFace sees a 128×128 input, so faces smaller than about a tenth
 * of the picture vanish: one pass on a ≤ 640 px copy finds the big faces, and overlapping tiles
 * find the small ones of group photos; duplicates are merged with NMS. The detector is cached
 * per worker (module scope).
 */
import type { Detection, FaceDetector } from '@mediapipe/tasks-vision';
import { dropCutFaces, faceTiles, mergeFaceBoxes, scaleFaces } from './faceBoxes.ts';
import { LIMITS, type FaceBox, type Rect, type Size } from './types.ts';
import { createFaceDetector } from './visionRuntime.ts';

/** Tiles are scaled to the model's input size; larger copies only cost time. */
const TILE_INPUT_SIDE = 128;
/** Small tiles of busy backgrounds yield false faces scoring 0.5–0.65 on the samples; real ones score ≥ 0.75. */
const TILE_MIN_SCORE = 0.7;

let detector: Promise<FaceDetector> | undefined;

function getDetector(): Promise<FaceDetector> {
  detector ??= createFaceDetector().catch((error: unknown) => {
    detector = undefined;
    throw error;
  });
  return detector;
}

export async function warmFace(): Promise<void> {
  const face = await getDetector();
  const canvas = new OffscreenCanvas(32, 32);
  canvas.getContext('2d')?.fillRect(0, 0, 32, 32);
  face.detect(canvas);
}

/** Maps detections on `region` (scaled to inputWidth × inputHeight) back to image pixels. */
function toImage(detections: Detection[], region: Rect, inputWidth: number, inputHeight: number): FaceBox[] {
  const sx = region.width / inputWidth;
  const sy = region.height / inputHeight;
  return detections.flatMap((d) => {
    const b = d.boundingBox;
    if (!b) return [];
    return [
      {
        box: { x: region.x + b.originX * sx, y: region.y + b.originY * sy, width: b.width * sx, height: b.height * sy },
        score: d.categories[0]?.score ?? 0,
        keypoints: d.keypoints.map((k) => ({ x: region.x + k.x * region.width, y: region.y + k.y * region.height })),
      },
    ];
  });
}

async function detectRegion(face: FaceDetector, image: ImageBitmap, region: Rect, maxSide: number): Promise<FaceBox[]> {
  const scale = Math.min(1, maxSide / Math.max(region.width, region.height));
  const width = Math.max(1, Math.round(region.width * scale));
  const height = Math.max(1, Math.round(region.height * scale));
  const input = await createImageBitmap(image, region.x, region.y, region.width, region.height, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'medium',
  });
  try {
    return toImage(face.detect(input).detections, region, width, height);
  } finally {
    input.close();
  }
}

export async function detectFaces(image: ImageBitmap, size: Size = image, options: { tiles?: boolean } = {}): Promise<FaceBox[]> {
  const face = await getDetector();
  const whole = { x: 0, y: 0, width: image.width, height: image.height };
  const found = await detectRegion(face, image, whole, LIMITS.faceInputMaxSide);
  for (const tile of options.tiles === false ? [] : faceTiles(image)) {
    const inTile = await detectRegion(face, image, tile, TILE_INPUT_SIDE);
    found.push(...dropCutFaces(inTile, tile, image).filter((f) => f.score >= TILE_MIN_SCORE));
  }
  return scaleFaces(mergeFaceBoxes(found), size.width / image.width, size.height / image.height);
}
