import { afterEach, describe, expect, it } from 'vitest';
import { decodeImage, drawnWithOrientation, orientBitmap, storedPixels, type DecodedImage, type DecodeOptions } from './decode.ts';
import { LIMITS, PipelineError } from '../core/pipelineTypes.ts';

// Fixtures come from scripts/buildFixtures.ts (generated/) or are committed (HEIC), served by Vite.
async function fixture(name: string): Promise<Blob> {
  const path = name.endsWith('.heic') ? `/tests/fixtures/${name}` : `/tests/fixtures/generated/${name}`;
  const response = await fetch(path);
  if (!response.ok) throw new Error(`Fixture ${path} is missing (${response.status}): run \`npx tsx scripts/buildFixtures.ts\``);
  // Served with an image type by extension; decode must not care, so drop it.
  return new Blob([await response.arrayBuffer()]);
}

function pixels(bitmap: ImageBitmap): Uint8ClampedArray {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
}

/** Mean absolute difference per RGB channel (0..255) of two same-size bitmaps. */
function meanDifference(a: ImageBitmap, b: ImageBitmap): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const pa = pixels(a);
  const pb = pixels(b);
  let sum = 0;
  for (let i = 0; i < pa.length; i += 4) sum += Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!);
  return sum / ((pa.length / 4) * 3);
}

function mirrored(bitmap: ImageBitmap): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.setTransform(-1, 0, 0, 1, bitmap.width, 0);
  context.drawImage(bitmap, 0, 0);
  return createImageBitmap(canvas);
}

const opened: DecodedImage[] = [];
async function decode(name: string): Promise<DecodedImage> {
  const decoded = await decodeImage(await fixture(name));
  opened.push(decoded);
  return decoded;
}
afterEach(() => {
  for (const decoded of opened.splice(0)) {
    decoded.working.close();
    decoded.proxy.close();
  }
});

async function decodeError(blob: Blob, options?: DecodeOptions): Promise<PipelineError> {
  try {
    const decoded = await decodeImage(blob, options);
    opened.push(decoded);
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    return error as PipelineError;
  }
  throw new Error('decodeImage accepted the file');
}

describe('decodeImage formats', () => {
  // All of these are the same 960 × 640 upright picture (orientation-1.jpg) in another format.
  const formats = [
    { name: 'photo-sample.png', mimeType: 'image/png', tolerance: 2 },
    { name: 'photo-sample.webp', mimeType: 'image/webp', tolerance: 6 },
    { name: 'photo-sample.avif', mimeType: 'image/avif', tolerance: 8 },
    // First frame only: the second frame is solid red, which would differ by far more.
    { name: 'photo-sample.gif', mimeType: 'image/gif', tolerance: 10 },
  ] as const;

  for (const { name, mimeType, tolerance } of formats) {
    it(`decodes ${name} to the right size and pixels`, async () => {
      const upright = await decode('orientation-1.jpg');
      const decoded = await decode(name);
      expect(decoded).toMatchObject({ width: 960, height: 640, originalWidth: 960, originalHeight: 640, mimeType, orientation: 1 });
      expect([decoded.working.width, decoded.working.height, decoded.proxy.width, decoded.proxy.height]).toEqual([960, 640, 960, 640]);
      expect(meanDifference(decoded.working, upright.working)).toBeLessThan(tolerance);
    });
  }

  it('decodes the face-api JPEG samples at their size', async () => {
    for (const [name, height] of [['sample1.jpg', 1280], ['sample6.jpg', 1537]] as const) {
      const decoded = await decode(name);
      expect(decoded).toMatchObject({ width: 1920, height, originalWidth: 1920, originalHeight: height, mimeType: 'image/jpeg' });
      const scale = LIMITS.proxyMaxSide / 1920;
      expect([decoded.proxy.width, decoded.proxy.height]).toEqual([1280, Math.round(height * scale)]);
    }
  });

  it('decodes HEIC with libheif when the browser cannot', async () => {
    const upright = await decode('orientation-1.jpg');
    const decoded = await decode('photo-sample.heic');
    expect(decoded).toMatchObject({ width: 960, height: 640, originalWidth: 960, originalHeight: 640, mimeType: 'image/heic', decoder: 'libheif' });
    expect(meanDifference(decoded.working, upright.working)).toBeLessThan(6);
  });

  it('applies the EXIF orientation of a HEIC without HEIF rotation boxes', async () => {
    const upright = await decode('orientation-1.jpg');
    // Stored 640 × 960 with EXIF orientation 6 (see tests/fixtures/README.md).
    const decoded = await decode('photo-orientation-6.heic');
    expect(decoded).toMatchObject({ width: 960, height: 640, originalWidth: 960, originalHeight: 640, orientation: 6 });
    expect(meanDifference(decoded.working, upright.working)).toBeLessThan(6);
  });
});

describe('decodeImage orientation', () => {
  it('tells a mirrored picture apart (the comparison below can fail)', async () => {
    const upright = await decode('orientation-1.jpg');
    const flipped = await mirrored(upright.working);
    expect(meanDifference(flipped, upright.working)).toBeGreaterThan(20);
    flipped.close();
  });

  for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`turns EXIF orientation ${orientation} upright`, async () => {
      const upright = await decode('orientation-1.jpg');
      const decoded = await decode(`orientation-${orientation}.jpg`);
      // Small enough for the working size: the browser decodes it whole.
      expect(decoded).toMatchObject({ width: 960, height: 640, originalWidth: 960, originalHeight: 640, orientation, decoder: 'browser' });
      expect(meanDifference(decoded.working, upright.working)).toBeLessThan(3);
      expect(meanDifference(decoded.proxy, upright.proxy)).toBeLessThan(3);
    });
  }

  it('turns a PNG with EXIF orientation 6 upright', async () => {
    const upright = await decode('orientation-1.jpg');
    const decoded = await decode('orientation-6.png');
    expect(decoded).toMatchObject({ width: 960, height: 640, mimeType: 'image/png', orientation: 6 });
    expect(meanDifference(decoded.working, upright.working)).toBeLessThan(3);
  });
});

/** The JPEG without its EXIF segment, so that browsers show the stored pixels. */
function withoutExif(jpeg: Uint8Array): Blob {
  const parts: Uint8Array[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    const isExif = jpeg[at + 1] === 0xe1 && String.fromCharCode(...jpeg.subarray(at + 4, at + 8)) === 'Exif';
    if (!isExif) parts.push(jpeg.subarray(at, end));
    at = end;
  }
  parts.push(jpeg.subarray(at));
  return new Blob(parts as BlobPart[]);
}

describe('orientBitmap (libheif path)', () => {
  for (const orientation of [2, 3, 4, 5, 6, 7, 8]) {
    it(`applies EXIF orientation ${orientation} to stored pixels`, async () => {
      const upright = await decode('orientation-1.jpg');
      const stored = await createImageBitmap(withoutExif(new Uint8Array(await (await fixture(`orientation-${orientation}.jpg`)).arrayBuffer())));
      expect([stored.width, stored.height]).toEqual(orientation >= 5 ? [640, 960] : [960, 640]);
      expect(meanDifference(await orientBitmap(stored, 1), stored)).toBe(0);
      const turned = await orientBitmap(stored, orientation);
      expect(meanDifference(turned, upright.working)).toBeLessThan(3);
      stored.close();
      turned.close();
    });
  }
});

describe('decodeImage scaled JPEG decode (ImageDecoder at n/8)', () => {
  // At 480 px the 960 × 640 samples decode at exactly 4/8, so every orientation takes the fast path.
  const small = { workingMaxSide: 480, proxyMaxSide: 240 };

  /** What the full-decode path makes of `blob` at `size`: the browser orients, then resizes. */
  function slowPath(blob: Blob, width: number, height: number): Promise<ImageBitmap> {
    return createImageBitmap(blob, { imageOrientation: 'from-image', resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  }

  for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`turns EXIF orientation ${orientation} upright on the fast path, like the full decode`, async () => {
      const upright = await decodeImage(await fixture('orientation-1.jpg'), small);
      opened.push(upright);
      const file = await fixture(`orientation-${orientation}.jpg`);
      const decoded = await decodeImage(file, small);
      opened.push(decoded);
      expect(decoded).toMatchObject({ width: 480, height: 320, originalWidth: 960, originalHeight: 640, orientation, decoder: 'jpeg-scaled' });
      expect([decoded.proxy.width, decoded.proxy.height]).toEqual([240, 160]);
      const slow = await slowPath(file, 480, 320);
      expect(meanDifference(decoded.working, slow)).toBeLessThan(2);
      expect(meanDifference(decoded.working, upright.working)).toBeLessThan(3);
      slow.close();
    });
  }

  it('tells whether a drawn frame has exactly the EXIF orientation applied', async () => {
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const bytes = new Uint8Array(await (await fixture(`orientation-${orientation}.jpg`)).arrayBuffer());
      const [width, height] = orientation >= 5 ? [320, 480] : [480, 320];
      const decoder = new ImageDecoder({ data: bytes, type: 'image/jpeg', desiredWidth: width, desiredHeight: height });
      const frame = (await decoder.decode()).image;
      const upright = await decodeImage(new Blob([bytes]), small);
      opened.push(upright);
      // The decoded result is upright (tested above): only its own orientation maps the frame onto it.
      const verdicts = [];
      for (const candidate of [1, 2, 3, 4, 5, 6, 7, 8]) verdicts.push(await drawnWithOrientation(frame, upright.working, candidate));
      expect({ orientation, verdicts }).toEqual({ orientation, verdicts: [1, 2, 3, 4, 5, 6, 7, 8].map((candidate) => candidate === orientation) });
      frame.close();
      decoder.close();
    }
  });

  it('turns the stored pixels of a scaled frame upright by hand, for engines that do not', async () => {
    for (const orientation of [2, 3, 4, 5, 6, 7, 8]) {
      const file = await fixture(`orientation-${orientation}.jpg`);
      const [width, height] = orientation >= 5 ? [320, 480] : [480, 320];
      const decoder = new ImageDecoder({ data: new Uint8Array(await file.arrayBuffer()), type: 'image/jpeg', desiredWidth: width, desiredHeight: height });
      const frame = (await decoder.decode()).image;
      const stored = await storedPixels(frame);
      expect([stored.width, stored.height]).toEqual([width, height]);
      const turned = await orientBitmap(stored, orientation);
      const slow = await slowPath(file, 480, 320);
      expect({ orientation, difference: meanDifference(turned, slow) < 2 }).toEqual({ orientation, difference: true });
      for (const bitmap of [stored, turned, slow]) bitmap.close();
      frame.close();
      decoder.close();
    }
  });

  it('decodes a 48 MP phone portrait (orientation 6) at n/8, upright', async () => {
    const file = await fixture('photo-48mp-orientation-6.jpg');
    const decoded = await decode('photo-48mp-orientation-6.jpg');
    // Stored 8000 × 6000: 4/8 gives 4000 × 3000 stored, 3000 × 4000 upright.
    expect(decoded).toMatchObject({ width: 3000, height: 4000, originalWidth: 6000, originalHeight: 8000, orientation: 6, decoder: 'jpeg-scaled' });
    expect([decoded.working.width, decoded.working.height, decoded.proxy.width, decoded.proxy.height]).toEqual([3000, 4000, 960, 1280]);
    const slow = await slowPath(file, 960, 1280);
    expect(meanDifference(decoded.proxy, slow)).toBeLessThan(1.5);
    // The same stored pixels untagged, turned a quarter clockwise by hand.
    const landscape = await decode('photo-48mp.jpg');
    const turned = await orientBitmap(landscape.proxy, 6);
    expect(meanDifference(decoded.proxy, turned)).toBeLessThan(1.5);
    const unturned = await createImageBitmap(landscape.proxy, { resizeWidth: 960, resizeHeight: 1280 });
    expect(meanDifference(decoded.proxy, unturned)).toBeGreaterThan(10);
    for (const bitmap of [slow, turned, unturned]) bitmap.close();
  });
});

describe('decodeImage downscaling', () => {
  it('keeps a 48 MP photo within the working and proxy limits, aspect intact', async () => {
    const decoded = await decode('photo-48mp.jpg');
    // ImageDecoder decodes at 4/8 (4000 × 3000), the largest n/8 size within 4096 × 3072.
    expect(decoded).toMatchObject({ originalWidth: 8000, originalHeight: 6000, width: 4000, height: 3000 });
    expect([decoded.working.width, decoded.working.height]).toEqual([4000, 3000]);
    expect([decoded.proxy.width, decoded.proxy.height]).toEqual([1280, 960]);
    // Still the picture, not an empty bitmap: the proxy matches a direct downscale of the working copy.
    const reference = await createImageBitmap(decoded.working, { resizeWidth: 1280, resizeHeight: 960, resizeQuality: 'high' });
    expect(meanDifference(decoded.proxy, reference)).toBeLessThan(2);
    const data = pixels(decoded.proxy);
    const distinct = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 997) distinct.add(data[i]!);
    expect(distinct.size).toBeGreaterThan(50);
    reference.close();
  });

  it('decodes a large JPEG at n/8 size with the picture of a full decode', async () => {
    const file = await fixture('photo-48mp.jpg');
    const decoded = await decode('photo-48mp.jpg');
    expect(decoded.decoder).toBe('jpeg-scaled');
    const full = await createImageBitmap(file, { imageOrientation: 'from-image', resizeWidth: 1280, resizeHeight: 960, resizeQuality: 'high' });
    expect(meanDifference(decoded.proxy, full)).toBeLessThan(1.5);
    full.close();
  });

  it('takes the full decode when an n/8 size would lose too much detail', async () => {
    // 2900 / 8000 is under 3/8: the n/8 decode (2000 px) would be under 3/4 of 2900, so the size is exact.
    const decoded = await decodeImage(await fixture('photo-48mp.jpg'), { workingMaxSide: 2900, proxyMaxSide: 640 });
    opened.push(decoded);
    expect([decoded.width, decoded.height, decoded.decoder]).toEqual([2900, 2175, 'browser']);
  });

  it('keeps a 12 MP photo at full size as the working copy', async () => {
    const decoded = await decode('photo-12mp.jpg');
    expect(decoded).toMatchObject({ width: 4000, height: 3000, originalWidth: 4000, originalHeight: 3000 });
    expect([decoded.proxy.width, decoded.proxy.height]).toEqual([1280, 960]);
  });

  it('downscales an EXIF-rotated photo along its upright sides', async () => {
    const decoded = await decodeImage(await fixture('orientation-6.jpg'), { workingMaxSide: 480, proxyMaxSide: 240 });
    opened.push(decoded);
    expect(decoded).toMatchObject({ width: 480, height: 320, originalWidth: 960, originalHeight: 640 });
    expect([decoded.proxy.width, decoded.proxy.height]).toEqual([240, 160]);
    const upright = await decodeImage(await fixture('orientation-1.jpg'), { workingMaxSide: 480, proxyMaxSide: 240 });
    opened.push(upright);
    expect(meanDifference(decoded.working, upright.working)).toBeLessThan(3);
  });
});

describe('decodeImage errors', () => {
  it('rejects a truncated JPEG as corrupt', async () => {
    expect((await decodeError(await fixture('corrupt-truncated.jpg'))).code).toBe('DECODE_CORRUPT');
  });

  it('rejects an empty file as empty, not as damaged', async () => {
    expect((await decodeError(new Blob([]))).code).toBe('DECODE_EMPTY');
  });

  it('rejects text and PDF files named .jpg as unsupported', async () => {
    expect((await decodeError(await fixture('not-an-image.jpg'))).code).toBe('DECODE_UNSUPPORTED');
    expect((await decodeError(await fixture('document-pdf.jpg'))).code).toBe('DECODE_UNSUPPORTED');
  });

  it('rejects a file over 50 MB before reading it', async () => {
    const photo = await fixture('sample1.jpg');
    const padded = new Blob([photo, new Uint8Array(LIMITS.maxFileBytes + 1 - photo.size)]);
    expect(padded.size).toBe(LIMITS.maxFileBytes + 1);
    const error = await decodeError(padded);
    expect(error.code).toBe('DECODE_TOO_LARGE_BYTES');
    expect(error.name).toBe('PipelineError:DECODE_TOO_LARGE_BYTES');
  });

  it('rejects an image over 100 MP from its header', async () => {
    const error = await decodeError(await fixture('huge-pixels.png'));
    expect(error.code).toBe('DECODE_TOO_LARGE_PIXELS');
    expect(error.message).toContain('12000×9000');
  });

  it('draws the limits exactly where they are set', async () => {
    const photo = await fixture('orientation-1.jpg');
    const decoded = await decodeImage(photo, { maxFileBytes: photo.size, maxPixels: 960 * 640 });
    opened.push(decoded);
    expect(decoded.width).toBe(960);
    expect((await decodeError(photo, { maxFileBytes: photo.size - 1 })).code).toBe('DECODE_TOO_LARGE_BYTES');
    expect((await decodeError(photo, { maxPixels: 960 * 640 - 1 })).code).toBe('DECODE_TOO_LARGE_PIXELS');
  });
});

describe('decodeImage in a module worker', () => {
  async function inWorker(blob: Blob): Promise<Record<string, unknown>> {
    const worker = new Worker(new URL('./decode.testWorker.ts', import.meta.url), { type: 'module' });
    try {
      return await new Promise((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<Record<string, unknown>>) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(blob);
      });
    } finally {
      worker.terminate();
    }
  }

  it('decodes HEIC there too (libheif loads inside the worker)', async () => {
    const reply = await inWorker(await fixture('photo-orientation-6.heic'));
    expect(reply).toMatchObject({ width: 960, height: 640, mimeType: 'image/heic', orientation: 6 });
    const proxy = reply.proxy as ImageBitmap;
    const upright = await decode('orientation-1.jpg');
    expect(meanDifference(proxy, upright.proxy)).toBeLessThan(6);
    proxy.close();
  });

  it('reports the error code in the name, which is what crosses the worker boundary', async () => {
    expect(await inWorker(await fixture('document-pdf.jpg'))).toEqual({ error: 'PipelineError:DECODE_UNSUPPORTED' });
  });
});
