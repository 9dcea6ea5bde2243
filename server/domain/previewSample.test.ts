import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Rect, Size } from '../../core/geometry.ts';
import { autoPlace, photoToFrameMatrix } from '../../core/placement.ts';
import { framePng } from '../testing/framePng.ts';
import { handMarkedFaces } from '../testing/handMarkedFaces.ts';
import { previewSampleMask, sampleRegions } from '../testing/previewSampleRegions.ts';
import { loadPreviewSample, PREVIEW_SAMPLE, PREVIEW_SAMPLE_FILES, previewLayers, previewSample, sampleInHoles, type SamplePhoto } from './previewSample.ts';

const demo = (name: string) => fileURLToPath(new URL(`../../node_modules/@vladmandic/face-api/demo/${name}`, import.meta.url));
const grey = { r: 128, g: 128, b: 128 };

/** The layers composited over grey, as campaignImages.ts does, decoded to RGB. */
async function composite(canvas: Size, layers: OverlayOptions[]) {
  const { data } = await sharp({ create: { ...canvas, channels: 3, background: grey } }).composite(layers).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, at: (x: number, y: number) => [...data.subarray((y * canvas.width + x) * 3, (y * canvas.width + x) * 3 + 3)] };
}

const near = (pixel: number[], colour: readonly number[], tolerance: number) => pixel.every((value, i) => Math.abs(value - colour[i]!) <= tolerance);

let sample: SamplePhoto;
let mask: Buffer;
let scratch: string;

beforeAll(async () => {
  const loaded = await previewSample();
  if (!loaded) throw new Error('The committed preview sample did not load');
  sample = loaded;
  mask = await previewSampleMask();
  scratch = await mkdtemp(join(tmpdir(), 'preview-sample-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('the link-preview sample', () => {
  it('is the crop of a face marked by hand in tests/fixtures/faces.json, committed with the server', async () => {
    const marked = (await handMarkedFaces())[PREVIEW_SAMPLE.source]!;
    expect(marked.faces).toContainEqual(PREVIEW_SAMPLE.face);
    const meta = await sharp(demo(PREVIEW_SAMPLE.source)).metadata();
    expect([meta.width, meta.height]).toEqual([marked.width, marked.height]);
    const { crop, face } = PREVIEW_SAMPLE;
    expect(crop.x + crop.width).toBeLessThanOrEqual(marked.width);
    expect(crop.y + crop.height).toBeLessThanOrEqual(marked.height);
    expect(face.x).toBeGreaterThanOrEqual(crop.x);
    expect(face.x + face.width).toBeLessThanOrEqual(crop.x + crop.width);
    // No other marked face lies in the crop: one person.
    const others = marked.faces.filter((other) => JSON.stringify(other) !== JSON.stringify(face));
    for (const other of others) expect(other.x + other.width / 2 < crop.x || other.x + other.width / 2 > crop.x + crop.width).toBe(true);
    // The committed file is that crop (JPEG-close), so the hand-marked box holds for it.
    const fresh = await sharp(demo(PREVIEW_SAMPLE.source)).extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height }).removeAlpha().raw().toBuffer();
    expect(sample.size).toEqual({ width: crop.width, height: crop.height });
    expect(sample.pixels).toHaveLength(fresh.length);
    let difference = 0;
    for (let i = 0; i < fresh.length; i++) difference += Math.abs(fresh[i]! - sample.pixels[i]!);
    expect(difference / fresh.length).toBeLessThan(3);
    expect(sample.face).toEqual({ ...face, x: face.x - crop.x, y: face.y - crop.y });
    // Small enough to commit and to read at the first preview.
    const { size } = await stat(fileURLToPath(PREVIEW_SAMPLE_FILES.photo));
    expect(size).toBeLessThan(100 * 1024);
  });

  it('comes with her person mask: 8-bit grey at the photo size, the face person, the room behind her not', async () => {
    const meta = await sharp(fileURLToPath(PREVIEW_SAMPLE_FILES.mask)).metadata();
    expect([meta.width, meta.height, meta.channels, meta.depth]).toEqual([sample.size.width, sample.size.height, 1, 'uchar']);
    const mean = (rect: Rect) => {
      let sum = 0;
      for (let y = rect.y; y < rect.y + rect.height; y++) for (let x = rect.x; x < rect.x + rect.width; x++) sum += mask[y * sample.size.width + x]!;
      return sum / rect.width / rect.height;
    };
    const { face } = sample;
    // The middle half of her face box, and the room above her shoulders on both sides.
    expect(mean({ x: face.x + face.width / 4, y: face.y + face.height / 4, width: face.width / 2, height: face.height / 2 })).toBe(255);
    expect(mean({ x: 0, y: 0, width: 100, height: 100 })).toBeLessThan(5);
    expect(mean({ x: 500, y: 0, width: 100, height: 100 })).toBeLessThan(5);
    const share = mask.filter((value) => value >= 128).length / mask.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.9);
    // The cut-out is the photo with the mask as alpha.
    expect(sample.cutout).toHaveLength(sample.pixels.length / 3 * 4);
    const i = 400 * sample.size.width + 300;
    expect([...sample.cutout!.subarray(i * 4, i * 4 + 4)]).toEqual([...sample.pixels.subarray(i * 3, i * 3 + 3), mask[i]]);
  });

  it('shows her in every hole of a frame as auto placement puts her, the whole hole filled', async () => {
    const canvas = { width: 700, height: 400 };
    const holes: Rect[] = [
      { x: 40, y: 30, width: 200, height: 260 },
      // Wide and low: the photo, kept at the face's size, leaves the sides of the hole to the blurred fill.
      { x: 300, y: 100, width: 360, height: 120 },
    ];
    const { at } = await composite(canvas, await sampleInHoles(holes));
    const sampleAt = (x: number, y: number) => [...sample.pixels.subarray((y * sample.size.width + x) * 3, (y * sample.size.width + x) * 3 + 3)];
    const mean = (read: (dx: number, dy: number) => number[]) => {
      const sum = [0, 0, 0];
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) read(dx, dy).forEach((value, channel) => (sum[channel]! += value / 25));
      return sum;
    };
    for (const [index, hole] of holes.entries()) {
      // Nothing of the grey canvas is left in the hole.
      let untouched = 0;
      for (let y = hole.y; y < hole.y + hole.height; y++) for (let x = hole.x; x < hole.x + hole.width; x++) if (at(x, y).every((value) => value === 128)) untouched++;
      expect(untouched, `hole ${index}`).toBe(0);
      // Where placement maps the face centre, the picture is the face centre of the sample.
      const m = photoToFrameMatrix(autoPlace({ photo: sample.size, faces: [{ box: sample.face, score: 1, keypoints: [] }], hole }), sample.size);
      const fx = sample.face.x + sample.face.width / 2;
      const fy = sample.face.y + sample.face.height / 2;
      const x = Math.round(m.a * fx + m.c * fy + m.e);
      const y = Math.round(m.b * fx + m.d * fy + m.f);
      const step = 1 / m.a;
      const inHole = mean((dx, dy) => at(x + dx, y + dy));
      const inSample = mean((dx, dy) => sampleAt(Math.round(fx + dx * step), Math.round(fy + dy * step)));
      inHole.forEach((value, channel) => expect(Math.abs(value - inSample[channel]!), `hole ${index} channel ${channel}`).toBeLessThan(20));
    }
    // Outside the holes the canvas is untouched (the frame goes on top there).
    expect(at(10, 10)).toEqual([128, 128, 128]);
    expect(at(680, 380)).toEqual([128, 128, 128]);
  });

  it('leaves out holes of no size', async () => {
    expect(await sampleInHoles([{ x: 10, y: 10, width: 0, height: 50 }])).toEqual([]);
  });
});

/** Around where her face centre lands (scale: output px per sample px), the picture is her face centre, not the design. */
function expectHerFace(at: (x: number, y: number) => number[], face: { x: number; y: number }, scale: number): void {
  const centre = { x: sample.face.x + sample.face.width / 2, y: sample.face.y + sample.face.height / 2 };
  for (let dy = -4; dy <= 4; dy += 2) {
    for (let dx = -4; dx <= 4; dx += 2) {
      const i = (Math.round(centre.y + dy / scale) * sample.size.width + Math.round(centre.x + dx / scale)) * 3;
      const hers = [...sample.pixels.subarray(i, i + 3)];
      const shown = at(face.x + dx, face.y + dy);
      expect(near(shown, hers, 24), `(${dx}, ${dy}): ${shown.join(',')} vs ${hers.join(',')}`).toBe(true);
    }
  }
}

describe('the sample over a background design', () => {
  const design = [40, 160, 90] as const;
  const canvas = { width: 570, height: 400 };

  it('stands her, cut out, where auto placement puts her on the whole design, the design untouched around her', async () => {
    const frame = await framePng({ ...canvas, holes: [], colour: [...design] });
    const layers = await previewLayers('background', frame, canvas, []);
    // The design first, the person over it.
    expect(layers[0]).toEqual({ input: frame });
    const { at } = await composite(canvas, layers);
    const { solid, clear, face } = sampleRegions(sample, mask, { x: 0, y: 0, ...canvas }, { x: 0, y: 0, ...canvas });
    // She fills a good part of the design, and the room around her is gone from it.
    expect(solid.length).toBeGreaterThan(0.2 * canvas.width * canvas.height);
    expect(clear.length).toBeGreaterThan(0.1 * canvas.width * canvas.height);
    for (const { x, y } of clear) if (!near(at(x, y), design, 1)) expect.fail(`(${x}, ${y}) is ${at(x, y).join(',')}, not the design`);
    // Where the mask is solid the picture is hers: hardly any design colour, and close to the sample pixel shown there.
    const m = photoToFrameMatrix(autoPlace({ photo: sample.size, faces: [{ box: sample.face, score: 1, keypoints: [] }], hole: { x: 0, y: 0, ...canvas } }), sample.size);
    let designLike = 0;
    let difference = 0;
    for (const { x, y } of solid) {
      const pixel = at(x, y);
      if (near(pixel, design, 12)) designLike++;
      const sx = Math.round((x + 0.5 - m.e) / m.a - 0.5);
      const sy = Math.round((y + 0.5 - m.f) / m.a - 0.5);
      const i = (sy * sample.size.width + sx) * 3;
      difference += pixel.reduce((sum, value, channel) => sum + Math.abs(value - sample.pixels[i + channel]!), 0) / 3;
    }
    expect(designLike).toBeLessThan(0.01 * solid.length);
    expect(difference / solid.length).toBeLessThan(12);
    expectHerFace(at, face, m.a);
  });

  it('clips her to each hole of a design with several, and leaves one hole unclipped as the compositor does', async () => {
    const holes: Rect[] = [
      { x: 30, y: 40, width: 220, height: 320 },
      { x: 320, y: 40, width: 220, height: 320 },
    ];
    const frame = await framePng({ ...canvas, holes, colour: [...design] });
    const { at } = await composite(canvas, await previewLayers('background', frame, canvas, holes));
    const inside = (x: number, y: number) => holes.some((hole) => x >= hole.x && x < hole.x + hole.width && y >= hole.y && y < hole.y + hole.height);
    let outsideChanged = 0;
    for (let y = 0; y < canvas.height; y++) for (let x = 0; x < canvas.width; x++) if (!inside(x, y) && !near(at(x, y), design, 0)) outsideChanged++;
    expect(outsideChanged).toBe(0);
    for (const hole of holes) {
      const { face } = sampleRegions(sample, mask, hole, hole);
      expectHerFace(at, face, photoToFrameMatrix(autoPlace({ photo: sample.size, faces: [{ box: sample.face, score: 1, keypoints: [] }], hole }), sample.size).a);
    }

    // One hole: the person reaches past its box over the design, as a single slot is drawn unclipped.
    const [only] = holes as [Rect];
    const single = await composite(canvas, await previewLayers('background', await framePng({ ...canvas, holes: [only], colour: [...design] }), canvas, [only]));
    const { solid } = sampleRegions(sample, mask, only, { x: 0, y: 0, ...canvas });
    const beyond = solid.filter(({ x, y }) => x >= only.x + only.width || y >= only.y + only.height);
    expect(beyond.length).toBeGreaterThan(1000);
    expect(beyond.filter(({ x, y }) => near(single.at(x, y), design, 12)).length).toBeLessThan(0.01 * beyond.length);
  });
});

describe('without the committed sample', () => {
  it('loads as nothing, with a warning, when the photo is missing, unreadable or of another size', async () => {
    const garbage = join(scratch, 'garbage.jpg');
    await writeFile(garbage, 'not a jpeg');
    const small = join(scratch, 'small.jpg');
    await sharp({ create: { width: 40, height: 40, channels: 3, background: grey } }).jpeg().toFile(small);
    for (const photo of [join(scratch, 'missing.jpg'), garbage, small]) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        expect(await loadPreviewSample({ photo: pathToFileURL(photo), mask: PREVIEW_SAMPLE_FILES.mask }), photo).toBeNull();
        expect(warn).toHaveBeenCalledOnce();
        expect(String(warn.mock.calls[0]![0])).toContain(photo);
      } finally {
        warn.mockRestore();
      }
    }
  });

  it('keeps the photo for frames when only the mask is missing; the background design then shows alone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let photoOnly: SamplePhoto | null;
    try {
      photoOnly = await loadPreviewSample({ photo: PREVIEW_SAMPLE_FILES.photo, mask: pathToFileURL(join(scratch, 'missing.png')) });
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      warn.mockRestore();
    }
    expect(photoOnly?.cutout).toBeNull();
    expect(photoOnly?.pixels.equals(sample.pixels)).toBe(true);
    const hole = { x: 100, y: 100, width: 200, height: 200 };
    expect(await sampleInHoles([hole], photoOnly)).not.toEqual([]);
    const frame = await framePng({ width: 400, height: 400, holes: [], colour: [40, 160, 90] });
    expect(await previewLayers('background', frame, { width: 400, height: 400 }, [], photoOnly)).toEqual([{ input: frame }]);
  });

  it('renders the frame or the design alone instead of failing', async () => {
    const size = { width: 400, height: 300 };
    const hole = { x: 100, y: 60, width: 200, height: 180 };
    const frame = await framePng({ ...size, holes: [hole] });
    for (const type of ['frame', 'background'] as const) {
      const layers = await previewLayers(type, frame, size, [hole], null);
      expect(layers).toEqual([{ input: frame }]);
      const { at } = await composite(size, layers);
      // The hole shows the grey under the frame: no person, and no failure.
      expect(at(200, 150)).toEqual([128, 128, 128]);
      expect(at(20, 20)).toEqual([200, 30, 40]);
    }
  });
});
