/**
 * Segment stage (DESIGN.md §5.5).
 *
 *   segmentPerson(image: ImageBitmap, options?: { refine?: boolean }): Promise<PersonMask>
 *     Person mask of `image` (0 background … 255 person) at the size of the model input:
 *     `image` scaled to ≤ LIMITS.faceInputMaxSide (640 px), aspect ratio kept. Edges are
 *     refined against the image with a guided filter unless `refine` is false. The image is
 *     not closed. Callers scale the mask to the output like any other layer.
 *   warmSegment(): Promise<void>   loads the model and runs it once.
 *
 * MediaPipe masks may live on the GPU: they are read out and closed inside the callback, in
 * this worker, and only plain bytes leave it. The segmenter is cached per worker.
 */
import type { ImageSegmenter } from '@mediapipe/tasks-vision';
import { refineMask, type Confidence } from './refineMask.ts';
import { LIMITS, PipelineError, type PersonMask } from '../core/pipelineTypes.ts';
import { createSelfieSegmenter } from './visionRuntime.ts';

let segmenter: Promise<ImageSegmenter> | undefined;

function getSegmenter(): Promise<ImageSegmenter> {
  segmenter ??= createSelfieSegmenter().catch((error: unknown) => {
    segmenter = undefined;
    throw error;
  });
  return segmenter;
}

/** The person confidence of `input`, copied out of MediaPipe's memory. */
function confidenceOf(model: ImageSegmenter, input: OffscreenCanvas): Confidence {
  let result: Confidence | undefined;
  model.segment(input, (output) => {
    const mask = output.confidenceMasks?.[0];
    if (mask) result = { width: mask.width, height: mask.height, data: mask.getAsFloat32Array().slice() };
    // The callback's masks are freed by MediaPipe after it returns; nothing to close here.
  });
  if (!result) throw new PipelineError('RENDER_FAILED', 'The segmentation model returned no mask');
  return result;
}

export async function warmSegment(): Promise<void> {
  const model = await getSegmenter();
  const canvas = new OffscreenCanvas(32, 32);
  canvas.getContext('2d')?.fillRect(0, 0, 32, 32);
  confidenceOf(model, canvas);
}

export async function segmentPerson(image: ImageBitmap, options: { refine?: boolean } = {}): Promise<PersonMask> {
  const model = await getSegmenter();
  const scale = Math.min(1, LIMITS.faceInputMaxSide / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new PipelineError('RENDER_FAILED', 'No 2D context for segmentation');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);

  const confidence = confidenceOf(model, canvas);
  if (confidence.width !== width || confidence.height !== height) {
    throw new PipelineError('RENDER_FAILED', `Mask size ${confidence.width}×${confidence.height} differs from input ${width}×${height}`);
  }
  if (options.refine === false) {
    return { width, height, data: Uint8Array.from(confidence.data, (v) => Math.round(255 * Math.min(1, Math.max(0, v)))) };
  }
  return refineMask(confidence, context.getImageData(0, 0, width, height));
}
