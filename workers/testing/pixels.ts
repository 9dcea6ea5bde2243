/** Pixel helpers shared by the composite, background and watermark browser tests. */

export type Rgba = [number, number, number, number];

/** Draws with Canvas2D, then round-trips through PNG so the tests work on decoded pixels. */
export async function bitmapOf(width: number, height: number, draw: (ctx: OffscreenCanvasRenderingContext2D) => void): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  draw(ctx);
  return createImageBitmap(await canvas.convertToBlob({ type: 'image/png' }));
}

/** A photo shipped with @vladmandic/face-api, decoded by the browser. */
export async function samplePhoto(name = 'sample1.jpg'): Promise<ImageBitmap> {
  const res = await fetch(`/node_modules/@vladmandic/face-api/demo/${name}`);
  if (!res.ok) throw new Error(`sample ${name}: ${res.status}`);
  return createImageBitmap(await res.blob());
}

export function pixelsOf(source: ImageBitmap | OffscreenCanvas): ImageData {
  const canvas = new OffscreenCanvas(source.width, source.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(source, 0, 0);
  return ctx.getImageData(0, 0, source.width, source.height);
}

export function pixelAt(img: ImageData, x: number, y: number): Rgba {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  const d = img.data;
  return [d[i] ?? NaN, d[i + 1] ?? NaN, d[i + 2] ?? NaN, d[i + 3] ?? NaN];
}

/** Mean absolute difference over all channels, 0..255. */
export function meanAbsDiff(a: ImageData, b: ImageData): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('size mismatch');
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / a.data.length;
}

/** Mean and standard deviation of one channel inside a rectangle. */
export function channelStats(img: ImageData, channel: number, x0 = 0, y0 = 0, x1 = img.width, y1 = img.height): { mean: number; std: number; min: number; max: number } {
  let sum = 0;
  let sq = 0;
  let min = 255;
  let max = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = img.data[(y * img.width + x) * 4 + channel] ?? 0;
      sum += v;
      sq += v * v;
      min = Math.min(min, v);
      max = Math.max(max, v);
      n++;
    }
  }
  const mean = sum / n;
  return { mean, std: Math.sqrt(Math.max(0, sq / n - mean * mean)), min, max };
}

/** Black and white squares of `cell` pixels. */
export function checkerboard(ctx: OffscreenCanvasRenderingContext2D, width: number, height: number, cell = 1): void {
  const img = ctx.createImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? 255 : 0;
      const i = (y * width + x) * 4;
      img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
      img.data[i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
}
