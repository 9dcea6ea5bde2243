import { afterEach, describe, expect, it } from 'vitest';
import { decodeImage, decodeProxyFirst } from './decode.ts';
import { createWorkingImage, workingSideFor } from './workingImage.ts';
import { meanAbsDiff, pixelsOf } from './testing/pixels.ts';

async function fixture(name: string): Promise<Blob> {
  const path = name.endsWith('.heic') ? `/tests/fixtures/${name}` : `/tests/fixtures/generated/${name}`;
  const response = await fetch(path);
  if (!response.ok) throw new Error(`Fixture ${path} is missing (${response.status}): run \`npx tsx scripts/buildFixtures.ts\``);
  return new Blob([await response.arrayBuffer()]);
}

/** `bitmap` resized (high quality) to width × height, for comparing pictures of different sizes. */
function resized(bitmap: ImageBitmap, width: number, height: number): Promise<ImageBitmap> {
  return createImageBitmap(bitmap, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
}

const opened: ImageBitmap[] = [];
const keep = <T extends ImageBitmap>(bitmap: T): T => (opened.push(bitmap), bitmap);
afterEach(() => {
  for (const bitmap of opened.splice(0)) bitmap.close();
});

/** Mean difference (0..255) between `a` and the full decode's working image, both brought to a's size. */
async function differenceFromFullDecode(a: ImageBitmap, file: Blob): Promise<number> {
  const full = await decodeImage(file);
  keep(full.working);
  keep(full.proxy);
  const reference = keep(await resized(full.working, a.width, a.height));
  return meanAbsDiff(pixelsOf(a), pixelsOf(reference));
}

describe('decodeProxyFirst', () => {
  it('decodes a 12 MP JPEG straight at a proxy size within the limit, with the picture of the full decode', async () => {
    const file = await fixture('photo-12mp.jpg');
    const first = (await decodeProxyFirst(file))!;
    keep(first.proxy);
    // 2/8 of 4000 × 3000: the largest n/8 size within 1280 px.
    expect([first.proxy.width, first.proxy.height]).toEqual([1000, 750]);
    expect(first.size).toEqual({ width: 4000, height: 3000 });
    expect(await differenceFromFullDecode(first.proxy, file)).toBeLessThan(1.5);
  });

  it('gives the nominal working size of a 48 MP portrait (EXIF 6) and an upright proxy', async () => {
    const file = await fixture('photo-48mp-orientation-6.jpg');
    const first = (await decodeProxyFirst(file))!;
    keep(first.proxy);
    expect(first.size).toEqual({ width: 3072, height: 4096 });
    expect(first.proxy.width).toBeLessThan(first.proxy.height);
    expect(Math.max(first.proxy.width, first.proxy.height)).toBeLessThanOrEqual(1280);
    expect(await differenceFromFullDecode(first.proxy, file)).toBeLessThan(1.5);
  });

  for (const orientation of [1, 3, 6, 8]) {
    it(`turns EXIF orientation ${orientation} upright like the full decode`, async () => {
      const file = await fixture(`orientation-${orientation}.jpg`);
      const first = (await decodeProxyFirst(file, { proxyMaxSide: 240 }))!;
      keep(first.proxy);
      expect([first.proxy.width, first.proxy.height]).toEqual([240, 160]);
      expect(await differenceFromFullDecode(first.proxy, file)).toBeLessThan(3);
    });
  }

  it('leaves the files it cannot or need not decode small to decodeImage, and reports bad files as decodeImage does', async () => {
    expect(await decodeProxyFirst(await fixture('photo-sample.png'))).toBeNull();
    // 1920 px: less than twice the proxy's 1280, one full decode serves both.
    expect(await decodeProxyFirst(await fixture('sample3.jpg'))).toBeNull();
    expect(await decodeProxyFirst(await fixture('photo-sample.heic'))).toBeNull();
    await expect(decodeProxyFirst(await fixture('corrupt-truncated.jpg'))).rejects.toMatchObject({ code: 'DECODE_CORRUPT' });
    await expect(decodeProxyFirst(await fixture('not-an-image.jpg'))).rejects.toMatchObject({ code: 'DECODE_UNSUPPORTED' });
  });
});

describe('working image', () => {
  it('needs as many pixels as the output shows, never more than the nominal size', () => {
    const size = { width: 4000, height: 3000 };
    expect(workingSideFor(size, 0.25)).toBe(1002);
    expect(workingSideFor(size, 0.5)).toBe(2002);
    expect(workingSideFor(size, 3)).toBe(4000);
  });

  it('decodes the smallest n/8 size that reaches the side asked for, and a larger one only when asked for more', async () => {
    const file = await fixture('photo-12mp.jpg');
    const first = (await decodeProxyFirst(file))!;
    keep(first.proxy);
    const working = createWorkingImage(file, first.source, first.size);
    const half = await working.atLeast(2002);
    // 5/8: 4/8 (2000 px) would be short of 2002.
    expect([half.width, half.height]).toEqual([2500, 1875]);
    expect(await working.atLeast(1200)).toBe(half);
    expect(await differenceFromFullDecode(half, file)).toBeLessThan(1.5);
    const whole = await working.atLeast(3900);
    expect([whole.width, whole.height]).toEqual([4000, 3000]);
    expect(await working.atLeast(9000)).toBe(whole);
    working.close();
    await expect(working.atLeast(100)).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('holds a photo decoded whole at its size, without decoding it again', async () => {
    const file = await fixture('photo-sample.png');
    const decoded = await decodeImage(file);
    keep(decoded.proxy);
    const working = createWorkingImage(file, null, { width: decoded.width, height: decoded.height }, decoded.working);
    expect(await working.atLeast(100)).toBe(decoded.working);
    expect(await working.atLeast(100_000)).toBe(decoded.working);
    working.close();
  });
});
