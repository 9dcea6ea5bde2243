import { beforeAll, describe, expect, it } from 'vitest';
import { segmentPerson, warmSegment } from './segment.ts';
import type { Rect } from '../core/geometry.ts';
import type { PersonMask } from '../core/pipelineTypes.ts';

/** Mean mask value (0..1) over a region given in fractions of the image. */
function meanIn(mask: PersonMask, region: Rect): number {
  const x0 = Math.round(region.x * mask.width);
  const y0 = Math.round(region.y * mask.height);
  const x1 = Math.round((region.x + region.width) * mask.width);
  const y1 = Math.round((region.y + region.height) * mask.height);
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += mask.data[y * mask.width + x] ?? 0;
  return sum / 255 / ((x1 - x0) * (y1 - y0));
}

let image: ImageBitmap;
let faces: Rect[] = [];

beforeAll(async () => {
  const response = await fetch('/node_modules/@vladmandic/face-api/demo/sample4.jpg');
  image = await createImageBitmap(await response.blob());
  const fixtures = (await (await fetch('/tests/fixtures/faces.json')).json()) as { samples: Record<string, { faces: Rect[] }> };
  faces = fixtures.samples['sample4.jpg']?.faces ?? [];
  await warmSegment();
});

describe('segmentPerson', () => {
  it('returns a mask at the ≤ 640 px model input size, aspect ratio kept', async () => {
    const mask = await segmentPerson(image);
    expect([mask.width, mask.height]).toEqual([640, 483]);
    expect(mask.data).toHaveLength(640 * 483);
  });

  // Regions marked by eye on sample4.jpg (four women in front of a wall), as fractions of the image.
  it('marks the people and leaves the wall and the corners near 0', async () => {
    const mask = await segmentPerson(image);
    expect(faces).toHaveLength(4);
    for (const f of faces) {
      const centre = { x: (f.x + f.width / 2) / image.width - 0.01, y: (f.y + f.height / 2) / image.height - 0.01, width: 0.02, height: 0.02 };
      expect(meanIn(mask, centre)).toBeGreaterThan(0.8);
    }
    // Wall right of the blonde woman, and the top corners.
    expect(meanIn(mask, { x: 0.9, y: 0.02, width: 0.1, height: 0.5 })).toBeLessThan(0.1);
    expect(meanIn(mask, { x: 0, y: 0, width: 0.04, height: 0.04 })).toBeLessThan(0.1);
    expect(meanIn(mask, { x: 0.96, y: 0, width: 0.04, height: 0.04 })).toBeLessThan(0.1);
    // Nearly all of the mask lies in the band the four women occupy.
    const people = { x: 0.03, y: 0.01, width: 0.95, height: 0.99 };
    const inside = meanIn(mask, people) * people.width * people.height;
    expect(inside / meanIn(mask, { x: 0, y: 0, width: 1, height: 1 })).toBeGreaterThan(0.95);
    const share = mask.data.filter((v) => v >= 128).length / mask.data.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.8);
  });

  it('refines edges without changing what is person', async () => {
    const raw = await segmentPerson(image, { refine: false });
    const refined = await segmentPerson(image);
    let differ = 0;
    let agree = 0;
    for (let i = 0; i < raw.data.length; i++) {
      if (raw.data[i] !== refined.data[i]) differ++;
      if ((raw.data[i] ?? 0) >= 128 === (refined.data[i] ?? 0) >= 128) agree++;
    }
    expect(differ).toBeGreaterThan(0);
    expect(agree / raw.data.length).toBeGreaterThan(0.97);
  });
});
