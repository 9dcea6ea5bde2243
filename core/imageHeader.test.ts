import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heifExifBlock, readImageHeader } from './imageHeader.ts';

// Inputs are made here with sharp (any size, cheaply) and read from the committed HEIC fixtures.
const root = resolve(import.meta.dirname, '..');
const fixtures = resolve(root, 'tests/fixtures');
const bytes = async (path: string) => new Uint8Array(await readFile(path));

function image(width: number, height: number, channels: 3 | 4 = 3): ReturnType<typeof sharp> {
  return sharp({ create: { width, height, channels, background: channels === 4 ? '#12345680' : '#123456' } });
}
const encoded = async (pending: Promise<Buffer>) => new Uint8Array(await pending);

describe('readImageHeader', () => {
  it('reads type and stored size of every supported format from the bytes', async () => {
    const cases: [Uint8Array, string, number, number][] = [
      [await encoded(image(960, 640).jpeg().toBuffer()), 'image/jpeg', 960, 640],
      [await encoded(image(640, 960).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer()), 'image/jpeg', 640, 960],
      [await encoded(image(30_000, 2).jpeg().toBuffer()), 'image/jpeg', 30_000, 2],
      [await encoded(image(960, 641).png().toBuffer()), 'image/png', 960, 641],
      [await encoded(image(70_000, 1).png().toBuffer()), 'image/png', 70_000, 1],
      [await encoded(image(961, 640).webp().toBuffer()), 'image/webp', 961, 640],
      [await encoded(image(960, 642).avif({ effort: 0 }).toBuffer()), 'image/avif', 960, 642],
      [await encoded(image(963, 640).gif().toBuffer()), 'image/gif', 963, 640],
      [await bytes(resolve(fixtures, 'photo-sample.heic')), 'image/heic', 960, 640],
      [await bytes(resolve(fixtures, 'photo-orientation-6.heic')), 'image/heic', 640, 960],
    ];
    for (const [data, mimeType, width, height] of cases) {
      expect(readImageHeader(data)).toMatchObject({ mimeType, width, height, truncated: false });
    }
  });

  it('reads WebP lossless and extended headers', async () => {
    const lossless = await encoded(image(333, 77).webp({ lossless: true }).toBuffer());
    expect(readImageHeader(lossless)).toMatchObject({ mimeType: 'image/webp', width: 333, height: 77 });
    const alpha = await encoded(image(5000, 3, 4).webp().toBuffer());
    expect(readImageHeader(alpha)).toMatchObject({ mimeType: 'image/webp', width: 5000, height: 3 });
  });

  it('flags truncated JPEG and PNG files', async () => {
    const jpeg = await encoded(sharp(resolve(root, 'node_modules/@vladmandic/face-api/demo/sample1.jpg')).toBuffer());
    expect(readImageHeader(jpeg)).toMatchObject({ width: 1920, truncated: false });
    expect(readImageHeader(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toMatchObject({ mimeType: 'image/jpeg', width: 1920, truncated: true });
    const png = await encoded(image(100, 100).png().toBuffer());
    expect(readImageHeader(png.subarray(0, png.length - 100))).toMatchObject({ mimeType: 'image/png', truncated: true });
    // Cut before the frame header: no size either.
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toMatchObject({ width: undefined, truncated: true });
  });

  it('keeps a JPEG with data after its end (camera trailers) complete', async () => {
    const jpeg = await encoded(image(960, 640).jpeg().toBuffer());
    const trailer = new Uint8Array(jpeg.length + 5000);
    trailer.set(jpeg);
    expect(readImageHeader(trailer)).toMatchObject({ truncated: false, width: 960 });
  });

  it('returns null for anything else, whatever its name', async () => {
    expect(readImageHeader(new TextEncoder().encode('This is a text file with an image extension.'))).toBeNull();
    expect(readImageHeader(new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
    expect(readImageHeader(await encoded(image(4, 4).tiff().toBuffer()))).toBeNull();
    // An ISO-BMFF file that is not an image (an MP4 video).
    const mp4 = new Uint8Array([0, 0, 0, 24, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
    expect(readImageHeader(mp4)).toBeNull();
  });
});

describe('heifExifBlock', () => {
  it('finds the Exif item of a HEIC, which exifr reads', async () => {
    const heic = await bytes(resolve(fixtures, 'photo-orientation-6.heic'));
    const block = heifExifBlock(heic);
    expect(block).not.toBeNull();
    expect(Buffer.from(block!.subarray(0, 4)).toString('latin1')).toBe('II*\u0000');
    expect(await exifr.orientation(block!)).toBe(6);
    expect(readImageHeader(heic)?.heifTransformed).toBe(false);
  });

  it('returns null when there is no Exif item', async () => {
    expect(heifExifBlock(await bytes(resolve(fixtures, 'photo-sample.heic')))).toBeNull();
    expect(heifExifBlock(await encoded(image(8, 8).jpeg().withMetadata({ orientation: 6 }).toBuffer()))).toBeNull();
  });
});
