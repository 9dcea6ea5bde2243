/**
 * Issue 12 end to end through the real workers (MediaPipe faces, hole regions, placement, composite):
 * group photos with faces far apart, frames with two and three holes, a soft vignette, star and heart
 * holes. Assertions are on geometry (every face box inside its hole's pixels with a margin) and on
 * decoded pixels (nothing uncovered under a frame pixel that is not fully opaque, unless the fill says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rect } from '../../core/geometry.ts';
import { alphaFrame, circle, heart, roundedRect, roundVignette, star, syntheticFrame, threeWindows, twoWindows } from '../../core/frame/syntheticFrames.ts';
import { photoToFrameMatrix } from '../../core/placement.ts';
import type { FaceBox, HoleFill, PhotoTransform } from '../../core/pipelineTypes.ts';
import { createPipeline } from './createPipeline.ts';
import type { LoadedFrame, LoadedPhoto, Pipeline } from './pipelineApi.ts';

interface TestFrame {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

const frameOf = (width: number, height: number, rgba: Uint8ClampedArray): TestFrame => ({ width, height, rgba });
const alphaAt = (frame: TestFrame, x: number, y: number) => frame.rgba[(Math.floor(y) * frame.width + Math.floor(x)) * 4 + 3]!;

async function pngOf({ width, height, rgba }: TestFrame): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(rgba), width, height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

async function sampleBitmap(name: string): Promise<ImageBitmap> {
  const response = await fetch(`/node_modules/@vladmandic/face-api/demo/${name}`);
  expect(response.ok).toBe(true);
  return createImageBitmap(await response.blob());
}

/** A head cut from a demo photo (its face box by tests/fixtures/faces.json, with hair and shoulders around it). */
interface Head {
  sample: string;
  crop: Rect;
}
const HEADS: Head[] = [
  { sample: 'sample1.jpg', crop: { x: 300, y: 220, width: 432, height: 520 } },
  { sample: 'sample3.jpg', crop: { x: 1400, y: 140, width: 392, height: 520 } },
];

/** A photo of the heads at the given places on a plain wall: group photos whose people stand far apart. */
async function groupPhoto(width: number, height: number, places: readonly { x: number; y: number }[]): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = 'rgb(120, 150, 170)';
  ctx.fillRect(0, 0, width, height);
  for (const [index, place] of places.entries()) {
    const head = HEADS[index % HEADS.length]!;
    const bitmap = await sampleBitmap(head.sample);
    ctx.drawImage(bitmap, head.crop.x, head.crop.y, head.crop.width, head.crop.height, place.x, place.y, head.crop.width, head.crop.height);
    bitmap.close();
  }
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

/** The face box in frame pixels (placement turns by multiples of 0 here, so the box stays a box). */
function faceInFrame(face: FaceBox, transform: PhotoTransform, photo: LoadedPhoto): Rect {
  const m = photoToFrameMatrix(transform, photo.size);
  const x = m.a * face.box.x + m.c * face.box.y + m.e;
  const y = m.b * face.box.x + m.d * face.box.y + m.f;
  return { x, y, width: face.box.width * m.a, height: face.box.height * m.d };
}

/** Every point of the box grown by `margin` lies on a transparent pixel (alpha < 128) of the frame. */
function insideHole(frame: TestFrame, box: Rect, margin: number): boolean {
  const [left, top, right, bottom] = [box.x - margin, box.y - margin, box.x + box.width + margin, box.y + box.height + margin];
  if (left < 0 || top < 0 || right >= frame.width || bottom >= frame.height) return false;
  for (let y = top; y <= bottom; y += 2) for (let x = left; x <= right; x += 2) if (alphaAt(frame, x, y) >= 128) return false;
  return true;
}

async function decoded(blob: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** Result pixels that let the background through where the frame does not hide them fully. */
function uncovered(frame: TestFrame, result: ImageData): number {
  let count = 0;
  for (let i = 0; i < frame.width * frame.height; i++) if (frame.rgba[i * 4 + 3]! < 255 && result.data[i * 4 + 3]! < 255) count++;
  return count;
}

const SIDE = 1080;
/** A face must stay this far (frame px) inside its hole's pixels. */
const MARGIN = 10;

describe('every photo and frame comes out right (real workers)', () => {
  let pipeline: Pipeline;
  const frames = new Map<string, { test: TestFrame; loaded: LoadedFrame }>();

  async function load(name: string, test: TestFrame) {
    const loaded = await pipeline.analyzeFrame(await pngOf(test));
    frames.set(name, { test, loaded });
    return loaded;
  }

  async function render(loaded: LoadedFrame, slots: { photo: LoadedPhoto; transform: PhotoTransform }[], fill?: HoleFill) {
    return decoded(await pipeline.render({ frame: loaded, slots: slots.map(({ photo, transform }) => ({ photoId: photo.photoId, transform })), format: 'png', ...(fill ? { fill } : {}) }));
  }

  beforeAll(async () => {
    pipeline = createPipeline({ stageTimeoutMs: 30_000 });
    await pipeline.warm();
    await load('round', frameOf(SIDE, SIDE, syntheticFrame(SIDE, SIDE, circle(540, 520, 400))));
    await load('square', frameOf(SIDE, SIDE, syntheticFrame(SIDE, SIDE, roundedRect(140, 140, 800, 800, 0))));
    await load('two', frameOf(1200, 750, syntheticFrame(1200, 750, twoWindows(1200, 750))));
    await load('three', frameOf(1200, 800, syntheticFrame(1200, 800, threeWindows(1200, 800))));
    await load('vignette', frameOf(SIDE, SIDE, alphaFrame(SIDE, SIDE, roundVignette(540, 540, 300, 120))));
    await load('star', frameOf(SIDE, SIDE, syntheticFrame(SIDE, SIDE, star(540, 570, 480))));
    await load('heart', frameOf(SIDE, SIDE, syntheticFrame(SIDE, SIDE, heart(540, 560, 400))));
  }, 180_000);

  afterAll(() => pipeline.dispose());

  const frame = (name: string) => frames.get(name)!;

  for (const [shape, frameName] of [
    ['round', 'round'],
    ['square', 'square'],
  ] as const) {
    it(`keeps both faces of a landscape group photo inside a ${shape} hole, and fills what the photo leaves`, async () => {
      const { test, loaded } = frame(frameName);
      const photo = await pipeline.loadPhoto(await groupPhoto(2400, 1000, [{ x: 40, y: 240 }, { x: 1930, y: 240 }]), { frame: loaded });
      photo.proxy.close();
      expect(photo.faces).toHaveLength(2);
      const [transform] = photo.placements!;
      for (const face of photo.faces) expect(insideHole(test, faceInFrame(face, transform!, photo), MARGIN)).toBe(true);

      // The photo is now narrower than the hole: the blurred fill (default) leaves nothing see-through,
      // the transparent fill leaves the uncovered part clear.
      expect(uncovered(test, await render(loaded, [{ photo, transform: transform! }]))).toBe(0);
      expect(uncovered(test, await render(loaded, [{ photo, transform: transform! }], { kind: 'transparent' }))).toBeGreaterThan(1000);
    }, 90_000);
  }

  it('keeps both faces of a portrait group photo (one above the other) inside a round hole', async () => {
    const { test, loaded } = frame('round');
    const photo = await pipeline.loadPhoto(await groupPhoto(1000, 2400, [{ x: 260, y: 30 }, { x: 300, y: 1840 }]), { frame: loaded });
    photo.proxy.close();
    expect(photo.faces).toHaveLength(2);
    for (const face of photo.faces) expect(insideHole(test, faceInFrame(face, photo.placements![0]!, photo), MARGIN)).toBe(true);
  }, 90_000);

  it('puts each face of a two-person photo in its own window of a two-hole frame, left to left', async () => {
    const { test, loaded } = frame('two');
    expect(loaded.regions).toHaveLength(2);
    const photo = await pipeline.loadPhoto(await groupPhoto(2400, 1000, [{ x: 40, y: 240 }, { x: 1930, y: 240 }]), { frame: loaded });
    photo.proxy.close();
    expect(photo.faces).toHaveLength(2);
    const leftFirst = [...photo.faces].sort((a, b) => a.box.x - b.box.x);
    const holes = loaded.regions.map((region, index) => ({ region, index })).sort((a, b) => a.region.hole.x - b.region.hole.x);
    for (const [rank, { region, index }] of holes.entries()) {
      const box = faceInFrame(leftFirst[rank]!, photo.placements![index]!, photo);
      expect(insideHole(test, box, MARGIN)).toBe(true);
      expect(box.x).toBeGreaterThanOrEqual(region.hole.x);
      expect(box.x + box.width).toBeLessThanOrEqual(region.hole.x + region.hole.width);
    }
    // Both windows show a photo: nothing see-through anywhere (the old path left the second window empty).
    const slots = photo.placements!.map((transform) => ({ photo, transform }));
    expect(uncovered(test, await render(loaded, slots))).toBe(0);
  }, 90_000);

  it('puts the one face of a photo into every window of a three-hole frame', async () => {
    const { test, loaded } = frame('three');
    expect(loaded.regions).toHaveLength(3);
    const photo = await pipeline.loadPhoto(await groupPhoto(1500, 1800, [{ x: 540, y: 500 }]), { frame: loaded });
    photo.proxy.close();
    expect(photo.faces).toHaveLength(1);
    expect(photo.placements).toHaveLength(3);
    for (const transform of photo.placements!) expect(insideHole(test, faceInFrame(photo.faces[0]!, transform, photo), MARGIN)).toBe(true);
    const slots = photo.placements!.map((transform) => ({ photo, transform }));
    expect(uncovered(test, await render(loaded, slots))).toBe(0);
  }, 90_000);

  it('covers every pixel of a fading vignette, not only its core under alpha 128', async () => {
    const { test, loaded } = frame('vignette');
    const region = loaded.regions[0]!;
    expect(region.softEdge).toBe(true);
    // Alpha reaches 128 at radius 360 and 255 at 420: the fade is 60 px wide beyond the core on each side.
    expect(region.cover.width).toBeGreaterThanOrEqual(region.hole.width + 110);
    const photo = await pipeline.loadPhoto(await groupPhoto(1500, 1800, [{ x: 540, y: 500 }]), { frame: loaded });
    photo.proxy.close();
    // Even with a transparent fill nothing shows through: the photo itself reaches the whole fade.
    expect(uncovered(test, await render(loaded, [{ photo, transform: photo.placements![0]! }], { kind: 'transparent' }))).toBe(0);
  }, 90_000);

  for (const name of ['star', 'heart']) {
    it(`places the face in the body of a ${name} and leaves no sliver of it empty`, async () => {
      const { test, loaded } = frame(name);
      const photo = await pipeline.loadPhoto(await groupPhoto(1500, 1800, [{ x: 540, y: 500 }]), { frame: loaded });
      photo.proxy.close();
      const transform = photo.placements![0]!;
      expect(insideHole(test, faceInFrame(photo.faces[0]!, transform, photo), MARGIN)).toBe(true);
      expect(uncovered(test, await render(loaded, [{ photo, transform }], { kind: 'transparent' }))).toBe(0);
    }, 90_000);
  }
});
