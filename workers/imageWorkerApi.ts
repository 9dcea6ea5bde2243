/**
 * The image worker's API (image.worker.ts exposes it): decode, frame analysis, placement, composite and encode. Full-size pixels stay
 * here: decoded working images and frames are kept by id, results by render id until encoded;
 * only the preview proxy and a small vision copy leave (transferred, not copied).
 * Preview first (issue 14): a large JPEG's proxy is decoded small and answered at once; place() then
 * starts decoding its working image at the size the placements need (workingImage.ts), and a
 * composite waits for it, decoding it again larger when a zoom needs more.
 */
import * as Comlink from 'comlink';
import { compositeResult, type BackgroundLayer, type PhotoSlot } from './composite.ts';
import { decodeImage, decodeProxyFirst } from './decode.ts';
import { exportDesign } from './designExport.ts';
import { encodeImage, flattened } from './encode.ts';
import { analyzeFrame, framePixels } from './frameAnalysis.ts';
import { frameLayout, type LoadedLayout } from './frameLayout.ts';
import { createWorkingImage, workingSideFor, type WorkingImage } from './workingImage.ts';
import { assignFaces } from '../core/faceAssignment.ts';
import { frameAnalysisFromHoles } from '../core/frame/findFrameHoles.ts';
import { autoPlace } from '../core/placement.ts';
import type { Size } from '../core/geometry.ts';
import { LIMITS, PipelineError, type FaceBox, type FrameAnalysis, type FrameLayout, type ImageWorkerApi, type RenderRequest } from '../core/pipelineTypes.ts';

interface Photo {
  /** The full-resolution pixels, decoded after the proxy at the size the output needs (workingImage.ts). */
  working: WorkingImage;
  /** A copy of the proxy the page shows: previews composite from it, at the size they are shown. */
  preview: ImageBitmap;
  size: Size;
}

const photos = new Map<string, Photo>();
/** A loaded frame; its photo slots are its regions (one per hole). */
interface Frame extends LoadedLayout {
  bitmap: ImageBitmap;
  analysis: FrameAnalysis;
}

const frames = new Map<string, Frame>();
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

function frame(frameId: string): Frame {
  const found = frames.get(frameId);
  if (!found) throw new PipelineError('FRAME_INVALID', `Frame ${frameId} is not loaded`);
  return found;
}

function release(id: string): void {
  photos.get(id)?.working.close();
  photos.get(id)?.preview.close();
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

/** Keeps a decoded frame with its layout, replacing one of the same id; what the page learns of it. */
function keepFrame(frameId: string, bitmap: ImageBitmap, analysis: FrameAnalysis, pixels?: Uint8ClampedArray): FrameLayout {
  const layout = frameLayout(bitmap, analysis, pixels);
  release(frameId);
  frames.set(frameId, { bitmap, analysis, ...layout });
  return { analysis, regions: layout.regions };
}

/** The photo must reach the hole's cover box; faces go into its body. */
function placeIn(size: Size, faces: FaceBox[], region: LoadedLayout['regions'][number]) {
  return autoPlace({ photo: size, faces, hole: region.cover, body: region.body });
}

/**
 * The picture a request asks for. `source` 'working' draws the full-size photos (the result);
 * 'preview' draws the proxies the page shows, the transforms scaled to them, so a preview at the
 * size it is shown costs a fraction of a result and shows exactly what the result will.
 */
async function compositeRequest(request: RenderRequest, source: 'working' | 'preview', checkpoint: () => void): Promise<OffscreenCanvas> {
  const { bitmap, regions, owner } = frame(request.frameId);
  if (request.slots.length !== regions.length) {
    throw new PipelineError('RENDER_FAILED', `The frame has ${regions.length} photo areas; the render gave ${request.slots.length} photos`);
  }
  const choice = request.background;
  // A result waits for each photo's working pixels, decoded (again, larger) if the transform needs more.
  const workingPixels =
    source === 'working'
      ? await Promise.all(request.slots.map(({ photoId, transform }) => {
          const { working, size } = photo(photoId);
          return working.atLeast(workingSideFor(size, transform.scale * request.outputScale));
        }))
      : [];
  checkpoint();
  const backgroundImage = choice.kind !== 'keep' && request.backgroundImage ? await bitmapOf(request.backgroundImage, 'RENDER_FAILED') : undefined;
  try {
    const slots: PhotoSlot[] = request.slots.map(({ photoId, transform }, index) => {
      const mask = request.masks?.[photoId];
      if (choice.kind !== 'keep' && !mask) throw new PipelineError('RENDER_FAILED', `Background "${choice.kind}" needs a person mask of ${photoId}`);
      const background: BackgroundLayer | undefined = choice.kind !== 'keep' && mask ? { choice, mask, ...(backgroundImage ? { image: backgroundImage } : {}) } : undefined;
      const { preview, size } = photo(photoId);
      const image = source === 'working' ? workingPixels[index]! : preview;
      // Transforms are in the nominal working size; the proxy and the held working pixels are the same picture, maybe smaller.
      const scaled = image.width === size.width ? transform : { ...transform, scale: (transform.scale * size.width) / image.width };
      return { photo: image, transform: scaled, cover: regions[index]!.cover, ...(background ? { background } : {}) };
    });
    checkpoint();
    const canvas = await compositeResult({
      frame: bitmap,
      frameType: request.frameType ?? 'frame',
      slots,
      ...(owner ? { owner } : {}),
      ...(request.fill ? { fill: request.fill } : {}),
      outputScale: request.outputScale,
      ...(request.watermark ? { watermark: request.watermark } : {}),
      ...(source === 'preview' ? { renderer: 'canvas' as const } : {}),
    });
    checkpoint();
    return canvas;
  } finally {
    backgroundImage?.close();
  }
}

export const imageWorkerApi: ImageWorkerApi = {
  decode(jobId, photoId, file) {
    return job(jobId, async (_signal, checkpoint) => {
      release(photoId);
      // JPEGs: the proxy first, the working pixels later at the size the placement needs (place, composite).
      const first = await decodeProxyFirst(file);
      const decoded = first ? null : await decodeImage(file);
      const proxy = first?.proxy ?? decoded!.proxy;
      const size = first?.size ?? { width: decoded!.width, height: decoded!.height };
      const working = first ? createWorkingImage(file, first.source, size) : createWorkingImage(file, null, size, decoded!.working);
      try {
        checkpoint();
        const visionInput = visionCopy(proxy, size);
        const preview = await createImageBitmap(proxy);
        checkpoint();
        photos.set(photoId, { working, preview, size });
        return Comlink.transfer({ size, proxy, visionInput }, [proxy, visionInput]);
      } catch (error) {
        working.close();
        proxy.close();
        throw error;
      }
    });
  },

  async visionInput(photoId) {
    // The proxy has more pixels than the vision copy needs, and is there before the working image.
    const { preview, size } = photo(photoId);
    const copy = visionCopy(preview, size);
    return Comlink.transfer(copy, [copy]);
  },

  loadFrame(jobId, frameId, blob, kind = 'frame', holes) {
    return job(jobId, async (_signal, checkpoint) => {
      const bitmap = await bitmapOf(blob, 'FRAME_INVALID');
      try {
        checkpoint();
        // Stored holes skip the analysis; otherwise its pixels serve the layout too.
        let pixels: Uint8ClampedArray | undefined;
        const analysis = (holes && frameAnalysisFromHoles(bitmap.width, bitmap.height, holes)) ?? (await analyzeFrame((pixels = framePixels(bitmap)), bitmap.width, bitmap.height, { kind }));
        checkpoint();
        return keepFrame(frameId, bitmap, analysis, pixels);
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
      return { ...keepFrame(frameId, bitmap, analysis), png };
    });
  },

  async place(photoId, frameId, faces) {
    const { size, working } = photo(photoId);
    const { regions } = frame(frameId);
    if (regions.length === 0) throw new PipelineError('FRAME_NOT_TRANSPARENT', 'The frame has no hole for the photo');
    const shares = assignFaces(faces, regions.map((region) => region.hole));
    const placements = regions.map((region, index) => placeIn(size, shares[index] ?? [], region));
    // Starts decoding the working pixels while the page shows the preview: enough for these placements at the largest
    // output scale. After this answer is posted: handing the file to the decoder copies it (~10 ms at 48 MP).
    const side = Math.max(...placements.map((t) => workingSideFor(size, t.scale * LIMITS.maxOutputScale)));
    setTimeout(() => working.prefetch(side), 0);
    return placements;
  },

  async placeInHole(photoId, frameId, faces, holeIndex) {
    const { size } = photo(photoId);
    const region = frame(frameId).regions[holeIndex];
    if (!region) throw new PipelineError('RENDER_FAILED', `The frame has no hole ${holeIndex}`);
    return placeIn(size, faces, region);
  },

  composite(jobId, request) {
    return job(jobId, async (_signal, checkpoint) => {
      if (request.outputScale !== 1 && request.outputScale !== 2) throw new PipelineError('RENDER_FAILED', `Output scale must be 1 or 2, not ${request.outputScale}`);
      const canvas = await compositeRequest(request, 'working', checkpoint);
      renders.set(jobId, canvas);
      return { width: canvas.width, height: canvas.height };
    });
  },

  preview(jobId, request, format) {
    return job(jobId, async (_signal, checkpoint) => {
      const composed = await compositeRequest(request, 'preview', checkpoint);
      // A JPEG result has no see-through pixels: its preview is flattened the same way.
      const canvas = format === 'jpeg' ? flattened(composed) : composed;
      const bitmap = canvas.transferToImageBitmap();
      return Comlink.transfer(bitmap, [bitmap]);
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
