/**
 * Preview first (issue 14): loadPhoto answers with the proxy, faces and placements while the
 * working image is still decoding; a render waits for the working image, decoded only as large as
 * the output needs, and decoded again larger when a zoom needs more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Size } from '../../core/geometry.ts';
import type { FaceBox, ImageWorkerApi, PhotoTransform, VisionWorkerApi } from '../../core/pipelineTypes.ts';
import type { WorkingDecodeHook } from '../../core/testing/workingDecodeHook.ts';
import { createPipeline } from './createPipeline.ts';
import type { LoadedFrame, Pipeline } from './pipelineApi.ts';
import { startWorker } from './startWorker.ts';
import { createWorkerSlot } from './workerSlot.ts';
import { circleHoleFrameBlob } from '../testing/frameBlobs.ts';

const FRAME_SIDE = 1080;
const HOLE = { cx: 540, cy: 480, r: 380 };
/** The face sample drawn 12 MP large: 4000 × 2667. */
const BIG: Size = { width: 4000, height: 2667 };

/** A twibbon frame: an opaque red square with a transparent circle. */
const frameBlob = () => circleHoleFrameBlob(FRAME_SIDE, HOLE, [200, 30, 60]);

async function sample(): Promise<Blob> {
  const response = await fetch('/node_modules/@vladmandic/face-api/demo/sample1.jpg');
  expect(response.ok).toBe(true);
  return response.blob();
}

/** The sample (1920 × 1280) drawn at BIG size and saved as a JPEG, like a phone photo. */
async function bigPhoto(): Promise<Blob> {
  const bitmap = await createImageBitmap(await sample());
  const canvas = new OffscreenCanvas(BIG.width, BIG.height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, BIG.width, BIG.height);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

async function imageData(source: Blob | OffscreenCanvas): Promise<ImageData> {
  const bitmap = source instanceof Blob ? await createImageBitmap(source) : source;
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** Mean absolute RGB difference (0..255) inside the hole. */
function holeDifference(a: ImageData, b: ImageData): number {
  let sum = 0;
  let count = 0;
  for (let y = HOLE.cy - HOLE.r + 20; y < HOLE.cy + HOLE.r - 20; y += 2) {
    for (let x = HOLE.cx - HOLE.r + 20; x < HOLE.cx + HOLE.r - 20; x += 2) {
      if ((x - HOLE.cx) ** 2 + (y - HOLE.cy) ** 2 > (HOLE.r - 20) ** 2) continue;
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      count += 3;
    }
  }
  return sum / count;
}

/** workers/workingImage.ts workingSideFor: the longest side a draw at `pxPerPhotoPx` needs, 2 px of filter support included. */
const sideFor = (pxPerPhotoPx: number) => Math.min(BIG.width, Math.ceil(BIG.width * Math.min(1, pxPerPhotoPx)) + 2);

/** The same pixels as a PNG: decoded whole at full size, never capped (the path of every non-JPEG). */
async function asPng(jpeg: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(jpeg);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/png' });
}

const centre = (face: FaceBox) => ({ x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 });

describe('preview first: the placed proxy before the working image', () => {
  let pipeline: Pipeline;
  /** The test worker's hooks, called beside the slot's one-at-a-time queue (a render holds it while it waits). */
  let hooks: WorkingDecodeHook;
  let frame: LoadedFrame;
  let file: Blob;
  /** The same picture loaded from a PNG: its working image is the whole photo. */
  let uncapped: string;

  /** What the uncapped photo gives with `transform`. */
  async function reference(transform: PhotoTransform): Promise<ImageData> {
    return imageData(await pipeline.render({ frame, slots: [{ photoId: uncapped, transform }], format: 'png' }));
  }

  beforeAll(async () => {
    const imageSlot = createWorkerSlot(() => {
      const handle = startWorker<ImageWorkerApi & WorkingDecodeHook>(new Worker(new URL('../../workers/image.testWorker.ts', import.meta.url), { type: 'module' }));
      hooks = handle.api;
      return handle;
    });
    const visionSlot = createWorkerSlot(() => startWorker<VisionWorkerApi>(new Worker(new URL('../../workers/vision.worker.ts', import.meta.url), { type: 'module' })));
    pipeline = createPipeline({ imageSlot, visionSlot, stageTimeoutMs: 30_000 });
    await pipeline.warm();
    const frameFile = await frameBlob();
    frame = await pipeline.analyzeFrame(frameFile);
    file = await bigPhoto();
    const png = await pipeline.loadPhoto(await asPng(file));
    png.proxy.close();
    uncapped = png.photoId;
  }, 120_000);

  afterAll(() => pipeline.dispose());

  it('answers loadPhoto with the placed proxy while the working image waits; the render waits for it', async () => {
    await hooks.holdWorkingDecodes();
    const loaded = await pipeline.loadPhoto(file, { frame, keep: [uncapped] });
    expect(loaded.size).toEqual(BIG);
    // 2/8 of 4000 × 2667: the proxy is decoded small, not cut down from the working image.
    expect([loaded.proxy.width, loaded.proxy.height]).toEqual([1000, 667]);
    loaded.proxy.close();
    expect(loaded.faces.length).toBeGreaterThanOrEqual(1);
    const transform = loaded.placements![0]!;
    // place() asks for the working image right after it answers; it is not made while decodes are held.
    const lastDecode = async () => (await hooks.workingDecodes()).slice(-1)[0];
    await expect.poll(async () => (await lastDecode())?.side).toBe(sideFor(transform.scale * 2));
    const asked = await lastDecode();
    expect(asked!.made).toBeUndefined();

    let rendered = false;
    const render = pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform }], format: 'png' }).finally(() => (rendered = true));
    // A round trip to the worker: the render has reached it and is waiting, with nothing made.
    expect((await hooks.workingDecodes()).slice(-1)[0]!.made).toBeUndefined();
    expect(rendered).toBe(false);
    await hooks.releaseWorkingDecodes();
    const blob = await render;
    expect(blob.type).toBe('image/png');

    // One decode, capped by what the output needs (the placement × output scale 2): an n/8 size reaching it, not the whole photo.
    const decodes = (await hooks.workingDecodes()).filter((d) => d.side === asked!.side);
    expect(decodes).toHaveLength(1);
    const made = decodes[0]!.made!;
    expect(made.width).toBeGreaterThanOrEqual(asked!.side);
    expect(made.width).toBeLessThan(BIG.width);
    expect(made.width % (BIG.width / 8)).toBe(0);
    // The picture the whole photo gives: the capped working image is as sharp where it is shown.
    expect(holeDifference(await imageData(blob), await reference(transform))).toBeLessThan(1.5);
  });

  it('finds the faces on the proxy where they are on the working image', async () => {
    const small = await pipeline.loadPhoto(await sample(), { frame, keep: [uncapped] });
    const big = await pipeline.loadPhoto(file, { frame, keep: [small.photoId, uncapped] });
    small.proxy.close();
    big.proxy.close();
    const k = BIG.width / small.size.width;
    expect(big.faces.length).toBe(small.faces.length);
    for (const face of big.faces) {
      const c = centre(face);
      const match = small.faces.find((s) => Math.hypot(centre(s).x * k - c.x, centre(s).y * k - c.y) < 0.1 * face.box.width);
      expect(match, `face at ${c.x},${c.y}`).toBeDefined();
      expect(face.box.width / (match!.box.width * k)).toBeCloseTo(1, 0);
    }
  });

  it('decodes the working image again, larger, when a zoom needs more pixels', async () => {
    const loaded = await pipeline.loadPhoto(file, { frame, keep: [uncapped] });
    loaded.proxy.close();
    const placed = loaded.placements![0]!;
    const zoomed: PhotoTransform = { ...placed, scale: placed.scale * 3 };
    // As placed: the render uses the decode place() started.
    await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform: placed }] });
    const before = await hooks.workingDecodes();
    const blob = await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform: zoomed }], format: 'png' });
    const added = (await hooks.workingDecodes()).slice(before.length);
    // The first decode (for the placement at output scale 2) is short of a 3× zoom at scale 1.
    expect(sideFor(zoomed.scale)).toBeGreaterThan(before.slice(-1)[0]!.made!.width);
    expect(added).toHaveLength(1);
    expect(added[0]!.made!.width).toBeGreaterThanOrEqual(sideFor(zoomed.scale));
    expect(holeDifference(await imageData(blob), await reference(zoomed))).toBeLessThan(1.5);
  });
});
