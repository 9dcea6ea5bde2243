import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DesignDocument } from '../contract/design.ts';
import { design, ellipse, group, image, opaqueBounds, pixel, pngAsset, rect, text, type DesignWorkerRequest } from '../core/testing/designShapes.ts';
import { exportDesign, renderDesignToCanvas } from './designExport.ts';
import { loadDesignFonts } from '../core/design/designFonts.ts';
import { drawElementBody } from '../core/design/designRender.ts';
import { PipelineError, type FrameAnalysis } from '../core/pipelineTypes.ts';

/** The test page is a window (workers/ is type-checked against the worker lib too). */
const page = globalThis as unknown as { document: { fonts: FontFaceSet; createElement(tag: 'canvas'): HTMLCanvasElement } };

async function decode(png: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(png);
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, context.canvas.width, context.canvas.height);
}

async function failure(promise: Promise<unknown>): Promise<PipelineError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}

const white = { kind: 'solid', color: '#ffffff' } as const;
const HOLE = { x: 250, y: 150, width: 300, height: 300 };

/** A background, a circle hole and a green rect above the hole's centre, on an 800×600 canvas. */
const framed = (kind: DesignDocument['kind'] = 'frame') =>
  design({
    kind,
    width: 800,
    height: 600,
    background: { kind: 'linear', angle: 0, stops: [{ offset: 0, color: '#d7141a' }, { offset: 1, color: '#0f2a5c' }] },
    elements: [ellipse({ ...HOLE, hole: true }), rect({ x: 380, y: 280, width: 40, height: 40, fill: { kind: 'solid', color: '#00ff00' } })],
  });

describe('exportDesign', () => {
  it('renders a transparent PNG at native size and analyses its hole', async () => {
    const { png, analysis, canvas } = await exportDesign(framed());
    expect(png.type).toBe('image/png');
    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    const img = await decode(png);
    expect([img.width, img.height]).toEqual([800, 600]);
    expect(pixel(img, 300, 300)[3]).toBe(0); // in the hole, left of the rect
    expect(pixel(img, 400, 300)).toEqual([0, 255, 0, 255]); // the rect paints over the hole
    for (const [x, y] of [
      [5, 5],
      [795, 595],
      [240, 300],
      [400, 140],
    ] as const)
      expect(pixel(img, x, y)[3]).toBe(255);
    expect(analysis).toMatchObject({ width: 800, height: 600 });
    expect(analysis.holes).toHaveLength(1);
    const hole = analysis.holes[0]!;
    expect(Math.abs(hole.x - HOLE.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(hole.y - HOLE.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(hole.width - HOLE.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(hole.height - HOLE.height)).toBeLessThanOrEqual(2);
  });

  it('rejects a frame without a hole but takes it as a background design (whole canvas)', async () => {
    const solid = design({ width: 500, height: 500, background: white, elements: [rect({ x: 10, y: 10, width: 100, height: 100 })] });
    expect((await failure(exportDesign(solid))).code).toBe('FRAME_NOT_TRANSPARENT');
    const { analysis } = await exportDesign({ ...solid, kind: 'background' });
    expect(analysis.holes[0]).toMatchObject({ x: 0, y: 0, width: 500, height: 500 });
  });

  it('says the hole is covered when an image drawn above it hides it, and takes the frame once it is moved off', async () => {
    // Its left half is opaque: drawn 1200 px wide, that half covers the whole canvas.
    const photo = await pngAsset(8, 8, '#ff8800');
    // A hole inside a group, under an image over the whole canvas: the export is opaque, although a hole exists.
    const covered = design({
      width: 600,
      height: 600,
      background: white,
      assets: { poster: photo },
      elements: [group({ x: 0, y: 0, children: [ellipse({ x: 150, y: 150, width: 300, height: 300, hole: true })] }), image({ x: 0, y: 0, width: 1200, height: 600, assetId: 'poster' })],
    });
    const error = await failure(exportDesign(covered));
    expect(error.code).toBe('FRAME_HOLE_COVERED');
    expect(error.name).toBe('PipelineError:FRAME_HOLE_COVERED');
    // The same image beside the hole leaves it free.
    const moved = { ...covered, elements: [covered.elements[0]!, { ...covered.elements[1]!, x: 0, y: 0, width: 100, height: 100 }] };
    const { analysis } = await exportDesign(moved);
    expect(analysis.holes).toHaveLength(1);
    // Without any hole it stays "add a photo hole"; a hole too small to hold a photo too.
    expect((await failure(exportDesign({ ...covered, elements: [covered.elements[1]!] }))).code).toBe('FRAME_NOT_TRANSPARENT');
    const speck = design({ width: 600, height: 600, background: white, elements: [ellipse({ x: 10, y: 10, width: 4, height: 4, hole: true })] });
    expect((await failure(exportDesign(speck))).code).toBe('FRAME_NOT_TRANSPARENT');
  });

  it('decodes embedded images, including as holes', async () => {
    const asset = await pngAsset(40, 20, '#0000ff');
    const document = design({
      width: 600,
      height: 600,
      background: white,
      assets: { logo: asset },
      elements: [image({ x: 0, y: 0, width: 400, height: 200, assetId: 'logo' }), image({ x: 100, y: 300, width: 400, height: 200, assetId: 'logo', hole: true })],
    });
    const { png, analysis } = await exportDesign(document);
    const img = await decode(png);
    expect(pixel(img, 100, 100)).toEqual([0, 0, 255, 255]);
    expect(pixel(img, 300, 100)).toEqual([255, 255, 255, 255]);
    expect(pixel(img, 200, 400)[3]).toBe(0);
    expect(pixel(img, 400, 400)[3]).toBe(255);
    expect(analysis.holes[0]!.x).toBeLessThanOrEqual(101);
  });

  it('cuts with a hole group and all its children', async () => {
    const document = design({
      width: 600,
      height: 600,
      background: white,
      elements: [group({ x: 50, y: 100, hole: true, children: [rect({ x: 0, y: 0, width: 200, height: 200 }), ellipse({ x: 300, y: 0, width: 200, height: 200 })] })],
    });
    const { png, analysis } = await exportDesign(document);
    const img = await decode(png);
    expect(pixel(img, 150, 200)[3]).toBe(0);
    expect(pixel(img, 450, 200)[3]).toBe(0);
    expect(pixel(img, 300, 200)[3]).toBe(255);
    expect(analysis.holes).toHaveLength(2);
  });

  it('rejects an invalid document, a missing asset and bad image data with FRAME_INVALID', async () => {
    expect((await failure(exportDesign({ ...framed(), width: 10 }))).message).toMatch(/width/);
    expect((await failure(exportDesign({ nonsense: true }))).code).toBe('FRAME_INVALID');
    const missing = design({ elements: [image({ x: 0, y: 0, width: 10, height: 10, assetId: 'nope' })] });
    expect((await failure(exportDesign(missing))).message).toMatch(/MISSING_ASSET/);
    const broken = { ...missing, assets: { nope: { mime: 'image/png' as const, width: 10, height: 10, data: 'bm90IGEgcG5n' } } };
    const error = await failure(exportDesign(broken));
    expect(error.code).toBe('FRAME_INVALID');
    expect(error.message).toMatch(/Image "nope" could not be decoded/);
  });

  it('stops at a checkpoint that throws (the worker cancel)', async () => {
    const checkpoint = () => {
      throw new PipelineError('CANCELLED', 'stop');
    };
    expect((await failure(renderDesignToCanvas(framed(), { checkpoint }))).code).toBe('CANCELLED');
  });
});

describe('loadDesignFonts', () => {
  it('rejects naming the font when a face fails to load, and can retry', async () => {
    const added: FontFace[] = [];
    const set = { add: (face: FontFace) => added.push(face), delete: (face: FontFace) => added.splice(added.indexOf(face), 1).length > 0 } as unknown as FontFaceSet;
    const load = vi.spyOn(FontFace.prototype, 'load').mockRejectedValueOnce(new Error('network down'));
    await expect(loadDesignFonts(set, ['lobster'])).rejects.toThrow(/The font "Lobster" failed to load: network down/);
    expect(added).toHaveLength(0);
    load.mockRestore();
    await loadDesignFonts(set, ['lobster']);
    expect(added.map((face) => face.status)).toEqual(['loaded']);
  });
});

describe('in a worker', () => {
  const worker = new Worker(new URL('./designExport.testWorker.ts', import.meta.url), { type: 'module' });
  afterAll(() => worker.terminate());

  function ask<T>(request: DesignWorkerRequest): Promise<T> {
    return new Promise((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<T & { error?: string }>) => (event.data.error ? reject(new Error(event.data.error)) : resolve(event.data));
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage(request);
    });
  }

  it('loads all nine fonts into self.fonts, each measuring unlike the fallback', async () => {
    const { widths } = await ask<{ widths: Record<string, { font: number; fallback: number; checked: boolean }> }>({ op: 'fonts', sample: 'Hamburgefonstiv 0123' });
    expect(Object.keys(widths)).toHaveLength(9);
    for (const entry of Object.values(widths)) expect(entry.checked).toBe(true);
    const differing = Object.values(widths).filter((entry) => Math.abs(entry.font - entry.fallback) > 0.5);
    expect(differing.length).toBeGreaterThanOrEqual(8);
  });

  it('draws text like drawElementBody on a main-thread canvas', async () => {
    await loadDesignFonts(page.document.fonts);
    const element = text({
      x: 0,
      y: 0,
      width: 560,
      text: 'Selamat Hari Merdeka\nke-80!',
      fontFamily: 'playfair-display',
      fontSize: 54,
      fontWeight: 700,
      italic: true,
      underline: true,
      align: 'center',
      letterSpacing: 3,
      stroke: { color: '#ffffff', width: 3 },
      fill: { kind: 'linear', angle: 30, stops: [{ offset: 0, color: '#d7141a' }, { offset: 1, color: '#0f2a5c' }] },
    });
    const canvas = page.document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    drawElementBody(context, element, { get: () => undefined });
    const main = context.getImageData(0, 0, 600, 600);

    const { pixels, analysis } = await ask<{ pixels: ImageData; analysis: FrameAnalysis }>({ op: 'export', document: design({ kind: 'background', width: 600, height: 600, elements: [element] }) });
    expect(analysis.width).toBe(600);
    expect(opaqueBounds(main).count).toBeGreaterThan(2000);
    let differing = 0;
    for (let i = 0; i < main.data.length; i++) if (Math.abs((main.data[i] ?? 0) - (pixels.data[i] ?? 0)) > 8) differing++;
    // Same layout, font and paint: at most a few anti-aliasing differences.
    expect(differing).toBeLessThan(main.data.length * 0.001);
    expect(opaqueBounds(pixels)).toMatchObject({ x0: opaqueBounds(main).x0, x1: opaqueBounds(main).x1, y0: opaqueBounds(main).y0, y1: opaqueBounds(main).y1 });
  });

  it('reports a frame without holes with the analysis error code', async () => {
    await expect(ask({ op: 'export', document: design({ background: white }) })).rejects.toThrow(/FRAME_NOT_TRANSPARENT/);
  });
});
