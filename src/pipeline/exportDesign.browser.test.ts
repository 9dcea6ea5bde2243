import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_SCHEMA_VERSION, type DesignDocument, type DesignElement } from '../../contract/design.ts';
import { createCrashablePipeline, type CrashablePipeline } from '../testing/createCrashablePipeline.ts';
import type { ProgressEvent } from './pipelineApi.ts';

const base = { name: '', rotation: 0, opacity: 1, locked: false, hidden: false, hole: false, stroke: null };
const HOLE = { x: 240, y: 200, width: 600, height: 600 };
const MARK = [0, 200, 0] as const;
const BACKGROUND = [30, 60, 200] as const;

/** A 1080×1080 design: a blue background, a circle hole and a green mark inside the hole. */
function framed(kind: DesignDocument['kind'] = 'frame', elements?: DesignElement[]): DesignDocument {
  return {
    schemaVersion: DESIGN_SCHEMA_VERSION,
    id: 'pipeline-design',
    name: 'Pipeline design',
    kind,
    width: 1080,
    height: 1080,
    background: { kind: 'solid', color: '#1e3cc8' },
    elements: elements ?? [
      { ...base, id: 'hole', type: 'ellipse', ...HOLE, hole: true, fill: { kind: 'solid', color: '#ffffff' } },
      { ...base, id: 'mark', type: 'rect', x: 490, y: 250, width: 100, height: 60, cornerRadius: 0, fill: { kind: 'solid', color: '#00c800' } },
    ],
    assets: {},
    templateId: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

async function pixels(blob: Blob) {
  const bitmap = await createImageBitmap(blob);
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const data = context.getImageData(0, 0, context.canvas.width, context.canvas.height);
  const at = (x: number, y: number) => Array.from(data.data.subarray((y * data.width + x) * 4, (y * data.width + x) * 4 + 4));
  return { width: data.width, height: data.height, at };
}

const near = (a: number[], b: readonly number[], tolerance = 2) => b.every((v, i) => Math.abs(v - (a[i] ?? 0)) <= tolerance);

describe('pipeline.exportDesign with the real image worker', () => {
  let pipeline: CrashablePipeline;
  const events: ProgressEvent[] = [];

  beforeAll(() => {
    pipeline = createCrashablePipeline({ stageTimeoutMs: 20_000 });
    pipeline.onProgress((event) => events.push(event));
  });

  afterAll(() => pipeline.dispose());

  it('renders the design to a transparent PNG and loads it as a frame', async () => {
    events.length = 0;
    const { png, frame } = await pipeline.exportDesign(framed());
    expect(events.map((event) => `${event.stage}:${event.status}`)).toEqual(['export:start', 'export:done']);
    const image = await pixels(png);
    expect([image.width, image.height]).toEqual([1080, 1080]);
    expect(image.at(540, 500)[3]).toBe(0);
    expect(near(image.at(540, 280), [...MARK, 255])).toBe(true); // the mark paints over the hole
    expect(near(image.at(20, 20), [...BACKGROUND, 255])).toBe(true);
    const hole = frame.analysis.holes[0]!;
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(hole[key] - HOLE[key])).toBeLessThanOrEqual(2);
  });

  it('places and renders a photo into the exported frame, also after the image worker crashed', async () => {
    const { frame } = await pipeline.exportDesign(framed());
    const response = await fetch('/node_modules/@vladmandic/face-api/demo/sample1.jpg');
    const photo = await pipeline.loadPhoto(await response.blob(), { frame });
    photo.proxy.close();
    expect(photo.placements).toHaveLength(frame.regions.length);
    const check = async (blob: Blob) => {
      const result = await pixels(blob);
      expect([result.width, result.height]).toEqual([1080, 1080]);
      expect(near(result.at(20, 20), [...BACKGROUND, 255], 12)).toBe(true);
      expect(near(result.at(540, 280), [...MARK, 255], 12)).toBe(true);
      expect(near(result.at(540, 500), [...BACKGROUND, 255], 12)).toBe(false); // the photo shows in the hole
    };
    await check(await pipeline.render({ frame, slots: photo.placements!.map((transform) => ({ photoId: photo.photoId, transform })), format: 'png' }));
    await expect(pipeline.crashWorker('image', 'throw')).rejects.toMatchObject({ code: 'WORKER_CRASHED' });
    // The new worker gets the exported PNG through loadFrame.
    await check(await pipeline.render({ frame, slots: photo.placements!.map((transform) => ({ photoId: photo.photoId, transform })), format: 'png' }));
  }, 90_000);

  it('rejects a frame design without a hole like an opaque upload, but takes it as a background design', async () => {
    events.length = 0;
    const opaque = framed('frame', []);
    await expect(pipeline.exportDesign(opaque)).rejects.toMatchObject({ code: 'FRAME_NOT_TRANSPARENT' });
    expect(events.at(-1)).toMatchObject({ stage: 'export', status: 'error', code: 'FRAME_NOT_TRANSPARENT' });
    const { frame, png } = await pipeline.exportDesign({ ...opaque, kind: 'background' });
    expect(frame.analysis.holes[0]).toMatchObject({ x: 0, y: 0, width: 1080, height: 1080 });
    expect((await pixels(png)).at(540, 540)[3]).toBe(255);
  });

  it('says a hole painted over by the layers above it is covered (the code crosses from the worker)', async () => {
    const [hole] = framed().elements;
    const cover = { ...base, id: 'cover', type: 'rect', x: 0, y: 0, width: 1080, height: 1080, cornerRadius: 0, fill: { kind: 'solid', color: '#00c800' } } as const;
    await expect(pipeline.exportDesign(framed('frame', [hole!, cover]))).rejects.toMatchObject({ code: 'FRAME_HOLE_COVERED' });
    expect(events.at(-1)).toMatchObject({ stage: 'export', status: 'error', code: 'FRAME_HOLE_COVERED' });
  });

  it('rejects an invalid document with FRAME_INVALID and keeps working', async () => {
    await expect(pipeline.exportDesign({ ...framed(), width: 99_999 })).rejects.toMatchObject({ code: 'FRAME_INVALID' });
    await expect(pipeline.exportDesign(framed())).resolves.toMatchObject({ frame: { analysis: { width: 1080 } } });
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const stop = pipeline.onProgress((event) => {
      if (event.stage === 'export' && event.status === 'start') controller.abort();
    });
    await expect(pipeline.exportDesign(framed(), { signal: controller.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
    stop();
    const aborted = AbortSignal.abort();
    await expect(pipeline.exportDesign(framed(), { signal: aborted })).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(pipeline.exportDesign(framed())).resolves.toBeDefined();
  });
});
