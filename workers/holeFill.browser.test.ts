import { describe, expect, test } from 'vitest';
import { compositeResult } from './composite.ts';
import type { BackgroundLayer, CompositeInput, PhotoSlot } from './composite.ts';
import type { Rgba } from './testing/pixels.ts';
import { bitmapOf, meanAbsDiff, pixelAt, pixelsOf, samplePhoto } from './testing/pixels.ts';
import type { HoleFill } from '../core/pipelineTypes.ts';

const TOP: Rgba = [30, 200, 60, 255];
const BOTTOM: Rgba = [230, 200, 30, 255];
const BAND: Rgba = [40, 90, 200, 255];
/** The hole of the 200² test frame, and its cover box. */
const COVER = { x: 40, y: 40, width: 120, height: 120 };
/** Points of the cover box that a photo 60 px wide in its middle does not reach. */
const UNCOVERED = [
  [45, 100],
  [155, 100],
  [100, 45],
  [100, 155],
  [41, 41],
  [158, 158],
] as const;

function solid(width: number, height: number, color: string) {
  return bitmapOf(width, height, (ctx) => {
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, width, height);
  });
}

/** Opaque frame, 200², with the COVER rectangle clear. */
const frame = () =>
  bitmapOf(200, 200, (ctx) => {
    ctx.fillStyle = '#d00000';
    ctx.fillRect(0, 0, 200, 200);
    ctx.clearRect(COVER.x, COVER.y, COVER.width, COVER.height);
  });

/** Top half TOP, bottom half BOTTOM; with `band`, inside a 10 px BAND border. */
const twoTone = (band: boolean) =>
  bitmapOf(100, 100, (ctx) => {
    const inset = band ? 10 : 0;
    ctx.fillStyle = `rgb(${BAND.slice(0, 3).join(',')})`;
    ctx.fillRect(0, 0, 100, 100);
    ctx.fillStyle = `rgb(${TOP.slice(0, 3).join(',')})`;
    ctx.fillRect(inset, inset, 100 - 2 * inset, 50 - inset);
    ctx.fillStyle = `rgb(${BOTTOM.slice(0, 3).join(',')})`;
    ctx.fillRect(inset, 50, 100 - 2 * inset, 50 - inset);
  });

/** The photo zoomed out to 60 px in the middle of the 120 px hole. */
const small = async (band = true): Promise<PhotoSlot> => ({ photo: await twoTone(band), transform: { x: 100, y: 100, scale: 0.6, rotation: 0 }, cover: COVER });

async function render(fill: HoleFill | undefined, renderer: 'canvas' | 'webgl', extra: Partial<CompositeInput> = {}, band = true): Promise<ImageData> {
  const input: CompositeInput = { frame: await frame(), frameType: 'frame', slots: [await small(band)], outputScale: 1, renderer, ...(fill ? { fill } : {}), ...extra };
  return pixelsOf(await compositeResult(input));
}

const near = (actual: Rgba, expected: Rgba, tolerance: number) => actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= tolerance);

describe.each(['canvas', 'webgl'] as const)('the part of the hole a zoomed-out photo leaves (%s)', (renderer) => {
  test('blur (the default): a blurred, stretched copy of the photo, opaque and smooth', async () => {
    const out = await render(undefined, renderer, {}, false);
    for (const [x, y] of UNCOVERED) expect(pixelAt(out, x, y)[3]).toBe(255);
    // The photo keeps its centre, stretched to the box: its top colour above, its bottom colour below.
    expect(near(pixelAt(out, 100, 45), TOP, 40)).toBe(true);
    expect(near(pixelAt(out, 100, 155), BOTTOM, 40)).toBe(true);
    // Beside the photo, halfway down, the two halves blend.
    const [r = 0] = pixelAt(out, 45, 100);
    expect(r).toBeGreaterThan(70);
    expect(r).toBeLessThan(190);
    // Blurred (σ = 5 % of 120 px = 6 px): along a column through the fill, the step between the halves
    // spreads over about 2 × 0.84 σ ≈ 10 px from 20 % to 80 %, with no jump on the way.
    const column = Array.from({ length: 118 }, (_, i) => pixelAt(out, 45, 41 + i)[0] ?? 0);
    const lo = TOP[0] + 0.2 * (BOTTOM[0] - TOP[0]);
    const hi = TOP[0] + 0.8 * (BOTTOM[0] - TOP[0]);
    expect(column.filter((v) => v > lo && v < hi).length).toBeGreaterThanOrEqual(7);
    for (let i = 1; i < column.length; i++) expect(Math.abs(column[i]! - column[i - 1]!)).toBeLessThan(20);
    // The photo itself is untouched, and the frame still covers everything outside the hole.
    expect(pixelAt(out, 100, 80)).toEqual(TOP);
    expect(pixelAt(out, 20, 100)).toEqual([208, 0, 0, 255]);
  });

  test('edge: the colour of the photo’s outermost pixels', async () => {
    const out = await render({ kind: 'edge' }, renderer);
    for (const [x, y] of UNCOVERED) expect(near(pixelAt(out, x, y), BAND, 2), `(${x}, ${y})`).toBe(true);
  });

  test('color: that colour, only inside the cover box', async () => {
    const out = await render({ kind: 'color', color: '#12ab34' }, renderer);
    for (const [x, y] of UNCOVERED) expect(pixelAt(out, x, y)).toEqual([18, 171, 52, 255]);
    // On a transparent frame the fill stops exactly at the cover box, at 2× too.
    const clear = await bitmapOf(200, 200, () => undefined);
    const two = await render({ kind: 'color', color: '#12ab34' }, renderer, { frame: clear, outputScale: 2 });
    for (const [x, y, a] of [
      [79, 200, 0],
      [80, 200, 255],
      [319, 200, 255],
      [320, 200, 0],
      [200, 79, 0],
      [200, 80, 255],
    ] as const) {
      expect(pixelAt(two, x, y)[3], `(${x}, ${y})`).toBe(a);
    }
  });

  test('transparent: nothing', async () => {
    const out = await render({ kind: 'transparent' }, renderer);
    for (const [x, y] of UNCOVERED) expect(pixelAt(out, x, y)[3]).toBe(0);
    expect(pixelAt(out, 100, 120)).toEqual(BOTTOM);
  });
});

test('WebGL2 and Canvas2D draw the same blurred fill under a turned real photo', async () => {
  const photo = await samplePhoto('sample3.jpg');
  const input: CompositeInput = {
    frame: await frame(),
    frameType: 'frame',
    slots: [{ photo, transform: { x: 90, y: 110, scale: 0.04, rotation: 20 }, cover: COVER }],
    outputScale: 2,
  };
  const gl = pixelsOf(await compositeResult({ ...input, renderer: 'webgl' }));
  const canvas = pixelsOf(await compositeResult({ ...input, renderer: 'canvas' }));
  expect(meanAbsDiff(gl, canvas)).toBeLessThan(1.5);
  expect(pixelAt(canvas, 2 * 42, 2 * 42)[3]).toBe(255);
});

describe('the uncovered part continues the background choice', () => {
  const design = () => solid(300, 300, '#00a000');
  const photo = () => solid(100, 100, '#e000e0');
  // Everyone is a person: the background choice only shows around the photo.
  const mask = { width: 10, height: 10, data: new Uint8Array(100).fill(255) };
  const transform = { x: 150, y: 150, scale: 1, rotation: 0 };

  async function backgroundCampaign(background: Omit<BackgroundLayer, 'mask'> | undefined, fill?: HoleFill): Promise<ImageData> {
    const slot: PhotoSlot = { photo: await photo(), transform, cover: { x: 0, y: 0, width: 300, height: 300 }, ...(background ? { background: { ...background, mask } } : {}) };
    return pixelsOf(await compositeResult({ frame: await design(), frameType: 'background', slots: [slot], outputScale: 1, ...(fill ? { fill } : {}) }));
  }

  test('a background campaign: colour, design, image, blur, and the fill input for keep', async () => {
    const color = await backgroundCampaign({ choice: { kind: 'color', color: '#20a0f0' } }, { kind: 'color', color: '#000000' });
    expect(pixelAt(color, 20, 20)).toEqual([32, 160, 240, 255]);
    expect(pixelAt(color, 280, 280)).toEqual([32, 160, 240, 255]);
    expect(pixelAt(color, 150, 150)).toEqual([224, 0, 224, 255]);
    // The design shows where the photo does not reach.
    expect(pixelAt(await backgroundCampaign({ choice: { kind: 'design' } }), 20, 20)).toEqual([0, 160, 0, 255]);
    const image = await backgroundCampaign({ choice: { kind: 'image' }, image: await solid(40, 20, '#f0d000') });
    expect(pixelAt(image, 20, 20)).toEqual([240, 208, 0, 255]);
    expect(pixelAt(image, 20, 280)).toEqual([240, 208, 0, 255]);
    const blur = await backgroundCampaign({ choice: { kind: 'blur', radius: 4 } });
    expect(near(pixelAt(blur, 20, 20), [224, 0, 224, 255], 2)).toBe(true);
    expect(pixelAt(await backgroundCampaign({ choice: { kind: 'keep' } }, { kind: 'color', color: '#ffffff' }), 20, 20)).toEqual([255, 255, 255, 255]);
    expect(pixelAt(await backgroundCampaign(undefined, { kind: 'color', color: '#ffffff' }), 20, 20)).toEqual([255, 255, 255, 255]);
  });

  test('a frame campaign with a colour background continues the colour in its hole', async () => {
    const slot: PhotoSlot = { ...(await small()), background: { choice: { kind: 'color', color: '#20a0f0' }, mask } };
    const out = pixelsOf(await compositeResult({ frame: await frame(), frameType: 'frame', slots: [slot], fill: { kind: 'edge' }, outputScale: 1 }));
    for (const [x, y] of UNCOVERED) expect(pixelAt(out, x, y)).toEqual([32, 160, 240, 255]);
  });
});
