/**
 * The rules of the fill that shows where a zoomed-out photo leaves part of its hole uncovered
 * (issue 12 §2), shared by the compositor (workers/holeFill.ts) and the adjuster's live Konva
 * nodes (src/domains/support): both read pixels their own way and hand them to these rules.
 *
 *   effectiveHoleFill(campaignType, background, fill) → EffectiveFill | null   what shows there
 *   fillChoiceApplies(background)                     → whether the supporter's fill is what shows
 *   HOLE_FILL_BLUR_SHARE, holeFillBlurSigma(box)      → the 'blur' fill's σ
 *   coverScaleAbout(t, photo, rect)                   → smallest scale about the photo's centre covering rect
 *   stretchToCover(t, photo, rect)                    → t scaled up (never down) to cover rect
 *   blurFillPlacement(t, photo, cover)                → the adjuster's stretched copy and its σ (frame px)
 *   EDGE_SAMPLE_SIDE, sampleSize(size, side)          → the size of the small copy a colour is read from
 *   ringMeanColor(rgba, width, height)                → the 'edge' fill's colour from that copy's pixels
 */
import type { Rect, Size } from './geometry.ts';
import type { BackgroundChoice, HoleFill, PhotoTransform } from './pictureTypes.ts';

/** Blur σ of the 'blur' fill as a share of the cover box's smaller side. */
export const HOLE_FILL_BLUR_SHARE = 0.05;
/** The longest side of the copy of the photo the 'edge' colour is read from. */
export const EDGE_SAMPLE_SIDE = 64;

/** A fill to draw, or 'image': the picture of the photo's 'image' background choice. */
export type EffectiveFill = HoleFill | { kind: 'image' };

/**
 * What shows where the photo does not reach. `background` is the choice the photo's background is
 * replaced with (none, or 'keep': the photo as it is). A replaced background continues into the
 * hole: its colour, its blur, its picture, or nothing for 'design' (the design shows). Otherwise the
 * supporter's fill, whose 'transparent' draws nothing: see-through pixels on a frame campaign, the
 * design under the photo on a background campaign (null). Null: nothing is drawn, the design shows.
 */
export function effectiveHoleFill(campaignType: 'frame' | 'background', background: BackgroundChoice | undefined, fill: HoleFill): EffectiveFill | null {
  switch (background?.kind) {
    case 'design':
      return null;
    case 'color':
      return { kind: 'color', color: background.color };
    case 'blur':
      return { kind: 'blur' };
    case 'image':
      return { kind: 'image' };
    default:
      return fill.kind === 'transparent' && campaignType === 'background' ? null : fill;
  }
}

/** Whether the supporter's own fill is what shows (a replaced background fills the hole itself). */
export function fillChoiceApplies(background: BackgroundChoice | undefined): boolean {
  return background === undefined || background.kind === 'keep';
}

/** The 'blur' fill's σ over `box`, in the box's pixels. */
export function holeFillBlurSigma(box: Size): number {
  return HOLE_FILL_BLUR_SHARE * Math.min(box.width, box.height);
}

/** Smallest scale at which the photo, its centre and rotation kept, covers `rect` (frame pixels). */
export function coverScaleAbout(t: PhotoTransform, photo: Size, rect: Rect): number {
  const cos = Math.cos((t.rotation * Math.PI) / 180);
  const sin = Math.sin((t.rotation * Math.PI) / 180);
  let scale = 0;
  for (const [px, py] of [
    [rect.x, rect.y],
    [rect.x + rect.width, rect.y],
    [rect.x, rect.y + rect.height],
    [rect.x + rect.width, rect.y + rect.height],
  ] as const) {
    const ox = px - t.x;
    const oy = py - t.y;
    scale = Math.max(scale, (2 * Math.abs(ox * cos + oy * sin)) / photo.width, (2 * Math.abs(-ox * sin + oy * cos)) / photo.height);
  }
  return scale;
}

/** The photo kept at its centre and rotation, scaled up just enough to cover `rect` (a larger photo stays as it is). */
export function stretchToCover(t: PhotoTransform, photo: Size, rect: Rect): PhotoTransform {
  return { ...t, scale: Math.max(t.scale, coverScaleAbout(t, photo, rect)) };
}

/**
 * The adjuster's 'blur' fill: the photo stretched over the cover box and three σ around it (so the
 * blur's see-through rim falls outside the box), blurred by σ frame pixels. The compositor blurs a
 * reduced copy whose edges repeat, so it reaches only one reduced pixel past the box.
 */
export function blurFillPlacement(t: PhotoTransform, photo: Size, cover: Rect): { transform: PhotoTransform; sigma: number } {
  const sigma = holeFillBlurSigma(cover);
  const reach = { x: cover.x - 3 * sigma, y: cover.y - 3 * sigma, width: cover.width + 6 * sigma, height: cover.height + 6 * sigma };
  return { transform: stretchToCover(t, photo, reach), sigma };
}

/** The size of a copy of `size` whose longest side is at most `side` (whole pixels, at least 1). */
export function sampleSize(size: Size, side: number): Size {
  const k = Math.min(1, side / Math.max(size.width, size.height, 1));
  return { width: Math.max(1, Math.round(size.width * k)), height: Math.max(1, Math.round(size.height * k)) };
}

/**
 * The alpha-weighted mean colour of the outermost pixel ring of `width` × `height` RGBA pixels
 * (not premultiplied, as canvases give them), as a CSS colour; fully transparent when the ring is.
 */
export function ringMeanColor(rgba: Uint8ClampedArray, width: number, height: number): string {
  let [r, g, b, a, n] = [0, 0, 0, 0, 0];
  for (let y = 0; y < height; y++) {
    const ring = y === 0 || y === height - 1;
    for (let x = 0; x < width; x += ring || width === 1 ? 1 : width - 1) {
      const i = (y * width + x) * 4;
      const alpha = rgba[i + 3]!;
      r += rgba[i]! * alpha;
      g += rgba[i + 1]! * alpha;
      b += rgba[i + 2]! * alpha;
      a += alpha;
      n++;
    }
  }
  if (a === 0) return 'rgba(0, 0, 0, 0)';
  return `rgba(${Math.round(r / a)}, ${Math.round(g / a)}, ${Math.round(b / a)}, ${(a / n / 255).toFixed(3)})`;
}
