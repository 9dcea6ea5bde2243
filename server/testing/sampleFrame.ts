import sharp from 'sharp';

/** The face-api sample photos (real JPEGs shipped in node_modules), numbered 1 to 6. */
export const SAMPLE_PHOTO_COUNT = 6;
const samplePath = (n: number) => `node_modules/@vladmandic/face-api/demo/sample${n}.jpg`;

/**
 * A real-looking frame for tests: sample photo `n` as the design, `size`² pixels, with a transparent circle where
 * the supporter's photo goes (as a creator's exported PNG would be).
 */
export async function sampleFrame(n: number, size = 1080): Promise<Buffer> {
  const pixels = await sharp(samplePath(n)).resize(size, size, { fit: 'cover' }).ensureAlpha().raw().toBuffer();
  const cx = size / 2;
  const cy = size * 0.46;
  const r = size * 0.35;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) pixels[(y * size + x) * 4 + 3] = 0;
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
}
