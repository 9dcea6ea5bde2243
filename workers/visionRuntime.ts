/**
 * Creates @mediapipe/tasks-vision tasks from same-origin assets only (generated into public/
 * by scripts/buildModels.ts): the ES-module wasm build under /mediapipe/ and the models
 * under /models/. Works in a page and in a module worker; several tasks may share one worker.
 *
 *   createFaceDetector(): Promise<FaceDetector>     short-range BlazeFace, CPU delegate
 *   createSelfieSegmenter(): Promise<ImageSegmenter> selfie model, confidence masks, CPU delegate
 *   configureVision({ wasmBase?, modelBase? })       change where the assets are served from
 *
 * Failures reject with PipelineError MODEL_LOAD_FAILED.
 *
 * Why the loader is imported here (DESIGN.md §5 "ModuleFactory not set"): tasks-vision clears
 * self.ModuleFactory after creating a task, and importing the loader again is answered from
 * the module cache without re-running it, so a second task would fail. We import the loader
 * once, put its factory back before each task, and pass no loader path to tasks-vision.
 */
import { FaceDetector, ImageSegmenter } from '@mediapipe/tasks-vision';
import { PipelineError } from '../core/pipelineTypes.ts';

export interface VisionAssets {
  /** Folder holding vision_wasm_module_internal.{js,wasm}. */
  wasmBase: string;
  /** Folder holding the .tflite models. */
  modelBase: string;
}

const LOADER = 'vision_wasm_module_internal.js';
const BINARY = 'vision_wasm_module_internal.wasm';
/** tasks-vision declares but does not export this type. */
type WasmFileset = Parameters<typeof FaceDetector.createFromOptions>[0];

export const FACE_MODEL = 'face_detection_short_range.tflite';
export const SELFIE_MODEL = 'selfie_segmentation.tflite';

let assets: VisionAssets = { wasmBase: '/mediapipe/', modelBase: '/models/' };
let factory: Promise<unknown> | undefined;
/** Task creation is serialised: ModuleFactory is a global that each creation consumes. */
let queue: Promise<unknown> = Promise.resolve();

export function configureVision(next: Partial<VisionAssets>): void {
  assets = { ...assets, ...next };
  factory = undefined;
}

function absolute(path: string): string {
  return new URL(path, self.location.href).href;
}

function loadFactory(): Promise<unknown> {
  factory ??= import(/* @vite-ignore */ absolute(assets.wasmBase + LOADER)).then((module: { default?: unknown }) => {
    if (typeof module.default !== 'function') throw new Error(`${LOADER} does not export a module factory`);
    return module.default;
  });
  return factory;
}

async function createTask<T>(what: string, create: (fileset: WasmFileset) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    try {
      const moduleFactory = await loadFactory();
      (globalThis as { ModuleFactory?: unknown }).ModuleFactory = moduleFactory;
      // An empty loader path makes tasks-vision use the ModuleFactory set above.
      return await create({ wasmLoaderPath: '', wasmBinaryPath: absolute(assets.wasmBase + BINARY) });
    } catch (error) {
      factory = undefined;
      throw new PipelineError('MODEL_LOAD_FAILED', `Could not load the ${what} model: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

export function createFaceDetector(): Promise<FaceDetector> {
  return createTask('face detection', (fileset) =>
    FaceDetector.createFromOptions(fileset, {
      baseOptions: { modelAssetPath: absolute(assets.modelBase + FACE_MODEL), delegate: 'CPU' },
      runningMode: 'IMAGE',
      minDetectionConfidence: 0.5,
      minSuppressionThreshold: 0.3,
    }),
  );
}

export function createSelfieSegmenter(): Promise<ImageSegmenter> {
  return createTask('segmentation', (fileset) =>
    ImageSegmenter.createFromOptions(fileset, {
      baseOptions: { modelAssetPath: absolute(assets.modelBase + SELFIE_MODEL), delegate: 'CPU' },
      runningMode: 'IMAGE',
      outputConfidenceMasks: true,
      outputCategoryMask: false,
    }),
  );
}
