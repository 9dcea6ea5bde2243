import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rect } from '../../core/geometry.ts';
import { createCrashablePipeline, type CrashablePipeline } from '../testing/createCrashablePipeline.ts';
import type { LoadedFrame, ProgressEvent } from './pipelineApi.ts';
import { circleHoleFrameBlob } from '../testing/frameBlobs.ts';

const FRAME_SIDE = 1080;
const FRAME_COLOR = [200, 30, 60] as const;
const HOLE = { cx: 540, cy: 480, r: 380 };

/** A twibbon frame: an opaque red square with a transparent circle. */
const frameBlob = () => circleHoleFrameBlob(FRAME_SIDE, HOLE, FRAME_COLOR);

async function sample(name: string): Promise<Blob> {
  const response = await fetch(`/node_modules/@vladmandic/face-api/demo/${name}`);
  expect(response.ok).toBe(true);
  return response.blob();
}

async function pixels(blob: Blob) {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const at = (x: number, y: number) => Array.from(data.data.subarray((y * data.width + x) * 4, (y * data.width + x) * 4 + 3));
  return { width: data.width, height: data.height, at };
}

const near = (a: number[], b: readonly number[], tolerance: number) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tolerance);

describe('pipeline with real workers', () => {
  let pipeline: CrashablePipeline;
  let frame: LoadedFrame;
  const events: ProgressEvent[] = [];

  beforeAll(async () => {
    pipeline = createCrashablePipeline({ stageTimeoutMs: 20_000 });
    pipeline.onProgress((event) => events.push(event));
    await pipeline.warm();
    frame = await pipeline.analyzeFrame(await frameBlob());
  }, 120_000);

  afterAll(() => pipeline.dispose());

  it('analyses the frame: one round hole', () => {
    expect(frame.analysis).toMatchObject({ width: FRAME_SIDE, height: FRAME_SIDE });
    const hole = frame.analysis.holes[0]!;
    expect(hole.x).toBeCloseTo(HOLE.cx - HOLE.r, -1);
    expect(hole.width).toBeCloseTo(2 * HOLE.r, -1);
    expect(frame.analysis.holes).toHaveLength(1);
  });

  it('decode → faces → place → composite → encode on a real photo', async () => {
    events.length = 0;
    const loaded = await pipeline.loadPhoto(await sample('sample1.jpg'), { frame });
    expect(loaded.size).toEqual({ width: 1920, height: 1280 });
    expect(Math.max(loaded.proxy.width, loaded.proxy.height)).toBeLessThanOrEqual(1280);
    expect(loaded.proxy.width / loaded.proxy.height).toBeCloseTo(1920 / 1280, 1);
    loaded.proxy.close();

    // Every face found lies on a face marked by hand in the fixture.
    const fixture = (await (await fetch('/tests/fixtures/faces.json')).json()) as { samples: Record<string, { faces: Rect[] }> };
    const marked = fixture.samples['sample1.jpg']!.faces;
    expect(loaded.faces.length).toBeGreaterThanOrEqual(1);
    for (const face of loaded.faces) {
      const cx = face.box.x + face.box.width / 2;
      const cy = face.box.y + face.box.height / 2;
      expect(marked.some((m) => cx >= m.x && cx <= m.x + m.width && cy >= m.y && cy <= m.y + m.height), `face at ${cx},${cy}`).toBe(true);
    }

    const transform = loaded.placements![0]!;
    expect(transform).not.toBeNull();
    const blob = await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform }], format: 'jpeg', quality: 0.9 });
    expect(blob.type).toBe('image/jpeg');
    const out = await pixels(blob);
    expect([out.width, out.height]).toEqual([FRAME_SIDE, FRAME_SIDE]);
    // Outside the hole: the frame; inside: the photo (not the frame colour, not empty).
    expect(near(out.at(20, 20), FRAME_COLOR, 12)).toBe(true);
    expect(near(out.at(HOLE.cx, HOLE.cy), FRAME_COLOR, 40)).toBe(false);
    const done = new Set(events.filter((e) => e.status === 'done').map((e) => e.stage));
    expect([...done].sort()).toEqual(['composite', 'decode', 'encode', 'face', 'place']);
    // The face stage's time inside the vision worker is part of its round trip.
    const face = events.find((e) => e.stage === 'face' && e.status === 'done');
    expect(face?.status === 'done' && face.workerMs! > 0 && face.workerMs! <= face.ms).toBe(true);

    // A blurred background segments the person first, and the result is still the frame's size.
    const blurred = await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform }], background: { kind: 'blur', radius: 12 }, format: 'png' });
    expect(events.some((e) => e.stage === 'segment' && e.status === 'done')).toBe(true);
    const blurredPixels = await pixels(blurred);
    expect([blurredPixels.width, blurredPixels.height]).toEqual([FRAME_SIDE, FRAME_SIDE]);
  });

  it('a newer photo cancels the older one', async () => {
    const older = pipeline.loadPhoto(await sample('sample2.jpg'), { frame });
    const olderOutcome = older.then(
      (value) => value,
      (error: unknown) => error,
    );
    const newer = await pipeline.loadPhoto(await sample('sample1.jpg'), { frame });
    expect(await olderOutcome).toMatchObject({ code: 'CANCELLED' });
    expect(newer.faces.length).toBeGreaterThanOrEqual(1);
    newer.proxy.close();
  });

  it('rejects a file that is not an image with a decode error and keeps working', async () => {
    await expect(pipeline.loadPhoto(new Blob(['not an image'], { type: 'image/jpeg' }))).rejects.toMatchObject({ code: expect.stringMatching(/^DECODE_/) });
    const loaded = await pipeline.loadPhoto(await sample('sample1.jpg'));
    expect(loaded.size.width).toBe(1920);
    loaded.proxy.close();
  });

  it('recovers from a crashed image worker and a hung vision worker', async () => {
    const loaded = await pipeline.loadPhoto(await sample('sample1.jpg'), { frame });
    loaded.proxy.close();
    await expect(pipeline.crashWorker('image', 'throw')).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    // The new image worker gets the photo and the frame again by itself.
    const blob = await pipeline.render({ frame, slots: [{ photoId: loaded.photoId, transform: loaded.placements![0]! }] });
    expect((await pixels(blob)).width).toBe(FRAME_SIDE);

    await expect(pipeline.crashWorker('vision', 'hang')).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    const again = await pipeline.loadPhoto(await sample('sample1.jpg'), { frame });
    expect(again.faces.length).toBeGreaterThanOrEqual(1);
    again.proxy.close();
  }, 90_000);
});
