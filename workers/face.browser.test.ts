import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces, warmFace } from './face.ts';
import { boxIoU } from './faceBoxes.ts';
import type { FaceBox, Rect } from './types.ts';

interface Sample {
  width: number;
  height: number;
  faces: Rect[];
}

const SAMPLES = '/node_modules/@vladmandic/face-api/demo/';
let fixtures: Record<string, Sample> = {};

async function decode(name: string): Promise<ImageBitmap> {
  const response = await fetch(SAMPLES + name);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return createImageBitmap(await response.blob());
}

/** Pairs each expected face with the unused detection of highest IoU. */
function matchIoUs(expected: Rect[], found: FaceBox[]): number[] {
  const unused = [...found];
  return expected.map((box) => {
    let best = -1;
    let bestIoU = 0;
    unused.forEach((f, i) => {
      const iou = boxIoU(box, f.box);
      if (iou > bestIoU) [best, bestIoU] = [i, iou];
    });
    if (best >= 0) unused.splice(best, 1);
    return bestIoU;
  });
}

beforeAll(async () => {
  const response = await fetch('/tests/fixtures/faces.json');
  fixtures = ((await response.json()) as { samples: Record<string, Sample> }).samples;
  await warmFace();
});

describe('detectFaces', () => {
  it.each(['sample1.jpg', 'sample2.jpg', 'sample3.jpg', 'sample4.jpg', 'sample5.jpg', 'sample6.jpg'])(
    'finds every face of %s at the marked position',
    async (name) => {
      const sample = fixtures[name];
      if (!sample) throw new Error(`no fixture for ${name}`);
      const image = await decode(name);
      expect([image.width, image.height]).toEqual([sample.width, sample.height]);
      const faces = await detectFaces(image);
      expect(faces).toHaveLength(sample.faces.length);
      for (const iou of matchIoUs(sample.faces, faces)) expect(iou).toBeGreaterThanOrEqual(0.5);
      for (const f of faces) {
        expect(f.score).toBeGreaterThanOrEqual(0.5);
        expect(f.keypoints).toHaveLength(6);
        // Eyes (keypoints 0 and 1) lie inside the box.
        for (const k of f.keypoints.slice(0, 2)) {
          expect(k.x).toBeGreaterThan(f.box.x);
          expect(k.x).toBeLessThan(f.box.x + f.box.width);
          expect(k.y).toBeGreaterThan(f.box.y);
          expect(k.y).toBeLessThan(f.box.y + f.box.height);
        }
      }
      image.close();
    },
  );

  it('needs the tiles for the small faces of a group photo', async () => {
    const image = await decode('sample2.jpg');
    const wholeOnly = await detectFaces(image, image, { tiles: false });
    const tiled = await detectFaces(image);
    expect(wholeOnly.length).toBeLessThan(3);
    expect(tiled).toHaveLength(3);
  });

  it('maps faces found on a downscaled copy to working-image coordinates', async () => {
    const sample = fixtures['sample4.jpg'];
    if (!sample) throw new Error('no fixture');
    const original = await decode('sample4.jpg');
    const copy = await createImageBitmap(original, { resizeWidth: 640, resizeHeight: Math.round((640 * original.height) / original.width) });
    const faces = await detectFaces(copy, original);
    expect(faces).toHaveLength(sample.faces.length);
    for (const iou of matchIoUs(sample.faces, faces)) expect(iou).toBeGreaterThanOrEqual(0.5);
  });

  it('returns [] for a picture without faces', async () => {
    const canvas = new OffscreenCanvas(800, 600);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const gradient = context.createLinearGradient(0, 0, 800, 600);
    gradient.addColorStop(0, '#234');
    gradient.addColorStop(1, '#fc8');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 800, 600);
    expect(await detectFaces(canvas.transferToImageBitmap())).toEqual([]);
  });
});
