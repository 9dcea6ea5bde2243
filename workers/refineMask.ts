/**
 * Edge refinement of a segmentation mask: a guided filter (He, Sun & Tang) with the image's
 * luminance as guide. Where the image has an edge the mask snaps to it; where the image is
 * flat the mask is feathered over about `radius` pixels. Pure, O(pixels) via summed areas.
 */
import type { Size } from '../core/geometry.ts';
import type { PersonMask } from '../core/pipelineTypes.ts';

export interface RefineOptions {
  /** Window radius in mask pixels; default scales with the mask (4 px at 640 px). */
  radius?: number;
  /** Regularisation: larger values smooth more, smaller follow the image more closely. */
  epsilon?: number;
}

/** RGBA pixels, as in ImageData. */
export interface GuideImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Mean of `src` over a (2r+1)² window clipped to the image. */
function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += src[y * width + x] ?? 0;
      sum[(y + 1) * stride + x + 1] = (sum[y * stride + x + 1] ?? 0) + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const total =
        (sum[y1 * stride + x1] ?? 0) - (sum[y0 * stride + x1] ?? 0) - (sum[y1 * stride + x0] ?? 0) + (sum[y0 * stride + x0] ?? 0);
      out[y * width + x] = total / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/** A model's person confidence (0..1 per pixel, row-major) at `size`. */
export interface Confidence extends Size {
  data: Float32Array;
}

/** Refines `mask` against `guide` (same size) into a byte mask (0 background … 255 person). */
export function refineMask(mask: Confidence, guide: GuideImage, options: RefineOptions = {}): PersonMask {
  const { width, height } = mask;
  const n = width * height;
  if (!(width > 0 && height > 0) || mask.data.length !== n) throw new RangeError(`mask data does not match ${width}×${height}`);
  if (guide.width !== width || guide.height !== height || guide.data.length !== n * 4) {
    throw new RangeError(`guide image must be ${width}×${height} RGBA, got ${guide.width}×${guide.height}`);
  }
  const r = Math.max(1, Math.round(options.radius ?? Math.max(width, height) / 160));
  const eps = options.epsilon ?? 1e-3;

  const I = new Float32Array(n);
  const II = new Float32Array(n);
  const Ip = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const d = guide.data;
    const lum = (0.299 * (d[i * 4] ?? 0) + 0.587 * (d[i * 4 + 1] ?? 0) + 0.114 * (d[i * 4 + 2] ?? 0)) / 255;
    I[i] = lum;
    II[i] = lum * lum;
    Ip[i] = lum * (mask.data[i] ?? 0);
  }
  const meanI = boxMean(I, width, height, r);
  const meanP = boxMean(mask.data, width, height, r);
  const meanII = boxMean(II, width, height, r);
  const meanIp = boxMean(Ip, width, height, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mI = meanI[i] ?? 0;
    const ai = ((meanIp[i] ?? 0) - mI * (meanP[i] ?? 0)) / ((meanII[i] ?? 0) - mI * mI + eps);
    a[i] = ai;
    b[i] = (meanP[i] ?? 0) - ai * mI;
  }
  const meanA = boxMean(a, width, height, r);
  const meanB = boxMean(b, width, height, r);
  const data = new Uint8Array(n);
  // Uint8Array stores truncate, so round; clamping keeps the linear model's overshoot in range.
  for (let i = 0; i < n; i++) data[i] = Math.round(255 * Math.min(1, Math.max(0, (meanA[i] ?? 0) * (I[i] ?? 0) + (meanB[i] ?? 0))));
  return { width, height, data };
}
