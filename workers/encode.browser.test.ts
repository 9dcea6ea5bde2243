import { describe, expect, it } from 'vitest';
import { encodeImage, MIME_TYPES } from './encode.ts';
import { PipelineError, type OutputFormat } from '../core/pipelineTypes.ts';

/** 300 × 200: red left half, blue right half, a transparent 40 × 40 square at the top left. */
function testCanvas(): OffscreenCanvas {
  const canvas = new OffscreenCanvas(300, 200);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, 150, 200);
  context.fillStyle = '#0000ff';
  context.fillRect(150, 0, 150, 200);
  context.clearRect(0, 0, 40, 40);
  return canvas;
}

async function decodedPixel(blob: Blob, x: number, y: number): Promise<{ size: [number, number]; rgba: number[] }> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const rgba = Array.from(context.getImageData(x, y, 1, 1).data);
  bitmap.close();
  return { size: [canvas.width, canvas.height], rgba };
}

function expectClose(actual: number[], expected: number[], tolerance: number): void {
  actual.forEach((value, i) => expect(Math.abs(value - expected[i]!)).toBeLessThanOrEqual(tolerance));
}

async function encodeError(canvas: OffscreenCanvas, format: OutputFormat, quality?: number): Promise<PipelineError> {
  try {
    await encodeImage(canvas, quality === undefined ? { format } : { format, quality });
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    return error as PipelineError;
  }
  throw new Error('encodeImage accepted the input');
}

describe('encodeImage', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`round-trips ${format} with its MIME type, size and colours`, async () => {
      const blob = await encodeImage(testCanvas(), { format, quality: 0.9 });
      expect(blob.type).toBe(MIME_TYPES[format]);
      const red = await decodedPixel(blob, 75, 150);
      expect(red.size).toEqual([300, 200]);
      expectClose(red.rgba, [255, 0, 0, 255], format === 'png' ? 0 : 12);
      expectClose((await decodedPixel(blob, 225, 100)).rgba, [0, 0, 255, 255], format === 'png' ? 0 : 12);
    });
  }

  it('keeps transparency in PNG and WebP, and flattens it onto white in JPEG', async () => {
    expect((await decodedPixel(await encodeImage(testCanvas(), { format: 'png' }), 10, 10)).rgba[3]).toBe(0);
    expect((await decodedPixel(await encodeImage(testCanvas(), { format: 'webp', quality: 0.9 }), 10, 10)).rgba[3]).toBe(0);
    expectClose((await decodedPixel(await encodeImage(testCanvas(), { format: 'jpeg' }), 10, 10)).rgba, [255, 255, 255, 255], 6);
  });

  it('uses the quality: a lower JPEG quality gives a smaller file', async () => {
    // Noise makes the size depend on quality.
    const canvas = new OffscreenCanvas(256, 256);
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(256, 256);
    let seed = 7;
    for (let i = 0; i < image.data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      image.data[i] = i % 4 === 3 ? 255 : seed & 255;
    }
    context.putImageData(image, 0, 0);
    const low = await encodeImage(canvas, { format: 'jpeg', quality: 0.3 });
    const high = await encodeImage(canvas, { format: 'jpeg', quality: 0.95 });
    expect(low.size).toBeLessThan(high.size * 0.7);
  });

  it('reports ENCODE_FAILED for an empty canvas, a canvas without context and a bad quality', async () => {
    expect((await encodeError(new OffscreenCanvas(0, 10), 'png')).code).toBe('ENCODE_FAILED');
    expect((await encodeError(new OffscreenCanvas(10, 10), 'png')).code).toBe('ENCODE_FAILED');
    expect((await encodeError(testCanvas(), 'jpeg', 1.5)).code).toBe('ENCODE_FAILED');
    expect((await encodeError(testCanvas(), 'gif' as OutputFormat)).code).toBe('ENCODE_FAILED');
  });
});
