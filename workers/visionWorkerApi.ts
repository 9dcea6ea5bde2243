/**
 * The vision worker's API (vision.worker.ts exposes it): MediaPipe face detection and person segmentation (face.ts, segment.ts),
 * apart from image.worker.ts so that loading models and running them never delays decoding.
 * Both tasks share this worker (visionRuntime.ts restores ModuleFactory for each task).
 * Keeps each photo's vision input (a ≤ 640 px copy) by id, so segmentation needs no new copy.
 */
import * as Comlink from 'comlink';
import { detectFaces, warmFace } from './face.ts';
import { segmentPerson, warmSegment } from './segment.ts';
import type { Size } from '../core/geometry.ts';
import { PipelineError, type VisionWorkerApi } from '../core/pipelineTypes.ts';

/**
 * tasks-vision posts usage logs to a Google host (odml.pa.googleapis.com) with fetch. The photo
 * stays on the device, and so does everything about it: cross-origin fetches fail here without
 * touching the network (CSP connect-src would block them too, but noisily).
 */
const sameOriginFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
  if (url.origin !== self.location.origin) return Promise.reject(new TypeError(`Blocked a request to ${url.origin}: the editor works offline`));
  return sameOriginFetch(input, init);
};

/** TFLite reports informational lines ("INFO: Created TensorFlow Lite XNNPACK delegate…") on stderr, which emscripten sends to console.error. */
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('INFO:')) console.info(...args);
  else consoleError(...args);
};

const inputs = new Map<string, { input: ImageBitmap; size: Size }>();
const jobs = new Map<number, AbortController>();

/** Runs a job that `cancel(jobId)` can stop at its checkpoints. */
async function job<T>(jobId: number, work: (checkpoint: () => void) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  jobs.set(jobId, controller);
  const checkpoint = () => {
    if (controller.signal.aborted) throw new PipelineError('CANCELLED', 'The job was cancelled');
  };
  try {
    return await work(checkpoint);
  } finally {
    jobs.delete(jobId);
  }
}

function release(photoId: string): void {
  inputs.get(photoId)?.input.close();
  inputs.delete(photoId);
}

export const visionWorkerApi: VisionWorkerApi = {
  async warm() {
    await warmFace();
    await warmSegment();
  },

  detectFaces(jobId, photoId, input, size) {
    const started = performance.now();
    return job(jobId, async (checkpoint) => {
      release(photoId);
      inputs.set(photoId, { input, size });
      checkpoint();
      const faces = await detectFaces(input, size);
      checkpoint();
      return { faces, workerMs: performance.now() - started };
    });
  },

  segment(jobId, photoId) {
    return job(jobId, async (checkpoint) => {
      const entry = inputs.get(photoId);
      if (!entry) throw new PipelineError('RENDER_FAILED', `Photo ${photoId} is not loaded in the vision worker`);
      const mask = await segmentPerson(entry.input);
      checkpoint();
      return Comlink.transfer(mask, [mask.data.buffer]);
    });
  },

  async release(photoId) {
    release(photoId);
  },

  async cancel(jobId) {
    jobs.get(jobId)?.abort();
  },
};
