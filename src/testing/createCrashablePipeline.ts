/**
 * Test helper: a pipeline whose workers can be crashed or hung on purpose, to test its recovery.
 * It runs the test workers (workers/*.testWorker.ts: the real APIs plus a crash hook), so the
 * production workers and the app's pipeline carry no test hook.
 */
import type { ImageWorkerApi, VisionWorkerApi } from '../../core/pipelineTypes.ts';
import type { CrashHook, CrashMode } from '../../core/testing/crashHook.ts';
import { createPipeline, type PipelineOptions } from '../pipeline/createPipeline.ts';
import type { Pipeline } from '../pipeline/pipelineApi.ts';
import { startWorker } from '../pipeline/startWorker.ts';
import { createWorkerSlot, type WorkerHandle } from '../pipeline/workerSlot.ts';

export interface CrashablePipeline extends Pipeline {
  /** Makes a worker fail the way a crash ('throw') or a hung stage ('hang') would; rejects like the job it interrupts. */
  crashWorker(worker: 'image' | 'vision', mode: CrashMode): Promise<never>;
}

export interface CrashablePipelineOptions extends Omit<PipelineOptions, 'startImageWorker' | 'startVisionWorker' | 'imageSlot' | 'visionSlot'> {
  /** Stand-ins for the test workers (unit tests with in-process fakes). */
  startImageWorker?: () => WorkerHandle<ImageWorkerApi & CrashHook>;
  startVisionWorker?: () => WorkerHandle<VisionWorkerApi & CrashHook>;
}

const startImageTestWorker = () =>
  startWorker<ImageWorkerApi & CrashHook>(new Worker(new URL('../../workers/image.testWorker.ts', import.meta.url), { type: 'module', name: 'bingkai-image-test' }));
const startVisionTestWorker = () =>
  startWorker<VisionWorkerApi & CrashHook>(new Worker(new URL('../../workers/vision.testWorker.ts', import.meta.url), { type: 'module', name: 'bingkai-vision-test' }));

export function createCrashablePipeline(options: CrashablePipelineOptions = {}): CrashablePipeline {
  const { startImageWorker = startImageTestWorker, startVisionWorker = startVisionTestWorker, ...rest } = options;
  const image = createWorkerSlot(startImageWorker);
  const vision = createWorkerSlot(startVisionWorker);
  const pipeline = createPipeline({ ...rest, imageSlot: image, visionSlot: vision });
  const run = { fallback: 'RENDER_FAILED' as const, timeoutMs: 2_000 };
  return Object.assign(pipeline, {
    crashWorker: (worker: 'image' | 'vision', mode: CrashMode) =>
      worker === 'image' ? image.run((api) => api.crash(mode), run) : vision.run((api) => api.crash(mode), run),
  });
}
