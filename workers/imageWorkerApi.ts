/**
 * The image worker's API (image.worker.ts exposes it): decode, frame analysis, placement, composite and encode. Full-size pixels stay
 * here: decoded working images and frames are kept by id, results by render id until encoded;
 * only the preview proxy and a small vision copy leave (transferred, not copied).
 */
import * as Comlink from 'comlink';
import { compositeResult, type BackgroundLayer } from './composite.ts';
import { decodeImage } from './decode.ts';
import { exportDesign } from './designExport.ts';
import { encodeImage } from './encode.ts';
import { analyzeFrameBitmap } from './frameAnalysis.ts';
import { frameAnalysisFromHoles } from '../core/frame/findFrameHoles.ts';
import { autoPlace } from '../core/placement.ts';
import type { Size } from '../core/geometry.ts';
import { LIMITS, PipelineError, type FrameAnalysis, type ImageWorkerApi } from '../core/pipelineTypes.ts';

interface Photo {
  working: ImageBitmap;
  size: Size;
}

const photos = new Map<string, Photo>();
const frames = new Map<string, { bitmap: ImageBitmap; analysis: FrameAnalysis }>();
const renders = new Map<number, OffscreenCanvas>();
const jobs = new Map<number, AbortController>();

/** Runs a job that `cancel(jobId)` can stop at its checkpoints (and inside stages taking a signal). */
async function job<T>(jobId: number, work: (signal: AbortSignal, checkpoint: () => void) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  jobs.set(jobId, controller);
  const checkpoint = () => {
    if (controller.signal.aborted) throw new PipelineError('CANCELLED', 'The job was cancelled');
  };
  try {
    return await work(controller.signal, checkpoint);
  } finally {
    jobs.delete(jobId);
  }
}

function photo(photoId: string): Photo {
  const found = photos.get(photoId);
  if (!found) throw new PipelineError('RENDER_FAILED', `Photo ${photoId} is not loaded`);
  return found;
}

function frame(frameId: string) {
  const found = frames.get(frameId);
  if (!found) throw new PipelineError('FRAME_INVALID', `Frame ${frameId} is not loaded`);
  return found;
}

function release(id: string): void {
  photos.get(id)?.working.close();
  photos.delete(id);
  frames.get(id)?.bitmap.close();
  frames.delete(id);
}

/**
 * A copy for the vision worker, ≤ LIMITS.faceInputMaxSide: BlazeFace sees its tiles at 128 px and
 * segment.ts works at that size, so more pixels would only cost time. Drawn on a canvas, so it holds plain upright pixels: a bitmap decoded with EXIF
 * orientation 6 or 8 keeps its turn as a flag that Chromium's createImageBitmap crops ignore
 * (face.ts), and a copy made by createImageBitmap would inherit that flag.
 */
function visionCopy(source: ImageBitmap, size: Size): ImageBitmap {
  const scale = Math.min(1, LIMITS.faceInputMaxSide / Math.max(size.width, size.height));
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(size.width * scale)), Math.max(1, Math.round(size.height * scale)));
  const context = canvas.getContext('2d');
  if (!context) throw new PipelineError('RENDER_FAILED', 'No 2D context for the vision copy');
  context.imageSmoothingQuality = 'medium';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas.transferToImageBitmap();
}

async function bitmapOf(blob: Blob, code: 'FRAME_INVALID' | 'RENDER_FAILED'): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob);
  } catch (error) {
    throw new PipelineError(code, `The image could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const imageWorkerApi: ImageWorkerApi = {
  decode(jobId, photoId, file) {
    return job(jobId, async (_signal, checkpoint) => {
      release(photoId);
      const decoded = await decodeImage(file);
      try {
        checkpoint();
        const size = { width: decoded.width, height: decoded.height };
        const visionInput = visionCopy(decoded.proxy, size);
        checkpoint();
        photos.set(photoId, { working: decoded.working, size });
        return Comlink.transfer({ size, proxy: decoded.proxy, visionInput }, [decoded.proxy, visionInput]);
      } catch (error) {
        decoded.working.close();
        decoded.proxy.close();
        throw error;
      }
    });
  },

  async visionInput(photoId) {
    const { working, size } = photo(photoId);
    const copy = visionCopy(working, size);
    return Comlink.transfer(copy, [copy]);
  },

  loadFrame(jobId, frameId, blob, kind = 'frame', holes) {
    return job(jobId, async (_signal, checkpoint) => {
      const bitmap = await bitmapOf(blob, 'FRAME_INVALID');
      try {
        checkpoint();
        const analysis = (holes && frameAnalysisFromHoles(bitmap.width, bitmap.height, holes)) ?? (await analyzeFrameBitmap(bitmap, { kind }));
        checkpoint();
        release(frameId);
        frames.set(frameId, { bitmap, analysis });
        return analysis;
      } catch (error) {
        bitmap.close();
        throw error;
      }
    });
  },

  loadDesign(jobId, frameId, document) {
    return job(jobId, async (_signal, checkpoint) => {
      const { canvas, png, analysis } = await exportDesign(document, { checkpoint });
      // Kept as the loaded frame, like loadFrame's decoded upload (the same pixels the PNG holds).
      const bitmap = canvas.transferToImageBitmap();
      release(frameId);
      frames.set(frameId, { bitmap, analysis });
      return { analysis, png };
    });
  },

  async place(photoId, frameId, faces) {
    const { size } = photo(photoId);
    const hole = frame(frameId).analysis.holes[0];
    if (!hole) throw new PipelineError('FRAME_NOT_TRANSPARENT', 'The frame has no hole for the photo');
    return autoPlace({ photo: size, faces, hole });
  },

  composite(jobId, request) {
    return job(jobId, async (_signal, checkpoint) => {
      const { working } = photo(request.photoId);
      const { bitmap, analysis } = frame(request.frameId);
      const hole = analysis.holes[0];
      const cover = hole ? { x: hole.x, y: hole.y, width: hole.width, height: hole.height } : { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
      let background: BackgroundLayer | undefined;
      let backgroundImage: ImageBitmap | undefined;
      if (request.background.kind !== 'keep') {
        if (!request.mask) throw new PipelineError('RENDER_FAILED', `Background "${request.background.kind}" needs a person mask`);
        if (request.backgroundImage) backgroundImage = await bitmapOf(request.backgroundImage, 'RENDER_FAILED');
        background = { choice: request.background, mask: request.mask, ...(backgroundImage ? { image: backgroundImage } : {}) };
      }
      try {
        checkpoint();
        const canvas = await compositeResult({
          frame: bitmap,
          frameType: request.frameType ?? 'frame',
          slots: [{ photo: working, transform: request.transform, cover, ...(background ? { background } : {}) }],
          outputScale: request.outputScale,
          ...(request.watermark ? { watermark: request.watermark } : {}),
        });
        checkpoint();
        renders.set(jobId, canvas);
        return { width: canvas.width, height: canvas.height };
      } finally {
        backgroundImage?.close();
      }
    });
  },

  encode(jobId, renderId, format, quality) {
    return job(jobId, async () => {
      const canvas = renders.get(renderId);
      if (!canvas) throw new PipelineError('ENCODE_FAILED', `Render ${renderId} is not available`);
      renders.delete(renderId);
      return encodeImage(canvas, { format, quality });
    });
  },

  async release(id) {
    release(id);
  },

  async cancel(jobId) {
    jobs.get(jobId)?.abort();
  },
};
