import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode.ts';
import { detectFaces, needsTiles, warmFace } from './face.ts';
import { boxIoU } from '../core/faceBoxes.ts';
import type { Rect } from '../core/geometry.ts';
import type { FaceBox } from '../core/pipelineTypes.ts';

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

  it('runs tiles only when the whole pass found small faces or none', async () => {
    const image = await decode('sample2.jpg');
    const whole = await detectFaces(image, image, { tiles: false });
    expect(whole.length).toBeGreaterThan(0);
    expect(needsTiles(whole, image)).toBe(true);
    expect(needsTiles([], image)).toBe(true);
    // A portrait-sized face: the whole pass is enough.
    const big = { box: { x: 500, y: 300, width: 600, height: 700 }, score: 0.9, keypoints: [] };
    expect(needsTiles([big], image)).toBe(false);
    expect(needsTiles([big], { width: 3000, height: 1000 })).toBe(true);
    // A close-up (sample1's middle face, enlarged) keeps its one face without tiles.
    const group = await decode('sample1.jpg');
    const closeUp = await createImageBitmap(group, 760, 330, 390, 390, { resizeWidth: 600, resizeHeight: 600 });
    const faces = await detectFaces(closeUp, closeUp, { tiles: false });
    expect(faces).toHaveLength(1);
    expect(needsTiles(faces, closeUp)).toBe(false);
    expect(await detectFaces(closeUp)).toHaveLength(1);
    for (const bitmap of [image, group, closeUp]) bitmap.close();
  });

  // Chromium crops a bitmap decoded with EXIF orientation 6 or 8 in its stored pixels when
  // asked through createImageBitmap(bitmap, sx, sy, sw, sh): tiles must not rely on that.
  async function orientedFaces(orientation: number, tiles: boolean): Promise<FaceBox[]> {
    const response = await fetch(`/tests/fixtures/generated/orientation-${orientation}.jpg`);
    const decoded = await decodeImage(await response.blob());
    try {
      expect([decoded.orientation, decoded.proxy.width, decoded.proxy.height]).toEqual([orientation, 960, 640]);
      return await detectFaces(decoded.proxy, decoded.proxy, { tiles });
    } finally {
      decoded.working.close();
      decoded.proxy.close();
    }
  }

  it.each([6, 8])('finds the faces of orientation-%i.jpg, decoded upright, where they are upright', async (orientation) => {
    const sample = fixtures['sample1.jpg'];
    if (!sample) throw new Error('no fixture');
    // orientation-N.jpg is sample1.jpg (1920 × 1280) scaled to 960 × 640.
    const marked = sample.faces.map((r) => ({ x: r.x / 2, y: r.y / 2, width: r.width / 2, height: r.height / 2 }));
    for (const tiles of [true, false]) {
      const upright = await orientedFaces(1, tiles);
      const faces = await orientedFaces(orientation, tiles);
      expect(faces, `tiles ${String(tiles)}`).toHaveLength(3);
      // Boxes of the whole pass (128 px model input) are looser than the hand marks.
      for (const iou of matchIoUs(marked, faces)) expect(iou).toBeGreaterThanOrEqual(0.4);
      // And the same as on the file stored upright.
      for (const iou of matchIoUs(upright.map((f) => f.box), faces)) expect(iou).toBeGreaterThanOrEqual(0.8);
    }
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
