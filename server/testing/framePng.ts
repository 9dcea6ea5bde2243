import sharp from 'sharp';
import type { Rect } from '../../core/geometry.ts';


/** A PNG frame for tests: opaque colour with fully transparent rectangular holes; `alpha: false` drops the alpha channel. */
export async function framePng(options: { width?: number; height?: number; holes?: Rect[]; alpha?: boolean; colour?: [number, number, number] } = {}): Promise<Buffer> {
  const { width = 600, height = 600, holes = [{ x: 150, y: 150, width: 300, height: 300 }], alpha = true, colour = [200, 30, 40] } = options;
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([...colour, 255], i * 4);
  for (const hole of holes) {
    for (let y = hole.y; y < hole.y + hole.height; y++) {
      for (let x = hole.x; x < hole.x + hole.width; x++) pixels[(y * width + x) * 4 + 3] = 0;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 4 } });
  return (alpha ? image : image.removeAlpha()).png().toBuffer();
}
