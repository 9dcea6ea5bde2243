import * as Comlink from 'comlink';
import { PipelineError, type FaceBox, type ImageWorkerApi, type PhotoTransform, type VisionWorkerApi } from '../../core/pipelineTypes.ts';
import type { LoadedFrame, Pipeline } from './pipelineApi.ts';
import { isPipelineError, toPipelineError } from './pipelineErrors.ts';
import { renderRequest } from './renderRequest.ts';
import { createStageRunner } from './stageRunner.ts';
import { startWorker } from './startWorker.ts';
import { createWorkerResidency, type PhotoRecord } from './workerResidency.ts';
import { createWorkerSlot, type WorkerHandle, type WorkerSlot } from './workerSlot.ts';

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

export function createPipeline(options: PipelineOptions = {}): Pipeline {
  const timeout = options.stageTimeoutMs ?? 30_000;
  const image: WorkerSlot<ImageWorkerApi> = options.imageSlot ?? createWorkerSlot(options.startImageWorker ?? startImageWorker);
  const vision: WorkerSlot<VisionWorkerApi> = options.visionSlot ?? createWorkerSlot(options.startVisionWorker ?? startVisionWorker);
  const progress = createStageRunner(timeout);
  const { stage } = progress;
  const residency = createWorkerResidency({ image, vision, stage, timeoutMs: timeout });
  let nextId = 0;
  let currentLoad: AbortController | null = null;
  let warming: Promise<void> | null = null;

  async function place(photoId: string, faces: FaceBox[], frame: LoadedFrame, signal: AbortSignal | undefined): Promise<PhotoTransform[]> {
    await residency.photoInImageWorker(photoId, signal);
    await residency.frameInImageWorker(frame.frameId, signal);
    return stage(image, 'place', (api) => api.place(photoId, frame.frameId, faces), { fallback: 'RENDER_FAILED', signal });
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
        residency.addPhoto(photoId, record);
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
        residency.releaseAllExcept([photoId, ...keep]);
        return { photoId, proxy: decoded.proxy, size: decoded.size, faces, placements };
      } catch (error) {
        // Also when cancelled: the worker may have finished decoding before it heard of the cancel.
        residency.release(photoId);
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
      residency.addFrame(frameId, record);
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
      residency.addFrame(frameId, { blob: png, kind: document.kind, generation });
      return { png, frame: { frameId, analysis, regions } };
    },

    place: (photo, frame) => place(photo.photoId, photo.faces, frame, undefined),

    async placeInHole(photo, frame, holeIndex) {
      await residency.photoInImageWorker(photo.photoId, undefined);
      await residency.frameInImageWorker(frame.frameId, undefined);
      return stage(image, 'place', (api) => api.placeInHole(photo.photoId, frame.frameId, photo.faces, holeIndex), { fallback: 'RENDER_FAILED' });
    },

    release: residency.release,

    async render({ format = 'jpeg', quality = 0.92, outputScale = 1, signal, ...options }) {
      const request = await renderRequest(residency, options, outputScale, signal);
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
      const request = await renderRequest(residency, options, scale, signal);
      return stage(image, 'preview', (api, jobId) => api.preview(jobId, request, format), { fallback: 'RENDER_FAILED', signal });
    },

    onProgress: progress.onProgress,

    dispose() {
      currentLoad?.abort();
      image.dispose();
      vision.dispose();
      residency.clear();
      progress.clear();
    },
  };
}
