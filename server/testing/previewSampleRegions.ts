import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Point, Rect } from '../../core/geometry.ts';
import { autoPlace, photoToFrameMatrix } from '../../core/placement.ts';
import { PREVIEW_SAMPLE_FILES, type SamplePhoto } from '../domain/previewSample.ts';

/** The committed person mask of the link-preview sample, one byte per sample pixel. */
export async function previewSampleMask(): Promise<Buffer> {
  return sharp(fileURLToPath(PREVIEW_SAMPLE_FILES.mask)).extractChannel(0).raw().toBuffer();
}

export interface SampleRegions {
  /** Output pixels deep inside the person: the mask is 255 all around the sample pixel they show. */
  solid: Point[];
  /** Output pixels well away from her: the mask is 0 all around, or the photo does not reach them. */
  clear: Point[];
  /** Where her face centre lands, in output pixels. */
  face: Point;
}

/** Min (erode) or max (dilate) of the mask over a square of radius r, separable. */
function extreme(mask: Buffer, width: number, height: number, r: number, pick: (a: number, b: number) => number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = mask[y * width + x]!;
      for (let dx = Math.max(0, x - r); dx <= Math.min(width - 1, x + r); dx++) value = pick(value, mask[y * width + dx]!);
      rows[y * width + x] = value;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = rows[y * width + x]!;
      for (let dy = Math.max(0, y - r); dy <= Math.min(height - 1, y + r); dy++) value = pick(value, rows[dy * width + x]!);
      out[y * width + x] = value;
    }
  }
  return out;
}

/**
 * The output pixels of `area` sorted by what the sample, placed by autoPlace in `hole` and moved by `offset`
 * (where the composited canvas sits in the output), shows there. `reach` (sample pixels) keeps the resampled,
 * feathered edge out of both sets.
 */
export function sampleRegions(sample: SamplePhoto, mask: Buffer, hole: Rect, area: Rect, offset: Point = { x: 0, y: 0 }, reach = 5): SampleRegions {
  const { width, height } = sample.size;
  const m = photoToFrameMatrix(autoPlace({ photo: sample.size, faces: [{ box: sample.face, score: 1, keypoints: [] }], hole }), sample.size);
  const eroded = extreme(mask, width, height, reach, Math.min);
  const dilated = extreme(mask, width, height, reach, Math.max);
  const solid: Point[] = [];
  const clear: Point[] = [];
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      // Pixel centres: output (x, y) shows the sample at ((x + ½ − e) / a − ½, …); auto placement has no rotation.
      const sx = Math.round((x - offset.x + 0.5 - m.e) / m.a - 0.5);
      const sy = Math.round((y - offset.y + 0.5 - m.f) / m.d - 0.5);
      if (sx < -reach || sy < -reach || sx > width - 1 + reach || sy > height - 1 + reach) {
        clear.push({ x, y });
        continue;
      }
      const at = Math.min(height - 1, Math.max(0, sy)) * width + Math.min(width - 1, Math.max(0, sx));
      if (dilated[at] === 0) clear.push({ x, y });
      else if (eroded[at] === 255 && sx >= reach && sy >= reach && sx <= width - 1 - reach && sy <= height - 1 - reach) solid.push({ x, y });
    }
  }
  const fx = sample.face.x + sample.face.width / 2;
  const fy = sample.face.y + sample.face.height / 2;
  return { solid, clear, face: { x: Math.round(m.a * fx + m.e + offset.x), y: Math.round(m.d * fy + m.f + offset.y) } };
}
