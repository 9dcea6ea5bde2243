import * as Comlink from 'comlink';
import type { DesignDocument } from '../../contract/design.ts';
import type { Rect, Size } from '../../core/geometry.ts';
import {
  PipelineError,
  type BackgroundChoice,
  type FaceBox,
  type FrameAnalysis,
  type HoleFill,
  type HoleRegion,
  type ImageWorkerApi,
  type OutputFormat,
  type PersonMask,
  type PhotoTransform,
  type PipelineErrorCode,
  type RenderRequest,
  type RenderSlot,
  type VisionWorkerApi,
} from '../../core/pipelineTypes.ts';
import { isPipelineError, toPipelineError } from './pipelineErrors.ts';
import { startWorker } from './startWorker.ts';
import { createWorkerSlot, type RunOptions, type WorkerHandle, type WorkerSlot } from './workerSlot.ts';

export type PipelineStage = 'warm' | 'decode' | 'face' | 'segment' | 'analyze' | 'export' | 'place' | 'composite' | 'preview' | 'encode';

export type ProgressEvent =
  | { stage: PipelineStage; status: 'start' }
  /** `ms` is the round trip as the page sees it; `workerMs` (face stage) the part spent inside the worker. */
  | { stage: PipelineStage; status: 'done'; ms: number; workerMs?: number }
  | { stage: PipelineStage; status: 'error'; ms: number; code: PipelineErrorCode };

export interface LoadedPhoto {
  photoId: string;
  /** Preview copy (≤ 1280 px); the full-size image stays in the worker. */
  proxy: ImageBitmap;
  /** Working-image size: the space of `faces` and `transform`. */
  size: Size;
  faces: FaceBox[];
  /** Automatic placement in each hole of the frame given to loadPhoto (faces shared out between the holes), else null. */
  placements: PhotoTransform[] | null;
}

/** 'frame': the photo shows through the PNG's holes; 'background': the photo goes over the design. */
export type FrameKind = 'frame' | 'background';

export interface LoadedFrame {
  frameId: string;
  analysis: FrameAnalysis;
  /** Where photos go: one region per photo slot of a render (normally one per hole, in hole order). */
  regions: HoleRegion[];
}

/** What a picture shows: the photos in the frame's holes, the fill, the background and the watermark. */
export interface PictureOptions {
  frame: LoadedFrame;
  /** One per region of the frame, in order. */
  slots: RenderSlot[];
  /** How the part of a hole its photo does not reach is filled; default blur. */
  fill?: HoleFill;
  background?: BackgroundChoice;
  backgroundImage?: Blob;
  frameType?: RenderRequest['frameType'];
  watermark?: RenderRequest['watermark'];
}

export interface RenderOptions extends PictureOptions {
  format?: OutputFormat;
  /** 0..1, for JPEG and WebP. */
  quality?: number;
  /** Output size = frame size × outputScale (1 or 2). */
  outputScale?: number;
  signal?: AbortSignal;
}

export interface PreviewOptions extends PictureOptions {
  /** Output px per frame px, in (0, 2]. */
  scale: number;
  /** The result's format (default JPEG): a JPEG's preview has no see-through pixels either. */
  format?: OutputFormat;
  signal?: AbortSignal;
}

export interface Pipeline {
  /** Starts the workers and loads the models, so that the first photo is fast. */
  warm(): Promise<void>;
  /**
   * Decodes a photo and finds its faces; a newer call cancels this one (PipelineError CANCELLED).
   * The workers then keep this photo and those in `keep` (photos still shown in other holes); others are released.
   */
  loadPhoto(file: Blob, options?: { frame?: LoadedFrame; signal?: AbortSignal; keep?: readonly string[] }): Promise<LoadedPhoto>;
  /**
   * Loads a frame (a Blob, or a same-origin URL fetched here) into the worker and analyses it. With `holes`
   * (a campaign payload's, found by the server at upload) those are used and the frame is analysed only
   * when none of them is usable.
   */
  analyzeFrame(frame: Blob | string, options?: { signal?: AbortSignal; kind?: FrameKind; holes?: readonly Rect[] }): Promise<LoadedFrame>;
  /**
   * Renders a designer document to a transparent PNG in the image worker and analyses it like an
   * uploaded frame of the document's kind; the frame stays loaded for place() and render().
   */
  exportDesign(document: DesignDocument, options?: { signal?: AbortSignal }): Promise<{ png: Blob; frame: LoadedFrame }>;
  /** Automatic placement of a loaded photo in each hole of a loaded frame, the faces shared out between the holes. */
  place(photo: LoadedPhoto, frame: LoadedFrame): Promise<PhotoTransform[]>;
  /** Automatic placement of all of a photo's faces in one hole. */
  placeInHole(photo: LoadedPhoto, frame: LoadedFrame, holeIndex: number): Promise<PhotoTransform>;
  /** Frees a photo's pixels in the workers (a photo no hole shows any more). */
  release(photoId: string): void;
  render(options: RenderOptions): Promise<Blob>;
  /**
   * The picture render() would make, from the photos' preview copies at `scale` × the frame's size (the size
   * it is shown at): for the adjuster, so what the supporter sees is what they download. Person masks are
   * made once per photo and reused.
   */
  preview(options: PreviewOptions): Promise<ImageBitmap>;
  onProgress(listener: (event: ProgressEvent) => void): () => void;
  dispose(): void;
}

export interface PipelineOptions {
  startImageWorker?: () => WorkerHandle<ImageWorkerApi>;
  startVisionWorker?: () => WorkerHandle<VisionWorkerApi>;
  /**
   * Slots made by the caller, used instead of start*Worker: a test keeps them to run jobs of its
   * own on the workers (src/testing/createCrashablePipeline.ts crashes them this way).
   */
  imageSlot?: WorkerSlot<ImageWorkerApi>;
  visionSlot?: WorkerSlot<VisionWorkerApi>;
  /** Time-out of one stage call; model loading gets four times as long. */
  stageTimeoutMs?: number;
}

const startImageWorker = () =>
  startWorker<ImageWorkerApi>(new Worker(new URL('../../workers/image.worker.ts', import.meta.url), { type: 'module', name: 'bingkai-image' }));
const startVisionWorker = () =>
  startWorker<VisionWorkerApi>(new Worker(new URL('../../workers/vision.worker.ts', import.meta.url), { type: 'module', name: 'bingkai-vision' }));

interface PhotoRecord {
  file: Blob;
  size: Size;
  /** Worker generations that hold this photo; a restarted worker must get it again. */
  imageGeneration: number;
  visionGeneration: number;
  mask?: PersonMask;
}

const needsMask = (background: BackgroundChoice | undefined) => background !== undefined && background.kind !== 'keep';

export function createPipeline(options: PipelineOptions = {}): Pipeline {
  const timeout = options.stageTimeoutMs ?? 30_000;
  const image: WorkerSlot<ImageWorkerApi> = options.imageSlot ?? createWorkerSlot(options.startImageWorker ?? startImageWorker);
  const vision: WorkerSlot<VisionWorkerApi> = options.visionSlot ?? createWorkerSlot(options.startVisionWorker ?? startVisionWorker);
  const listeners = new Set<(event: ProgressEvent) => void>();
  const photos = new Map<string, PhotoRecord>();
  const frames = new Map<string, { blob: Blob; kind: FrameKind; holes?: readonly Rect[] | undefined; generation: number }>();
  let nextId = 0;
  let currentLoad: AbortController | null = null;
  let warming: Promise<void> | null = null;

  const emit = (event: ProgressEvent) => {
    for (const listener of listeners) listener(event);
  };

  /** Runs one stage on a worker with progress events; the clock starts when the worker takes the job. */
  function stage<Api, T>(
    slot: WorkerSlot<Api>,
    name: PipelineStage,
    call: (api: Api, jobId: number) => Promise<T>,
    run: Omit<RunOptions<Api>, 'cancel'> & { signal?: AbortSignal | undefined; workerMs?: (value: T) => number },
  ): Promise<T> {
    let started = 0;
    const { signal, workerMs, ...rest } = run;
    return slot
      .run(
        (api, jobId) => {
          started = performance.now();
          emit({ stage: name, status: 'start' });
          return call(api, jobId);
        },
        {
          ...rest,
          ...(signal ? { signal } : {}),
          timeoutMs: run.timeoutMs ?? timeout,
          cancel: (api, jobId) => (api as { cancel(jobId: number): Promise<void> }).cancel(jobId),
        },
      )
      .then(
        (value) => {
          const ms = performance.now() - started;
          emit(workerMs ? { stage: name, status: 'done', ms, workerMs: workerMs(value) } : { stage: name, status: 'done', ms });
          return value;
        },
        (error: unknown) => {
          const failure = toPipelineError(error, run.fallback);
          if (started) emit({ stage: name, status: 'error', ms: performance.now() - started, code: failure.code });
          throw failure;
        },
      );
  }

  const forget = (promise: Promise<unknown>) => void promise.catch(() => undefined);

  function release(photoId: string): void {
    photos.delete(photoId);
    if (image.started) forget(image.run((api) => api.release(photoId), { fallback: 'RENDER_FAILED', timeoutMs: timeout }));
    if (vision.started) forget(vision.run((api) => api.release(photoId), { fallback: 'MODEL_LOAD_FAILED', timeoutMs: timeout }));
  }

  function photoRecord(photoId: string): PhotoRecord {
    const record = photos.get(photoId);
    if (!record) throw new Error(`Unknown photo ${photoId}: load it first`);
    return record;
  }

  /** Decodes the photo again when the image worker restarted since it was loaded. */
  async function photoInImageWorker(photoId: string, signal: AbortSignal | undefined): Promise<void> {
    const record = photoRecord(photoId);
    if (image.started && record.imageGeneration === image.generation) return;
    const decoded = await stage(
      image,
      'decode',
      async (api, jobId) => {
        record.imageGeneration = image.generation;
        return api.decode(jobId, photoId, record.file);
      },
      { fallback: 'DECODE_CORRUPT', signal },
    );
    decoded.proxy.close();
    decoded.visionInput.close();
  }

  async function frameInImageWorker(frameId: string, signal: AbortSignal | undefined): Promise<void> {
    const record = frames.get(frameId);
    if (!record) throw new Error(`Unknown frame ${frameId}: analyse it first`);
    if (image.started && record.generation === image.generation) return;
    await stage(
      image,
      'analyze',
      (api, jobId) => {
        record.generation = image.generation;
        return api.loadFrame(jobId, frameId, record.blob, record.kind, record.holes);
      },
      { fallback: 'FRAME_INVALID', signal },
    );
  }

  async function personMask(photoId: string, signal: AbortSignal | undefined): Promise<PersonMask> {
    const record = photoRecord(photoId);
    if (record.mask) return record.mask;
    if (!vision.started || record.visionGeneration !== vision.generation) {
      await photoInImageWorker(photoId, signal);
      const input = await image.run((api) => api.visionInput(photoId), { fallback: 'RENDER_FAILED', timeoutMs: timeout, ...(signal ? { signal } : {}) });
      await stage(
        vision,
        'face',
        (api, jobId) => {
          record.visionGeneration = vision.generation;
          return api.detectFaces(jobId, photoId, Comlink.transfer(input, [input]), record.size);
        },
        { fallback: 'MODEL_LOAD_FAILED', signal, timeoutMs: timeout * 4, workerMs: (found) => found.workerMs },
      );
    }
    const mask = await stage(vision, 'segment', (api, jobId) => api.segment(jobId, photoId), { fallback: 'MODEL_LOAD_FAILED', signal, timeoutMs: timeout * 4 });
    record.mask = mask;
    return mask;
  }

  async function place(photoId: string, faces: FaceBox[], frame: LoadedFrame, signal: AbortSignal | undefined): Promise<PhotoTransform[]> {
    await photoInImageWorker(photoId, signal);
    await frameInImageWorker(frame.frameId, signal);
    return stage(image, 'place', (api) => api.place(photoId, frame.frameId, faces), { fallback: 'RENDER_FAILED', signal });
  }

  /** The worker's request for a render or preview; the photos, their masks and the frame are made ready in the worker first. */
  async function renderRequest(options: PictureOptions, outputScale: number, signal: AbortSignal | undefined): Promise<RenderRequest> {
    const { frame, slots, fill, background = { kind: 'keep' }, backgroundImage, frameType, watermark } = options;
    const photoIds = [...new Set(slots.map((slot) => slot.photoId))];
    const masks: Record<string, PersonMask> = {};
    if (needsMask(background)) for (const photoId of photoIds) masks[photoId] = await personMask(photoId, signal);
    for (const photoId of photoIds) await photoInImageWorker(photoId, signal);
    await frameInImageWorker(frame.frameId, signal);
    return {
      frameId: frame.frameId,
      slots: slots.map(({ photoId, transform }) => ({ photoId, transform })),
      background,
      outputScale,
      ...(needsMask(background) ? { masks } : {}),
      ...(fill ? { fill } : {}),
      ...(backgroundImage ? { backgroundImage } : {}),
      ...(watermark ? { watermark } : {}),
      ...(frameType ? { frameType } : {}),
    };
  }

  return {
    warm() {
      warming ??= Promise.all([
        stage(vision, 'warm', (api) => api.warm(), { fallback: 'MODEL_LOAD_FAILED', timeoutMs: timeout * 4 }),
        // Starting the image worker now moves its module loading out of the first photo's path.
        image.run((api) => api.release(''), { fallback: 'RENDER_FAILED' }),
      ]).then(
        () => undefined,
        (error: unknown) => {
          warming = null;
          throw error;
        },
      );
      return warming;
    },

    async loadPhoto(file, { frame, signal, keep = [] } = {}) {
      currentLoad?.abort();
      const controller = new AbortController();
      currentLoad = controller;
      signal?.addEventListener('abort', () => controller.abort(), { once: true });
      const photoId = `photo-${++nextId}`;
      const { signal: jobSignal } = controller;
      let record: PhotoRecord | undefined;
      let proxy: ImageBitmap | undefined;
      try {
        const decoded = await stage(
          image,
          'decode',
          async (api, jobId) => {
            record = { file, size: { width: 0, height: 0 }, imageGeneration: image.generation, visionGeneration: 0 };
            return api.decode(jobId, photoId, file);
          },
          { fallback: 'DECODE_CORRUPT', signal: jobSignal },
        );
        proxy = decoded.proxy;
        if (!record) throw new Error('decode finished without a record');
        record.size = decoded.size;
        photos.set(photoId, record);
        if (jobSignal.aborted) {
          decoded.visionInput.close();
          throw new PipelineError('CANCELLED', 'A newer photo replaced this one');
        }
        let faces: FaceBox[] = [];
        const faceRecord = record;
        try {
          const found = await stage(
            vision,
            'face',
            (api, jobId) => {
              faceRecord.visionGeneration = vision.generation;
              return api.detectFaces(jobId, photoId, Comlink.transfer(decoded.visionInput, [decoded.visionInput]), decoded.size);
            },
            // The first call may still be loading the model.
            { fallback: 'MODEL_LOAD_FAILED', signal: jobSignal, timeoutMs: timeout * 4, workerMs: (result) => result.workerMs },
          );
          faces = found.faces;
        } catch (error) {
          // Without faces the photo is still usable (centred placement); only a cancel stops here.
          if (isPipelineError(error, 'CANCELLED')) throw error;
          console.warn('Face detection failed; placing without faces', error);
        }
        const placements = frame ? await place(photoId, faces, frame, jobSignal) : null;
        if (jobSignal.aborted) throw new PipelineError('CANCELLED', 'A newer photo replaced this one');
        // Only the newest photo and those still shown stay cached in the workers.
        for (const id of photos.keys()) if (id !== photoId && !keep.includes(id)) release(id);
        return { photoId, proxy: decoded.proxy, size: decoded.size, faces, placements };
      } catch (error) {
        // Also when cancelled: the worker may have finished decoding before it heard of the cancel.
        release(photoId);
        proxy?.close();
        throw toPipelineError(error, 'DECODE_CORRUPT');
      } finally {
        if (currentLoad === controller) currentLoad = null;
      }
    },

    async analyzeFrame(frame, { signal, kind = 'frame', holes } = {}) {
      let blob: Blob;
      if (typeof frame === 'string') {
        const response = await fetch(frame, signal ? { signal } : {});
        if (!response.ok) throw toPipelineError(new Error(`The frame could not be loaded (HTTP ${response.status})`), 'FRAME_INVALID');
        blob = await response.blob();
      } else blob = frame;
      const frameId = `frame-${++nextId}`;
      const record = { blob, kind, holes, generation: 0 };
      const { analysis, regions } = await stage(
        image,
        'analyze',
        (api, jobId) => {
          record.generation = image.generation;
          return api.loadFrame(jobId, frameId, blob, kind, holes);
        },
        { fallback: 'FRAME_INVALID', signal },
      );
      frames.set(frameId, record);
      return { frameId, analysis, regions };
    },

    async exportDesign(document, { signal } = {}) {
      const frameId = `frame-${++nextId}`;
      let generation = 0;
      const { analysis, regions, png } = await stage(
        image,
        'export',
        (api, jobId) => {
          generation = image.generation;
          return api.loadDesign(jobId, frameId, document);
        },
        { fallback: 'RENDER_FAILED', signal },
      );
      // A restarted worker gets the PNG back through loadFrame, like an uploaded frame.
      frames.set(frameId, { blob: png, kind: document.kind, generation });
      return { png, frame: { frameId, analysis, regions } };
    },

    place: (photo, frame) => place(photo.photoId, photo.faces, frame, undefined),

    async placeInHole(photo, frame, holeIndex) {
      await photoInImageWorker(photo.photoId, undefined);
      await frameInImageWorker(frame.frameId, undefined);
      return stage(image, 'place', (api) => api.placeInHole(photo.photoId, frame.frameId, photo.faces, holeIndex), { fallback: 'RENDER_FAILED' });
    },

    release,

    async render({ format = 'jpeg', quality = 0.92, outputScale = 1, signal, ...options }) {
      const request = await renderRequest(options, outputScale, signal);
      let renderId = 0;
      await stage(
        image,
        'composite',
        (api, jobId) => {
          renderId = jobId;
          return api.composite(jobId, request);
        },
        { fallback: 'RENDER_FAILED', signal },
      );
      return stage(image, 'encode', (api, jobId) => api.encode(jobId, renderId, format, quality), { fallback: 'ENCODE_FAILED', signal });
    },

    async preview({ scale, format = 'jpeg', signal, ...options }) {
      const request = await renderRequest(options, scale, signal);
      return stage(image, 'preview', (api, jobId) => api.preview(jobId, request, format), { fallback: 'RENDER_FAILED', signal });
    },

    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    dispose() {
      currentLoad?.abort();
      image.dispose();
      vision.dispose();
      photos.clear();
      frames.clear();
      listeners.clear();
    },
  };
}
