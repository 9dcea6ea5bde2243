import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_PHOTO_AREA, buildFixtures, fixturesDir, withExifOrientation } from './buildFixtures.ts';

const path = (name: string) => resolve(fixturesDir, name);

/** Alpha at (x, y) of a PNG. */
async function alphaAt(name: string, x: number, y: number): Promise<number> {
  const { data, info } = await sharp(path(name)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3]!;
}

async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('buildFixtures', () => {
  beforeAll(async () => {
    await buildFixtures();
  }, 120_000);

  it('keeps existing files on a second run', async () => {
    const before = (await stat(path('photo-48mp.jpg'))).mtimeMs;
    expect(await buildFixtures()).toEqual([]);
    expect((await stat(path('photo-48mp.jpg'))).mtimeMs).toBe(before);
  });

  it('writes the photos at their sizes and formats', async () => {
    const expected: Record<string, [string, number, number]> = {
      'sample1.jpg': ['jpeg', 1920, 1280],
      'orientation-1.jpg': ['jpeg', 960, 640],
      'photo-12mp.jpg': ['jpeg', 4000, 3000],
      'photo-48mp.jpg': ['jpeg', 8000, 6000],
      'photo-sample.png': ['png', 960, 640],
      'photo-sample.webp': ['webp', 960, 640],
      'photo-sample.avif': ['heif', 960, 640],
      'photo-sample.gif': ['gif', 960, 640],
      'huge-pixels.png': ['png', 12_000, 9_000],
    };
    for (const [name, [format, width, height]] of Object.entries(expected)) {
      const meta = await sharp(path(name), { limitInputPixels: false }).metadata();
      expect({ name, format: meta.format, width: meta.width, height: meta.height }).toEqual({ name, format, width, height });
    }
    expect((await sharp(path('photo-sample.gif')).metadata()).pages).toBe(2);
    // A camera-like file, not a flat upscale.
    expect((await stat(path('photo-48mp.jpg'))).size).toBeGreaterThan(5_000_000);
    expect((await stat(path('huge-pixels.png'))).size).toBeLessThan(50 * 1024 * 1024);
  });

  it('stores orientations 2–8 so that applying the EXIF tag gives the upright sample', async () => {
    const upright = await sharp(path('orientation-1.jpg')).raw().toBuffer();
    for (const orientation of [2, 3, 4, 5, 6, 7, 8]) {
      const name = `orientation-${orientation}.jpg`;
      const meta = await sharp(path(name)).metadata();
      expect(meta.orientation).toBe(orientation);
      expect([meta.width, meta.height]).toEqual(orientation >= 5 ? [640, 960] : [960, 640]);
      const applied = await sharp(path(name)).rotate().raw().toBuffer();
      expect(await meanDifference(applied, upright)).toBeLessThan(2);
      // Ignoring the tag gives another picture, so the check above means something.
      if (orientation < 5) expect(await meanDifference(await sharp(path(name)).raw().toBuffer(), upright)).toBeGreaterThan(10);
    }
  });

  it('tags the 48 MP photo as a phone portrait without touching its pixels', async () => {
    const meta = await sharp(path('photo-48mp-orientation-6.jpg'), { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual(['jpeg', 8000, 6000, 6]);
    const [tagged, plain] = await Promise.all([readFile(path('photo-48mp-orientation-6.jpg')), readFile(path('photo-48mp.jpg'))]);
    // Only the EXIF segment was added: the scan data is the same bytes.
    expect(tagged.length - plain.length).toBeLessThan(100);
    expect(tagged.subarray(-100_000).equals(plain.subarray(-100_000))).toBe(true);
  });

  it('adds an EXIF orientation that readers apply', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#f00' } }).jpeg().toBuffer();
    for (const orientation of [1, 3, 6, 8]) {
      const tagged = withExifOrientation(jpeg, orientation);
      const meta = await sharp(tagged).metadata();
      expect([meta.orientation, meta.width, meta.height]).toEqual([orientation, 8, 4]);
      const upright = await sharp(tagged).rotate().toBuffer({ resolveWithObject: true });
      expect([upright.info.width, upright.info.height]).toEqual(orientation >= 5 ? [4, 8] : [8, 4]);
    }
    expect(() => withExifOrientation(Buffer.from('not a jpeg'), 6)).toThrow('not a JPEG');
  });

  it('draws frames with transparent holes inside an opaque, coloured border', async () => {
    expect(await alphaAt('frame-circle.png', 540, 500)).toBe(0);
    expect(await alphaAt('frame-circle.png', 20, 20)).toBe(255);
    expect(await alphaAt('frame-rounded.png', 540, 600)).toBe(0);
    expect(await alphaAt('frame-rounded.png', 540, 1300)).toBe(255);
    expect((await sharp(path('frame-rounded.png')).metadata()).height).toBe(1350);
    expect(await alphaAt('frame-two-holes.png', 300, 500)).toBe(0);
    expect(await alphaAt('frame-two-holes.png', 800, 500)).toBe(0);
    expect(await alphaAt('frame-two-holes.png', 560, 500)).toBe(255);
    const { channels } = await sharp(path('frame-circle.png')).stats();
    // Coloured, not grey: the channels' means differ.
    expect(Math.abs(channels[0]!.mean - channels[2]!.mean)).toBeGreaterThan(10);
  });

  it('writes an opaque background design and its photo area', async () => {
    const sidecar = JSON.parse(await readFile(path('background-design.json'), 'utf8'));
    expect(sidecar).toEqual({ width: 1080, height: 1080, photoArea: BACKGROUND_PHOTO_AREA });
    expect((await sharp(path('background-design.png')).stats()).isOpaque).toBe(true);
  });

  it('writes broken files for the decode errors', async () => {
    const truncated = await readFile(path('corrupt-truncated.jpg'));
    expect([truncated[0], truncated[1]]).toEqual([0xff, 0xd8]);
    expect(truncated.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(false);
    expect((await readFile(path('document-pdf.jpg'), 'latin1')).startsWith('%PDF-')).toBe(true);
    expect((await readFile(path('not-an-image.jpg'), 'utf8')).length).toBeGreaterThan(0);
  });
});
