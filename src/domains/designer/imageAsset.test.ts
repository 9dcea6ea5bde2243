import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DESIGN_LIMITS } from '../../../contract/design.ts';
import { ImageAssetError, MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, bytesToBase64, fitWithin, imageAsset, sniffImageMime, type ImageDecoder } from './imageAsset.ts';

const png = (width: number, height: number) => new Uint8Array(PNG.sync.write(new PNG({ width, height })));
const bytes = (...values: number[]) => new Uint8Array(values);

/** A small, complete PNG whose header claims `width` × `height` (a pixel bomb's header costs a few bytes). */
function claimedPng(width: number, height: number): Uint8Array {
  const file = png(1, 1);
  const view = new DataView(file.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return file;
}

/** A decoder that records what it was asked to encode (the real one runs in imageAsset.browser.test.ts). */
function recordingDecoder(width: number, height: number, encoded: (w: number, h: number, mime: string, quality: number) => Uint8Array) {
  const calls: string[] = [];
  let closed = false;
  const decode: ImageDecoder = async () => ({
    width,
    height,
    encode: async (w, h, mime, quality) => {
      calls.push(`${w}x${h} ${mime} ${quality}`);
      return new Blob([encoded(w, h, mime, quality) as Uint8Array<ArrayBuffer>]);
    },
    close: () => {
      closed = true;
    },
  });
  return { decode, calls, closed: () => closed };
}

async function failure(promise: Promise<unknown>): Promise<ImageAssetError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageAssetError);
  return error as ImageAssetError;
}

describe('sniffImageMime', () => {
  it('knows PNG, JPEG and WebP by their first bytes, whatever the file is called', () => {
    expect(sniffImageMime(png(1, 1))).toBe('image/png');
    expect(sniffImageMime(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffImageMime(new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses everything else', () => {
    expect(sniffImageMime(new TextEncoder().encode('hello, I am a text file'))).toBeNull();
    expect(sniffImageMime(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageMime(new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageMime(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageMime(bytes())).toBeNull();
    expect(sniffImageMime(bytes(0x89, 0x50, 0x4e))).toBeNull();
  });
});

describe('fitWithin', () => {
  it('shrinks the long side to the limit, keeping the aspect, and never enlarges', () => {
    expect(fitWithin(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(1000, 5000, 2048)).toEqual({ width: 410, height: 2048 });
    expect(fitWithin(300, 200, 2048)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(10000, 1, 2048)).toEqual({ width: 2048, height: 1 });
  });
});

describe('bytesToBase64', () => {
  it('encodes long inputs the same as btoa would', () => {
    const data = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(bytesToBase64(data)).toBe(Buffer.from(data).toString('base64'));
  });
});

describe('imageAsset', () => {
  it('keeps a small image’s bytes untouched', async () => {
    const file = png(30, 20);
    const { decode, calls, closed } = recordingDecoder(30, 20, () => bytes());
    expect(await imageAsset(new Blob([file]), decode)).toEqual({ mime: 'image/png', width: 30, height: 20, data: Buffer.from(file).toString('base64') });
    expect(calls).toEqual([]);
    expect(closed()).toBe(true);
  });

  it('reduces a large image to the side limit in its own format', async () => {
    const { decode, calls } = recordingDecoder(4096, 1024, (w, h) => png(w, h));
    const asset = await imageAsset(new Blob([png(2, 2)]), decode);
    expect(asset).toMatchObject({ mime: 'image/png', width: DESIGN_LIMITS.maxAssetSide, height: 512 });
    expect(calls).toEqual(['2048x512 image/png 0.92']);
  });

  it('falls back to smaller WebP encodings until the bytes fit', async () => {
    const webp = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 ');
    const { decode, calls } = recordingDecoder(3000, 3000, (w, _h, mime, quality) =>
      mime === 'image/webp' && (quality <= 0.55 || w < 2048) ? webp : new Uint8Array(DESIGN_LIMITS.maxAssetBytes + 1),
    );
    const asset = await imageAsset(new Blob([png(2, 2)]), decode);
    expect(asset.mime).toBe('image/webp');
    expect(calls).toEqual(['2048x2048 image/png 0.92', '2048x2048 image/webp 0.85', '2048x2048 image/webp 0.7', '2048x2048 image/webp 0.55']);
  });

  it('refuses text dressed up as an image', async () => {
    const { decode } = recordingDecoder(1, 1, () => bytes());
    const error = await failure(imageAsset(new File(['not an image'], 'photo.png', { type: 'image/png' }), decode));
    expect(error.code).toBe('NOT_AN_IMAGE');
  });

  it('refuses an image its decoder cannot read', async () => {
    const error = await failure(imageAsset(new Blob([png(2, 2).slice(0, 30)]), () => Promise.reject(new Error('bad data'))));
    expect(error.code).toBe('UNREADABLE');
  });

  it('refuses files too large to try, and images that never get small enough', async () => {
    const huge = { size: MAX_UPLOAD_BYTES + 1 } as Blob;
    expect((await failure(imageAsset(huge))).code).toBe('TOO_LARGE');
    const { decode, closed } = recordingDecoder(3000, 3000, () => new Uint8Array(DESIGN_LIMITS.maxAssetBytes + 1));
    expect((await failure(imageAsset(new Blob([png(2, 2)]), decode))).code).toBe('TOO_LARGE');
    expect(closed()).toBe(true);
  });

  it('refuses a 20000 × 20000 image by its header, before decoding anything', async () => {
    const decoded: string[] = [];
    const decode: ImageDecoder = async () => {
      decoded.push('decoded');
      throw new Error('must not be called');
    };
    const error = await failure(imageAsset(new File([claimedPng(20_000, 20_000) as Uint8Array<ArrayBuffer>], 'huge.png'), decode));
    expect(error.code).toBe('TOO_MANY_PIXELS');
    expect(error.size).toEqual({ width: 20_000, height: 20_000 });
    expect(decoded).toEqual([]);
    // The supporter's limit: 10000 × 10000 is exactly allowed.
    expect(MAX_IMAGE_PIXELS).toBe(100_000_000);
    const { decode: fine } = recordingDecoder(10_000, 10_000, () => png(2, 2));
    await expect(imageAsset(new Blob([claimedPng(10_000, 10_000) as Uint8Array<ArrayBuffer>]), fine)).resolves.toMatchObject({ width: 2048, height: 2048 });
  });

  it('refuses an incomplete file or a zero-size header without decoding it', async () => {
    const never: ImageDecoder = () => Promise.reject(new Error('must not be called'));
    const whole = png(8, 8);
    expect((await failure(imageAsset(new Blob([whole.slice(0, whole.length - 12)]), never))).code).toBe('UNREADABLE');
    expect((await failure(imageAsset(new Blob([claimedPng(0, 10) as Uint8Array<ArrayBuffer>]), never))).code).toBe('UNREADABLE');
  });
});
