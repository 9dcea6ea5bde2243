import { describe, expect, test } from 'vitest';
import { replaceBackground } from './background.ts';
import type { MaskInput } from './background.ts';
import { compositeResult, photoToOutputMatrix } from './composite.ts';
import type { BackgroundLayer, CompositeInput, PhotoSlot } from './composite.ts';
import type { HoleFill } from '../core/pipelineTypes.ts';
import { renderLayersCanvas } from './compositeCanvas.ts';
import { webglAvailable, webglIsSoftware } from './compositeWebgl.ts';
import { resampleTo } from './resample.ts';
import { bitmapOf, channelStats, checkerboard, meanAbsDiff, pixelAt, pixelsOf, samplePhoto } from './testing/pixels.ts';

const renderers = ['canvas', 'webgl'] as const;

/** Opaque red frame with a transparent rectangle. */
function frameWithHole(width: number, height: number, hole: [number, number, number, number]) {
  return bitmapOf(width, height, (ctx) => {
    ctx.fillStyle = '#d00000';
    ctx.fillRect(0, 0, width, height);
    ctx.clearRect(...hole);
  });
}

function solid(width: number, height: number, color: string) {
  return bitmapOf(width, height, (ctx) => {
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, width, height);
  });
}

/** A cover box well inside the photo: the photo covers it, so no fill is drawn. */
function centreCover(t: { x: number; y: number }) {
  return { x: t.x - 1, y: t.y - 1, width: 2, height: 2 };
}

/** Brightness-weighted centre of the opaque pixels brighter than the background level. */
function brightCentroid(img: ImageData, background: number): { x: number; y: number } {
  let sx = 0;
  let sy = 0;
  let sw = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const v = (img.data[i] ?? 0) - background;
      // Nearly transparent edge pixels carry meaningless colour: skip them.
      if (v <= 10 || (img.data[i + 3] ?? 0) < 255) continue;
      sx += (x + 0.5) * v;
      sy += (y + 0.5) * v;
      sw += v;
    }
  }
  return { x: sx / sw, y: sy / sw };
}

test('WebGL2 is available in the test browser (the comparison below needs it)', () => {
  expect(webglAvailable()).toBe(true);
});

describe.each(renderers)('compositeResult with %s', (renderer) => {
  test('the frame covers the photo, which shows only through the hole', async () => {
    const frame = await frameWithHole(200, 200, [50, 50, 100, 100]);
    const photo = await solid(100, 100, '#0000e0');
    const out = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [{ photo, transform: { x: 100, y: 100, scale: 2, rotation: 0 }, cover: { x: 50, y: 50, width: 100, height: 100 } }], outputScale: 1, renderer }));
    expect(pixelAt(out, 10, 10)).toEqual([208, 0, 0, 255]);
    expect(pixelAt(out, 47, 100)).toEqual([208, 0, 0, 255]);
    expect(pixelAt(out, 100, 100)).toEqual([0, 0, 224, 255]);
    expect(pixelAt(out, 52, 100)).toEqual([0, 0, 224, 255]);
    expect(pixelAt(out, 100, 152)).toEqual([208, 0, 0, 255]);
  });

  test.each([1, 2])('a marker in the photo lands where the transform puts it (output ×%i)', async (outputScale) => {
    const photo = await bitmapOf(400, 300, (ctx) => {
      ctx.fillStyle = 'rgb(40, 40, 40)';
      ctx.fillRect(0, 0, 400, 300);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(300, 100, 4, 4);
    });
    const frame = await bitmapOf(500, 400, () => undefined);
    const t = { x: 250, y: 180, scale: 1.5, rotation: 30 };
    const out = await compositeResult({ frame, frameType: 'frame', slots: [{ photo, transform: t, cover: centreCover(t) }], outputScale, renderer });
    expect([out.width, out.height]).toEqual([500 * outputScale, 400 * outputScale]);
    // Marker centre (302, 102) relative to the photo centre, scaled, turned 30° clockwise (y down).
    const dx = (302 - 200) * t.scale;
    const dy = (102 - 150) * t.scale;
    const rad = (t.rotation * Math.PI) / 180;
    const expected = { x: (t.x + dx * Math.cos(rad) - dy * Math.sin(rad)) * outputScale, y: (t.y + dx * Math.sin(rad) + dy * Math.cos(rad)) * outputScale };
    const found = brightCentroid(pixelsOf(out), 40);
    expect(Math.abs(found.x - expected.x)).toBeLessThan(0.75);
    expect(Math.abs(found.y - expected.y)).toBeLessThan(0.75);
  });

  test.each([0, 17])('an 8× reduction of a 1 px checkerboard is an even grey (rotation %i°)', async (rotation) => {
    const board = await bitmapOf(2048, 2048, (ctx) => checkerboard(ctx, 2048, 2048));
    const reference = channelStats(pixelsOf(board), 0).mean;
    const frame = await bitmapOf(400, 400, () => undefined);
    const out = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [{ photo: board, transform: { x: 200, y: 200, scale: 1 / 8, rotation }, cover: centreCover({ x: 200, y: 200 }) }], outputScale: 1, renderer }));
    const stats = channelStats(out, 0, 140, 140, 260, 260);
    expect(Math.abs(stats.mean - reference)).toBeLessThan(3);
    expect(stats.std).toBeLessThan(3);
    expect(stats.max - stats.min).toBeLessThan(16);
  });

  test('a background campaign puts the design under the photo, and the person over it', async () => {
    const design = await solid(300, 300, '#00a000');
    const photo = await solid(150, 150, '#e000e0');
    // Person on the left half of the photo.
    const mask = { width: 30, height: 30, data: new Uint8Array(900).map((_, i) => (i % 30 < 15 ? 255 : 0)) };
    const slot = { photo, transform: { x: 150, y: 150, scale: 1, rotation: 0 }, cover: centreCover({ x: 150, y: 150 }) };
    const base: CompositeInput = { frame: design, frameType: 'background', slots: [slot], outputScale: 1, renderer };
    const cut = pixelsOf(await compositeResult({ ...base, slots: [{ ...slot, background: { choice: { kind: 'design' }, mask } }] }));
    expect(pixelAt(cut, 20, 20)).toEqual([0, 160, 0, 255]);
    expect(pixelAt(cut, 100, 150)).toEqual([224, 0, 224, 255]);
    expect(pixelAt(cut, 200, 150)).toEqual([0, 160, 0, 255]);
    const kept = pixelsOf(await compositeResult(base));
    expect(pixelAt(kept, 20, 20)).toEqual([0, 160, 0, 255]);
    expect(pixelAt(kept, 200, 150)).toEqual([224, 0, 224, 255]);
  });

  test('a frame campaign with the design choice shows the design behind the person, under the frame', async () => {
    const frame = await frameWithHole(300, 300, [50, 50, 200, 200]);
    const photo = await solid(100, 100, '#e0e000');
    const design = await solid(64, 64, '#0000c0');
    const mask = { width: 20, height: 20, data: new Float32Array(400).map((_, i) => (i % 20 < 10 ? 1 : 0)) };
    const slot = { photo, transform: { x: 150, y: 150, scale: 3, rotation: 0 }, cover: { x: 50, y: 50, width: 200, height: 200 } };
    const out = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [{ ...slot, background: { choice: { kind: 'design' }, mask, image: design } }], outputScale: 1, renderer }));
    expect(pixelAt(out, 100, 150)).toEqual([224, 224, 0, 255]);
    expect(pixelAt(out, 220, 150)).toEqual([0, 0, 192, 255]);
    expect(pixelAt(out, 20, 150)).toEqual([208, 0, 0, 255]);
    await expect(
      compositeResult({ frame, frameType: 'frame', slots: [{ ...slot, background: { choice: { kind: 'design' }, mask } }], outputScale: 1, renderer }),
    ).rejects.toThrow(/design is missing/);
  });
});

describe('compositeResult', () => {
  test('WebGL2 and Canvas2D draw the same picture from a real photo', async () => {
    const photo = await samplePhoto('sample1.jpg');
    const frame = await bitmapOf(540, 540, (ctx) => {
      ctx.fillStyle = '#1d4ed8';
      ctx.fillRect(0, 0, 540, 540);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.beginPath();
      ctx.arc(270, 270, 200, 0, Math.PI * 2);
      ctx.fill();
    });
    const mask = { width: 192, height: 128, data: new Uint8Array(192 * 128).map((_, i) => ((i % 192) - 96) ** 2 + (Math.floor(i / 192) - 64) ** 2 < 40 ** 2 ? 255 : 0) };
    const cases = [
      { outputScale: 1, scale: 0.33, background: { choice: { kind: 'blur', radius: 8 }, mask } },
      { outputScale: 2, scale: 0.33, background: { choice: { kind: 'blur', radius: 8 }, mask } },
      // Zoomed in without a background choice: only a window of the photo is visible (and uploaded).
      { outputScale: 1, scale: 0.6 },
    ] as const;
    for (const { outputScale, scale, ...rest } of cases) {
      const input: CompositeInput = {
        frame,
        frameType: 'frame',
        slots: [{ photo, transform: { x: 260, y: 280, scale, rotation: -12 }, cover: { x: 70, y: 70, width: 400, height: 400 }, ...rest }],
        outputScale,
        watermark: { text: 'Made with Bingkai', logo: 'bingkai', position: 'bottom-right' },
      };
      const gl = pixelsOf(await compositeResult({ ...input, renderer: 'webgl' }));
      const canvas = pixelsOf(await compositeResult({ ...input, renderer: 'canvas' }));
      expect(meanAbsDiff(gl, canvas)).toBeLessThan(1.5);
    }
  });

  test.each([
    ['color', { kind: 'color', color: '#20a0f0' }, 2],
    ['image', { kind: 'image' }, 2],
    ['blur', { kind: 'blur', radius: 6 }, 2],
    ['blur', { kind: 'blur', radius: 6 }, 0.5],
  ] as const)('replacing the %s background of only the visible part matches replacing it on the whole photo (scale %f)', async (_name, choice, scale) => {
    const photo = await samplePhoto('sample4.jpg');
    const image = await samplePhoto('sample5.jpg');
    const mw = 160;
    const mh = Math.round((mw * photo.height) / photo.width);
    // An off-centre ellipse as the "person", so a misaligned mask window would show.
    const mask: MaskInput = { width: mw, height: mh, data: new Uint8Array(mw * mh).map((_, i) => (((i % mw) - mw * 0.6) / (mw * 0.2)) ** 2 + ((Math.floor(i / mw) - mh * 0.45) / (mh * 0.3)) ** 2 < 1 ? 255 : 0) };
    const frame = await bitmapOf(300, 300, () => undefined);
    const transform = { x: 150 - (0.1 * photo.width * scale), y: 150, scale, rotation: 8 };
    const background: BackgroundLayer = { choice, mask, image };
    const cover = centreCover(transform);
    const windowed = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [{ photo, transform, cover, background }], outputScale: 1, renderer: 'canvas' }));
    const fullChoice = choice.kind === 'blur' ? { kind: 'blur' as const, radius: choice.radius / scale } : choice;
    const whole = replaceBackground({ photo, mask, choice: fullChoice, image });
    const reference = pixelsOf(await compositeResult({ frame, frameType: 'frame', slots: [{ photo: whole, transform, cover }], outputScale: 1, renderer: 'canvas' }));
    expect(meanAbsDiff(windowed, reference)).toBeLessThan(scale < 1 ? 3 : 1.5);
  });

  test.each([1, 2])('the blur radius is in frame pixels, whatever the photo resolution (output ×%i)', async (outputScale) => {
    const step = await bitmapOf(1600, 400, (ctx) => {
      ctx.fillStyle = '#000000';
      ctx.fillRect(0, 0, 1600, 400);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(800, 0, 800, 400);
    });
    const frame = await bitmapOf(400, 100, () => undefined);
    const nobody: MaskInput = { width: 160, height: 40, data: new Uint8Array(6400) };
    const sigma = 6;
    const out = pixelsOf(
      await compositeResult({
        frame,
        frameType: 'frame',
        slots: [{ photo: step, transform: { x: 200, y: 50, scale: 0.25, rotation: 0 }, cover: centreCover({ x: 200, y: 50 }), background: { choice: { kind: 'blur', radius: sigma }, mask: nobody } }],
        outputScale,
      }),
    );
    const row = Array.from({ length: out.width }, (_, x) => pixelAt(out, x, out.height / 2)[0]);
    const crossing = (level: number) => row.findIndex((v) => v >= level);
    const rise = (crossing(255 * 0.8413) - crossing(255 * 0.1587)) / outputScale;
    expect(Math.abs(rise - 2 * sigma)).toBeLessThan(0.2 * sigma + 1);
  });

  test('the 2× output is the 1× picture at twice the resolution', async () => {
    const photo = await samplePhoto('sample2.jpg');
    const frame = await frameWithHole(300, 300, [40, 40, 220, 220]);
    const transform = { x: 150, y: 150, scale: 260 / Math.min(photo.width, photo.height), rotation: 5 };
    const input: CompositeInput = { frame, frameType: 'frame', slots: [{ photo, transform, cover: { x: 40, y: 40, width: 220, height: 220 } }], outputScale: 1 };
    const one = await compositeResult(input);
    const two = await compositeResult({ ...input, outputScale: 2 });
    expect([two.width, two.height]).toEqual([600, 600]);
    expect(meanAbsDiff(pixelsOf(resampleTo(two, 300, 300)), pixelsOf(one))).toBeLessThan(2);
  });

  test("'auto' draws with Canvas2D when WebGL is a CPU rasteriser (SwiftShader here)", async () => {
    expect(webglIsSoftware()).toBe(true);
    const photo = await samplePhoto('sample1.jpg');
    const frame = await frameWithHole(200, 200, [20, 20, 160, 160]);
    const input: CompositeInput = { frame, frameType: 'frame', slots: [{ photo, transform: { x: 100, y: 100, scale: 0.15, rotation: 3 }, cover: { x: 20, y: 20, width: 160, height: 160 } }], outputScale: 1 };
    const auto = pixelsOf(await compositeResult(input));
    expect(meanAbsDiff(auto, pixelsOf(await compositeResult({ ...input, renderer: 'canvas' })))).toBe(0);
  });

  test('the watermark changes only its corner', async () => {
    const photo = await samplePhoto('sample3.jpg');
    const frame = await frameWithHole(400, 400, [0, 0, 400, 300]);
    const transform = { x: 200, y: 200, scale: 400 / Math.min(photo.width, photo.height), rotation: 0 };
    const input: CompositeInput = { frame, frameType: 'frame', slots: [{ photo, transform, cover: { x: 0, y: 0, width: 400, height: 300 } }], outputScale: 1 };
    const plain = pixelsOf(await compositeResult(input));
    const marked = pixelsOf(await compositeResult({ ...input, watermark: { text: 'bingkai.app', position: 'top-left' } }));
    let changed = 0;
    for (let y = 0; y < 400; y++) {
      for (let x = 0; x < 400; x++) {
        const i = (y * 400 + x) * 4;
        if (plain.data[i] === marked.data[i] && plain.data[i + 1] === marked.data[i + 1] && plain.data[i + 2] === marked.data[i + 2]) continue;
        changed++;
        expect(x < 200 && y < 100).toBe(true);
      }
    }
    expect(changed).toBeGreaterThan(500);
  });

  test('one slot that covers its hole draws exactly the plain photo-under-frame plan (no fill, no clipping)', async () => {
    const photo = await samplePhoto('sample2.jpg');
    const frame = await frameWithHole(300, 300, [40, 40, 220, 220]);
    const transform = { x: 150, y: 160, scale: 0.2, rotation: -7 };
    const slot: PhotoSlot = { photo, transform, cover: { x: 40, y: 40, width: 220, height: 220 } };
    const owner = { width: 300, height: 300, data: new Uint8Array(300 * 300).fill(1) };
    const plain = pixelsOf(renderLayersCanvas({ width: 300, height: 300, layers: [{ source: photo, matrix: photoToOutputMatrix(transform, photo, 1) }, { source: frame, matrix: new DOMMatrix() }] }));
    for (const input of [{ slots: [slot] }, { slots: [slot], owner, fill: { kind: 'color', color: '#00ff00' } as const }]) {
      expect(meanAbsDiff(pixelsOf(await compositeResult({ frame, frameType: 'frame', outputScale: 1, renderer: 'canvas', ...input })), plain)).toBe(0);
    }
  });

  test('bad input is rejected with a clear error', async () => {
    const frame = await solid(10, 10, '#000');
    const slot: PhotoSlot = { photo: frame, transform: { x: 5, y: 5, scale: 1, rotation: 0 }, cover: { x: 0, y: 0, width: 10, height: 10 } };
    const base: CompositeInput = { frame, frameType: 'frame', slots: [slot], outputScale: 1 };
    const owner = { width: 10, height: 10, data: new Uint8Array(100).map((_, i) => (i % 10 < 5 ? 1 : 2)) };
    await expect(compositeResult({ ...base, outputScale: 3 })).rejects.toThrow(/Output scale must be in \(0, 2\]/);
    await expect(compositeResult({ ...base, outputScale: 0 })).rejects.toThrow(/Output scale/);
    await expect(compositeResult({ ...base, slots: [{ ...slot, transform: { x: Number.NaN, y: 5, scale: 1, rotation: 0 } }] })).rejects.toThrow(/Invalid photo transform/);
    await expect(compositeResult({ ...base, slots: [{ ...slot, transform: { x: 5, y: 5, scale: 0, rotation: 0 } }] })).rejects.toThrow(/Invalid photo transform/);
    await expect(compositeResult({ ...base, slots: [{ ...slot, cover: { x: 0, y: 0, width: 0, height: 10 } }] })).rejects.toThrow(/Invalid cover box/);
    await expect(compositeResult({ ...base, slots: [{ ...slot, background: { choice: { kind: 'color', color: '#fff' }, mask: { width: 4, height: 4, data: new Uint8Array(3) } } }] })).rejects.toMatchObject({
      code: 'RENDER_FAILED',
    });
    await expect(compositeResult({ ...base, watermark: { text: '', position: 'bottom-right' } })).rejects.toThrow(/needs a text or a logo/);
    await expect(compositeResult({ ...base, slots: [] })).rejects.toMatchObject({ code: 'RENDER_FAILED', message: 'There is no photo to composite.' });
    await expect(compositeResult({ ...base, slots: [slot, slot] })).rejects.toMatchObject({ code: 'RENDER_FAILED', message: "2 photos need the frame's owner map." });
    await expect(compositeResult({ ...base, slots: [slot, slot], owner: { ...owner, width: 5, height: 20 } })).rejects.toThrow(/owner map \(5×20, 100 values\) does not match the frame \(10×10\)/);
    await expect(compositeResult({ ...base, slots: [slot, slot], owner: { ...owner, data: new Uint8Array(99) } })).rejects.toMatchObject({ code: 'RENDER_FAILED' });
    await expect(compositeResult({ ...base, slots: [slot, { ...slot, transform: { x: 5, y: 5, scale: -1, rotation: 0 } }], owner })).rejects.toThrow('Invalid photo transform of hole 2.');
    await expect(compositeResult({ ...base, fill: { kind: 'color', color: 'not-a-colour' } })).rejects.toMatchObject({ code: 'RENDER_FAILED', message: 'Hole fill: "not-a-colour" is not a colour.' });
    await expect(compositeResult({ ...base, fill: { kind: 'sparkles' } as unknown as HoleFill })).rejects.toThrow(/Unknown hole fill "sparkles"/);
  });
});
