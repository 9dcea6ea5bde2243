import { afterEach, describe, expect, it } from 'vitest';
import { configureVision, createFaceDetector, createSelfieSegmenter } from './visionRuntime.ts';

interface WorkerReply {
  error?: string;
  faces?: number;
  mask?: number[];
  origin?: string;
  resources?: string[];
}

async function sample(name: string): Promise<ImageBitmap> {
  const response = await fetch(`/node_modules/@vladmandic/face-api/demo/${name}`);
  return createImageBitmap(await response.blob());
}

describe('visionRuntime', () => {
  afterEach(() => configureVision({ wasmBase: '/mediapipe/', modelBase: '/models/' }));

  it('runs face detection and segmentation in one module worker, loading only same-origin files', async () => {
    const worker = new Worker(new URL('./visionRuntime.testWorker.ts', import.meta.url), { type: 'module' });
    try {
      const image = await sample('sample4.jpg');
      const reply = await new Promise<WorkerReply>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<WorkerReply>) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(image, [image]);
      });
      expect(reply.error).toBeUndefined();
      expect(reply.faces).toBe(4);
      expect(reply.mask).toEqual([640, 483]);
      const resources = reply.resources ?? [];
      expect(resources.some((url) => url.endsWith('/models/face_detection_short_range.tflite'))).toBe(true);
      expect(resources.some((url) => url.endsWith('/models/selfie_segmentation.tflite'))).toBe(true);
      expect(resources.some((url) => url.endsWith('/mediapipe/vision_wasm_module_internal.wasm'))).toBe(true);
      for (const url of resources) expect(new URL(url).origin).toBe(reply.origin);
    } finally {
      worker.terminate();
    }
  });

  it('creates several tasks in one page', async () => {
    const [face, segmenter, face2] = await Promise.all([createFaceDetector(), createSelfieSegmenter(), createFaceDetector()]);
    const canvas = new OffscreenCanvas(64, 64);
    expect(face.detect(canvas).detections).toEqual([]);
    expect(face2.detect(canvas).detections).toEqual([]);
    segmenter.segment(canvas, (result) => expect(result.confidenceMasks).toHaveLength(1));
    for (const task of [face, segmenter, face2]) task.close();
  });

  it('rejects with MODEL_LOAD_FAILED when a model is missing', async () => {
    configureVision({ modelBase: '/no-such-models/' });
    await expect(createFaceDetector()).rejects.toMatchObject({ code: 'MODEL_LOAD_FAILED' });
    configureVision({ modelBase: '/models/' });
    const face = await createFaceDetector();
    face.close();
  });
});
