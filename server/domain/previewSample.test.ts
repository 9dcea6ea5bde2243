import { createRequire } from 'node:module';
import { basename } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../core/geometry.ts';
import { autoPlace, photoToFrameMatrix } from '../../core/placement.ts';
import { handMarkedFaces } from '../testing/handMarkedFaces.ts';
import { PREVIEW_SAMPLE, previewSample, sampleInHoles } from './previewSample.ts';


describe('the link-preview sample', () => {
  it('is a face marked by hand in tests/fixtures/faces.json, inside the crop, of the file as it is', async () => {
    const marked = (await handMarkedFaces())[basename(PREVIEW_SAMPLE.source)]!;
    expect(marked.faces).toContainEqual(PREVIEW_SAMPLE.face);
    const meta = await sharp(createRequire(import.meta.url).resolve(PREVIEW_SAMPLE.source)).metadata();
    expect([meta.width, meta.height]).toEqual([marked.width, marked.height]);
    const { crop, face } = PREVIEW_SAMPLE;
    expect(crop.x + crop.width).toBeLessThanOrEqual(marked.width);
    expect(crop.y + crop.height).toBeLessThanOrEqual(marked.height);
    expect(face.x).toBeGreaterThanOrEqual(crop.x);
    expect(face.x + face.width).toBeLessThanOrEqual(crop.x + crop.width);
    // No other marked face lies in the crop: one person.
    const others = marked.faces.filter((other) => other !== PREVIEW_SAMPLE.face && JSON.stringify(other) !== JSON.stringify(face));
    for (const other of others) expect(other.x + other.width / 2 < crop.x || other.x + other.width / 2 > crop.x + crop.width).toBe(true);
    const sample = await previewSample();
    expect(sample.size).toEqual({ width: crop.width, height: crop.height });
    expect(sample.pixels).toHaveLength(crop.width * crop.height * 3);
    expect(sample.face).toEqual({ ...face, x: face.x - crop.x, y: face.y - crop.y });
  });

  it('shows her in every hole as auto placement puts her, the whole hole filled', async () => {
    const canvas = { width: 700, height: 400 };
    const grey = { r: 128, g: 128, b: 128 };
    const holes: Rect[] = [
      { x: 40, y: 30, width: 200, height: 260 },
      // Wide and low: the photo, kept at the face's size, leaves the sides of the hole to the blurred fill.
      { x: 300, y: 100, width: 360, height: 120 },
    ];
    const overlays = await sampleInHoles(holes);
    const { data, info } = await sharp({ create: { ...canvas, channels: 3, background: grey } }).composite(overlays).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * canvas.width + x) * info.channels, (y * canvas.width + x) * info.channels + 3)];
    const sample = await previewSample();
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
