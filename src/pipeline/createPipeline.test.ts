import { describe, expect, it } from 'vitest';
import type { Size } from '../../core/geometry.ts';
import type { DecodedPhoto, DesignExportResult, FaceBox, FaceDetection, FrameLayout, ImageWorkerApi, PersonMask, RenderRequest, VisionWorkerApi } from '../../core/pipelineTypes.ts';
import type { CrashHook, CrashMode } from '../../core/testing/crashHook.ts';
import { createCrashablePipeline } from '../testing/createCrashablePipeline.ts';
import type { ProgressEvent } from './pipelineApi.ts';
import type { WorkerHandle } from './workerSlot.ts';

/** Stand-ins for ImageBitmap: jsdom has none, and the facade only passes them along. */
const bitmap = (width: number, height: number) => ({ width, height, close() {} }) as unknown as ImageBitmap;

/** A call the test answers by hand. */
interface Pending<T> {
  args: unknown[];
  answer(value: T): void;
}

/** In-process image worker: records calls, keeps "decoded" photos by id like the real one. */
class FakeImageWorker implements ImageWorkerApi, CrashHook {
  photos = new Set<string>();
  frames = new Set<string>();
  decodes: Pending<DecodedPhoto>[] = [];
  cancelled: number[] = [];
  composites: RenderRequest[] = [];
  previews: RenderRequest[] = [];
  /** When false, decode waits for the test to answer. */
  autoDecode = true;
  crashListener: ((reason: string) => void) | null = null;
  terminated = false;

  decode(jobId: number, photoId: string, file: Blob): Promise<DecodedPhoto> {
    return new Promise((resolve) => {
      const answer = (value: DecodedPhoto) => {
        this.photos.add(photoId);
        resolve(value);
      };
      const size = { width: file.size * 10, height: file.size * 5 };
      if (this.autoDecode) answer({ size, proxy: bitmap(100, 50), visionInput: bitmap(64, 32) });
      else this.decodes.push({ args: [jobId, photoId, file], answer });
    });
  }
  async visionInput(photoId: string) {
    if (!this.photos.has(photoId)) throw new Error('unknown photo');
    return bitmap(64, 32);
  }
  async loadFrame(_jobId: number, frameId: string): Promise<FrameLayout> {
    this.frames.add(frameId);
    const hole = { x: 0, y: 0, width: 100, height: 100 };
    return { analysis: { width: 100, height: 100, holes: [], transparentShare: 0.5 }, regions: [{ hole, cover: hole, body: hole, softEdge: false, shape: 'rectangle' }] };
  }
  async loadDesign(): Promise<DesignExportResult> {
    throw new Error('not used by these tests');
  }
  async place(photoId: string, frameId: string, faces: FaceBox[]) {
    return [await this.placeInHole(photoId, frameId, faces)];
  }
  async placeInHole(photoId: string, frameId: string, faces: FaceBox[]) {
    if (!this.photos.has(photoId) || !this.frames.has(frameId)) throw Object.assign(new Error('missing'), { name: 'PipelineError:RENDER_FAILED' });
    return { x: 50, y: 50, scale: faces.length + 1, rotation: 0 };
  }
  async composite(_jobId: number, request: RenderRequest): Promise<Size> {
    if (!request.slots.every((slot) => this.photos.has(slot.photoId)) || !this.frames.has(request.frameId)) throw Object.assign(new Error('missing'), { name: 'PipelineError:RENDER_FAILED' });
    this.composites.push(request);
    return { width: 100, height: 100 };
  }
  async preview(_jobId: number, request: RenderRequest) {
    // The format only changes pixels, which this stand-in has none of.
    if (!request.slots.every((slot) => this.photos.has(slot.photoId)) || !this.frames.has(request.frameId)) throw Object.assign(new Error('missing'), { name: 'PipelineError:RENDER_FAILED' });
    this.previews.push(request);
    return bitmap(Math.round(100 * request.outputScale), Math.round(100 * request.outputScale));
  }
  async encode(_jobId: number, renderId: number, format: string) {
    return new Blob([`render ${renderId}`], { type: `image/${format}` });
  }
  async release(id: string) {
    this.photos.delete(id);
  }
  async cancel(jobId: number) {
    this.cancelled.push(jobId);
  }
  crash(_mode: CrashMode): Promise<never> {
    setTimeout(() => this.crashListener?.('test crash'), 0);
    return new Promise(() => undefined);
  }
  handle(): WorkerHandle<ImageWorkerApi & CrashHook> {
    return { api: this, terminate: () => void (this.terminated = true), onCrash: (l) => void (this.crashListener = l) };
  }
}

class FakeVisionWorker implements VisionWorkerApi, CrashHook {
  inputs = new Map<string, Size>();
  async warm() {}
  async detectFaces(_jobId: number, photoId: string, input: ImageBitmap, size: Size): Promise<FaceDetection> {
    this.inputs.set(photoId, size);
    const scale = size.width / input.width;
    return { faces: [{ box: { x: 10 * scale, y: 10 * scale, width: 20 * scale, height: 20 * scale }, score: 0.9, keypoints: [] }], workerMs: 1.5 };
  }
  async segment(_jobId: number, photoId: string): Promise<PersonMask> {
    if (!this.inputs.has(photoId)) throw new Error('unknown photo');
    return { width: 2, height: 1, data: new Uint8Array([0, 255]) };
  }
  async release(photoId: string) {
    this.inputs.delete(photoId);
  }
  async cancel() {}
  crash(): Promise<never> {
    return new Promise(() => undefined);
  }
}

function setup() {
  const images: FakeImageWorker[] = [];
  const visions: FakeVisionWorker[] = [];
  const pipeline = createCrashablePipeline({
    startImageWorker: () => {
      const worker = new FakeImageWorker();
      images.push(worker);
      return worker.handle();
    },
    startVisionWorker: () => {
      const worker = new FakeVisionWorker();
      visions.push(worker);
      return { api: worker, terminate() {}, onCrash() {} };
    },
  });
  const events: ProgressEvent[] = [];
  pipeline.onProgress((event) => events.push(event));
  return { pipeline, images, visions, events };
}

const photo = (bytes: number) => new Blob([new Uint8Array(bytes)]);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPipeline', () => {
  it('loads a photo: decode, faces in working coordinates, placement, with progress per stage', async () => {
    const { pipeline, images, events } = setup();
    const frame = await pipeline.analyzeFrame(new Blob(['frame']));
    const loaded = await pipeline.loadPhoto(photo(64), { frame });
    expect(loaded.size).toEqual({ width: 640, height: 320 });
    expect(loaded.faces[0]?.box).toEqual({ x: 100, y: 100, width: 200, height: 200 });
    expect(loaded.placements).toEqual([{ x: 50, y: 50, scale: 2, rotation: 0 }]);
    expect(images).toHaveLength(1);
    const done = events.filter((e) => e.status === 'done').map((e) => e.stage);
    expect(done).toEqual(['analyze', 'decode', 'face', 'place']);
    expect(events.filter((e) => e.status === 'start').map((e) => e.stage)).toEqual(done);
    // The face stage reports the worker's own time beside the round trip; other stages do not.
    const timed = events.flatMap((e) => (e.status === 'done' && e.workerMs !== undefined ? [e] : []));
    expect(timed.map((e) => [e.stage, e.workerMs])).toEqual([['face', 1.5]]);
  });

  it('a newer photo cancels the older one, which rejects with CANCELLED and is released', async () => {
    const { pipeline, images } = setup();
    await pipeline.warm();
    const worker = images[0]!;
    worker.autoDecode = false;
    const older = pipeline.loadPhoto(photo(10));
    const olderOutcome = older.catch((e: unknown) => e);
    await flush();
    expect(worker.decodes).toHaveLength(1);
    const newer = pipeline.loadPhoto(photo(20));
    expect(await olderOutcome).toMatchObject({ code: 'CANCELLED' });
    expect(worker.cancelled).toHaveLength(1);
    // The worker finishes the cancelled decode anyway; then runs the newer one.
    worker.decodes[0]!.answer({ size: { width: 100, height: 50 }, proxy: bitmap(1, 1), visionInput: bitmap(1, 1) });
    await flush();
    worker.autoDecode = true;
    worker.decodes[1]!.answer({ size: { width: 200, height: 100 }, proxy: bitmap(1, 1), visionInput: bitmap(1, 1) });
    const loaded = await newer;
    expect(loaded.size).toEqual({ width: 200, height: 100 });
    await flush();
    // Only the newest photo stays in the worker.
    expect([...worker.photos]).toEqual([loaded.photoId]);
  });

  it('renders with a person mask only when the background needs one', async () => {
    const { pipeline, images } = setup();
    const frame = await pipeline.analyzeFrame(new Blob(['frame']));
    const loaded = await pipeline.loadPhoto(photo(64), { frame });
    const blob = await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform: loaded.placements![0]! }], format: 'png' });
    expect(blob.type).toBe('image/png');
    await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform: loaded.placements![0]! }], background: { kind: 'blur', radius: 8 } });
    const [keep, blur] = images[0]!.composites;
    expect(keep?.masks).toBeUndefined();
    expect(blur?.masks?.[loaded.photoId]?.data).toEqual(new Uint8Array([0, 255]));
  });

  it('previews at the size asked, with the person mask made once per photo', async () => {
    const { pipeline, images, events } = setup();
    const frame = await pipeline.analyzeFrame(new Blob(['frame']));
    const loaded = await pipeline.loadPhoto(photo(64), { frame });
    const slots = [{ photoId: loaded.photoId, transform: loaded.placements![0]! }];
    const first = await pipeline.preview({ frame, slots, background: { kind: 'color', color: '#fff' }, scale: 0.5 });
    await pipeline.preview({ frame, slots, background: { kind: 'color', color: '#fff' }, scale: 0.5 });
    expect([first.width, first.height]).toEqual([50, 50]);
    expect(images[0]!.previews.map((request) => request.outputScale)).toEqual([0.5, 0.5]);
    expect(images[0]!.previews[1]!.masks?.[loaded.photoId]?.data).toEqual(new Uint8Array([0, 255]));
    expect(events.filter((e) => e.stage === 'segment' && e.status === 'done')).toHaveLength(1);
  });

  it('keeps the photos other holes still show when a new photo loads', async () => {
    const { pipeline, images } = setup();
    const frame = await pipeline.analyzeFrame(new Blob(['frame']));
    const first = await pipeline.loadPhoto(photo(64), { frame });
    const second = await pipeline.loadPhoto(photo(32), { frame, keep: [first.photoId] });
    await flush();
    expect([...images[0]!.photos].sort()).toEqual([first.photoId, second.photoId].sort());
    const slots = [{ photoId: first.photoId, transform: first.placements![0]! }, { photoId: second.photoId, transform: second.placements![0]! }];
    await pipeline.render({ frame, slots, background: { kind: 'blur', radius: 8 } });
    expect(Object.keys(images[0]!.composites[0]!.masks ?? {}).sort()).toEqual([first.photoId, second.photoId].sort());
    pipeline.release(first.photoId);
    await flush();
    expect([...images[0]!.photos]).toEqual([second.photoId]);
  });

  it('after the image worker crashes, render decodes the photo and loads the frame again on the new worker', async () => {
    const { pipeline, images, events } = setup();
    const frame = await pipeline.analyzeFrame(new Blob(['frame']));
    const loaded = await pipeline.loadPhoto(photo(64), { frame });
    await expect(pipeline.crashWorker('image', 'throw')).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    expect(images[0]!.terminated).toBe(true);
    events.length = 0;
    const blob = await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform: loaded.placements![0]! }] });
    expect(await blob.text()).toMatch(/^render \d+$/);
    expect(images).toHaveLength(2);
    expect(events.filter((e) => e.status === 'done').map((e) => e.stage)).toEqual(['decode', 'analyze', 'composite', 'encode']);
  });

  it('maps a failing stage to its PipelineError code and reports it as a progress error', async () => {
    const { pipeline, images, events } = setup();
    await pipeline.warm();
    images[0]!.decode = async () => {
      throw Object.assign(new Error('not an image'), { name: 'PipelineError:DECODE_UNSUPPORTED' });
    };
    await expect(pipeline.loadPhoto(photo(8))).rejects.toMatchObject({ code: 'DECODE_UNSUPPORTED', message: 'not an image' });
    expect(events.at(-1)).toMatchObject({ stage: 'decode', status: 'error', code: 'DECODE_UNSUPPORTED' });
  });
});
