import { describe, expect, it } from 'vitest';
import { DESIGN_LIMITS } from '../../../contract/design.ts';
import { ImageAssetError, imageAsset } from './imageAsset.ts';

/** A real encoded image: left half red, right half transparent-blue, drawn by Chromium. */
async function encoded(width: number, height: number, type: string, noise = false): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width / 2, height);
  context.fillStyle = 'rgba(0, 0, 255, 0.5)';
  context.fillRect(width / 2, 0, width / 2, height);
  if (noise) {
    // Random pixels do not compress: the encoded file is far over the asset limit.
    const pixels = context.getImageData(0, 0, width, height);
    for (let i = 0; i < pixels.data.length; i += 65536) crypto.getRandomValues(pixels.data.subarray(i, i + 65536));
    for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
    context.putImageData(pixels, 0, 0);
  }
  return canvas.convertToBlob({ type, quality: 0.95 });
}

async function pixelsOf(asset: { mime: string; data: string }) {
  const bytes = Uint8Array.from(atob(asset.data), (char) => char.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: asset.mime }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return { bitmap, pixel: (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data] };
}

describe('imageAsset in a real browser', () => {
  it('accepts PNG, JPEG and WebP by their content and keeps small files as they are', async () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      const blob = await encoded(120, 80, type);
      const asset = await imageAsset(new File([blob], 'picture.txt', { type: 'text/plain' }));
      expect(asset).toMatchObject({ mime: type, width: 120, height: 80 });
      expect(atob(asset.data).length).toBe(blob.size);
    }
  });

  it('downscales a large image to the side limit and keeps its pixels', async () => {
    const asset = await imageAsset(await encoded(3000, 1000, 'image/png'));
    expect(asset).toMatchObject({ width: DESIGN_LIMITS.maxAssetSide, height: 683 });
    const { pixel } = await pixelsOf(asset);
    expect(pixel(100, 300)).toEqual([255, 0, 0, 255]);
    const right = pixel(1900, 300);
    expect(right[2]).toBeGreaterThan(200);
    expect(right[3]).toBeGreaterThan(100);
    expect(right[3]).toBeLessThan(160);
  });

  it('re-encodes until an image fits the byte limit', async () => {
    const noisy = await encoded(1500, 1500, 'image/png', true);
    expect(noisy.size).toBeGreaterThan(DESIGN_LIMITS.maxAssetBytes);
    const asset = await imageAsset(noisy);
    expect(Math.ceil((asset.data.length * 3) / 4)).toBeLessThanOrEqual(DESIGN_LIMITS.maxAssetBytes + 2);
    const { bitmap } = await pixelsOf(asset);
    expect([bitmap.width, bitmap.height]).toEqual([asset.width, asset.height]);
  });

  it('refuses a renamed text file and a damaged image', async () => {
    const text = await imageAsset(new File(['Dear supporter, thank you!'], 'frame.png', { type: 'image/png' })).catch((error: unknown) => error);
    expect(text).toBeInstanceOf(ImageAssetError);
    expect((text as ImageAssetError).code).toBe('NOT_AN_IMAGE');
    const png = new Uint8Array(await (await encoded(64, 64, 'image/png')).arrayBuffer());
    const damaged = await imageAsset(new Blob([png.slice(0, 60)])).catch((error: unknown) => error);
    expect((damaged as ImageAssetError).code).toBe('UNREADABLE');
  });
});
