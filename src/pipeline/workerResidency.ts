import * as Comlink from 'comlink';
import type { Rect, Size } from '../../core/geometry.ts';
import type { ImageWorkerApi, PersonMask, VisionWorkerApi } from '../../core/pipelineTypes.ts';
import type { FrameKind } from './pipelineApi.ts';
import type { Stage } from './stageRunner.ts';
import type { WorkerSlot } from './workerSlot.ts';

export interface PhotoRecord {
  file: Blob;
  size: Size;
  /** Worker generations that hold this photo; a restarted worker must get it again. */
  imageGeneration: number;
  visionGeneration: number;
  mask?: PersonMask;
}

export interface FrameRecord {
  blob: Blob;
  kind: FrameKind;
  holes?: readonly Rect[] | undefined;
  /** Image-worker generation that holds this frame. */
  generation: number;
}

/** Which photos and frames the workers hold: what a restarted worker is sent again, and each photo's person mask. */
export interface WorkerResidency {
  addPhoto(photoId: string, record: PhotoRecord): void;
  addFrame(frameId: string, record: FrameRecord): void;
  /** Forgets a photo and frees its pixels in the workers that are running. */
  release(photoId: string): void;
  /** Releases every photo but those in `kept`. */
  releaseAllExcept(kept: readonly string[]): void;
  /** Decodes the photo again when the image worker restarted since it was loaded. */
  photoInImageWorker(photoId: string, signal: AbortSignal | undefined): Promise<void>;
  /** Loads the frame again when the image worker restarted since it was loaded. */
  frameInImageWorker(frameId: string, signal: AbortSignal | undefined): Promise<void>;
  /** The photo's person mask, made once (giving the vision worker the photo again if it restarted). */
  personMask(photoId: string, signal: AbortSignal | undefined): Promise<PersonMask>;
  clear(): void;
}

export interface WorkerResidencyOptions {
  image: WorkerSlot<ImageWorkerApi>;
  vision: WorkerSlot<VisionWorkerApi>;
  stage: Stage;
  /** Time-out of one call; model work gets four times as long. */
  timeoutMs: number;
}

const forget = (promise: Promise<unknown>) => void promise.catch(() => undefined);

export function createWorkerResidency({ image, vision, stage, timeoutMs }: WorkerResidencyOptions): WorkerResidency {
  const photos = new Map<string, PhotoRecord>();
  const frames = new Map<string, FrameRecord>();

  function release(photoId: string): void {
    photos.delete(photoId);
    if (image.started) forget(image.run((api) => api.release(photoId), { fallback: 'RENDER_FAILED', timeoutMs }));
    if (vision.started) forget(vision.run((api) => api.release(photoId), { fallback: 'MODEL_LOAD_FAILED', timeoutMs }));
  }

  function photoRecord(photoId: string): PhotoRecord {
    const record = photos.get(photoId);
    if (!record) throw new Error(`Unknown photo ${photoId}: load it first`);
    return record;
  }

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
      const input = await image.run((api) => api.visionInput(photoId), { fallback: 'RENDER_FAILED', timeoutMs, ...(signal ? { signal } : {}) });
      await stage(
        vision,
        'face',
        (api, jobId) => {
          record.visionGeneration = vision.generation;
          return api.detectFaces(jobId, photoId, Comlink.transfer(input, [input]), record.size);
        },
        { fallback: 'MODEL_LOAD_FAILED', signal, timeoutMs: timeoutMs * 4, workerMs: (found) => found.workerMs },
      );
    }
    const mask = await stage(vision, 'segment', (api, jobId) => api.segment(jobId, photoId), { fallback: 'MODEL_LOAD_FAILED', signal, timeoutMs: timeoutMs * 4 });
    record.mask = mask;
    return mask;
  }

  return {
    addPhoto: (photoId, record) => void photos.set(photoId, record),
    addFrame: (frameId, record) => void frames.set(frameId, record),
    release,
    releaseAllExcept(kept) {
      for (const id of photos.keys()) if (!kept.includes(id)) release(id);
    },
    photoInImageWorker,
    frameInImageWorker,
    personMask,
    clear() {
      photos.clear();
      frames.clear();
    },
  };
}
