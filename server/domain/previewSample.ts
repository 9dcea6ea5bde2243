import { createRequire } from 'node:module';
import sharp, { type OverlayOptions } from 'sharp';
import type { Rect, Size } from '../../core/geometry.ts';
import { holeFillBlurSigma } from '../../core/holeFill.ts';
import { autoPlace, photoToFrameMatrix } from '../../core/placement.ts';

/**
 * The person link previews show in a frame's holes: the woman in the middle of @vladmandic/face-api's demo
 * sample3.jpg (the photo scripts/buildSamples.ts makes public/samples/sample-3.jpg from), cropped to her.
 * MediaPipe does not run on the server, so her face box is the one marked by hand in tests/fixtures/faces.json
 * (previewSample.test.ts keeps the two equal). Coordinates are the file's pixels.
 */
export const PREVIEW_SAMPLE = {
  /** Resolved when first needed, so a missing devDependency fails a preview, not the server's start. */
  source: '@vladmandic/face-api/demo/sample3.jpg',
  /** Head to waist, with only the edges of her neighbours' hair. */
  crop: { x: 880, y: 0, width: 600, height: 1350 },
  /** Brows to chin, cheek to cheek. */
  face: { x: 1068, y: 216, width: 204, height: 252 },
} as const;

export interface SamplePhoto {
  /** RGB pixels of the crop, decoded once. */
  pixels: Buffer;
  size: Size;
  /** The face in the crop's pixels. */
  face: Rect;
}

async function load(): Promise<SamplePhoto> {
  const { source, crop, face } = PREVIEW_SAMPLE;
  let file: string = source;
  try {
    file = createRequire(import.meta.url).resolve(source);
    const { data, info } = await sharp(file)
      .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels: data, size: { width: info.width, height: info.height }, face: { ...face, x: face.x - crop.x, y: face.y - crop.y } };
  } catch (error) {
    throw new Error(`The link-preview sample ${file} could not be read (npm install brings it): ${error instanceof Error ? error.message : String(error)}`);
  }
}

let loading: Promise<SamplePhoto> | undefined;

/** The cropped sample, decoded once per process (tried again after a failure). */
export function previewSample(): Promise<SamplePhoto> {
  if (loading) return loading;
  const pending = load();
  pending.catch(() => {
    if (loading === pending) loading = undefined;
  });
  loading = pending;
  return pending;
}

/**
 * The sample in each hole (integer rects in the pixels of the image they are composited onto), placed as the
 * supporter's photo is placed: core/placement.ts autoPlace on her face, then photoToFrameMatrix. Overlays, in
 * order: where the placed photo leaves part of a hole (a wide hole, the face kept at its size), a blurred copy
 * covering the hole, as the supporter's result fills it; then the part of the placed photo inside the hole.
 * The frame goes on top of them.
 */
export async function sampleInHoles(holes: readonly Rect[]): Promise<OverlayOptions[]> {
  const { pixels, size, face } = await previewSample();
  const raw = { width: size.width, height: size.height, channels: 3 as const };
  const overlays: OverlayOptions[] = [];
  for (const hole of holes) {
    if (!(hole.width >= 1 && hole.height >= 1)) continue;
    // Auto placement never rotates, so the matrix is a scale (a = d) and a translation (e, f).
    const { a: scale, e, f } = photoToFrameMatrix(autoPlace({ photo: size, faces: [{ box: face, score: 1, keypoints: [] }], hole }), size);
    // Where the photo lies in the hole.
    const left = Math.max(hole.x, Math.ceil(e));
    const top = Math.max(hole.y, Math.ceil(f));
    const right = Math.min(hole.x + hole.width, Math.floor(e + size.width * scale));
    const bottom = Math.min(hole.y + hole.height, Math.floor(f + size.height * scale));
    if (left > hole.x || top > hole.y || right < hole.x + hole.width || bottom < hole.y + hole.height) {
      // sharp's blur takes σ ≥ 0.3.
      const sigma = Math.max(0.3, holeFillBlurSigma(hole));
      const fill = await sharp(pixels, { raw }).resize(hole.width, hole.height, { fit: 'cover' }).blur(sigma).raw().toBuffer();
      overlays.push({ input: fill, raw: { width: hole.width, height: hole.height, channels: 3 }, left: hole.x, top: hole.y });
    }
    if (right <= left || bottom <= top) continue;
    const sourceX = Math.min(size.width - 1, Math.max(0, Math.round((left - e) / scale)));
    const sourceY = Math.min(size.height - 1, Math.max(0, Math.round((top - f) / scale)));
    const region = {
      left: sourceX,
      top: sourceY,
      width: Math.max(1, Math.min(size.width - sourceX, Math.round((right - left) / scale))),
      height: Math.max(1, Math.min(size.height - sourceY, Math.round((bottom - top) / scale))),
    };
    const placed = await sharp(pixels, { raw }).extract(region).resize(right - left, bottom - top, { fit: 'fill' }).raw().toBuffer();
    overlays.push({ input: placed, raw: { width: right - left, height: bottom - top, channels: 3 }, left, top });
  }
  return overlays;
}
