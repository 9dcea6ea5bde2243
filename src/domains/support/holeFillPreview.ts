/**
 * The adjuster's preview of what fills the part of a hole its photo leaves uncovered (issue 12 §2),
 * drawn like the compositor does it (workers/holeFill.ts): under the photo, inside the hole's cover box.
 *
 *   previewFill(fill, campaignType, background) → HoleFill | null   what the result will use there
 *   someHoleUncovered(placed)                     → whether a fill shows at all (a photo zoomed out below cover)
 *   fillCoverScale(t, photo, rect)                → smallest scale about the photo's centre covering rect
 *   blurFillPlacement(t, photo, cover)            → the stretched copy's transform and blur (frame px)
 */
import type { Rect, Size } from '../../../core/geometry.ts';
import { coversHole, type BackgroundChoice, type HoleFill, type PhotoTransform } from '../../pipeline/index.ts';
import type { Placed } from './usePlacement.ts';

/** Blur σ of the 'blur' fill as a share of the cover box's smaller side (workers/holeFill.ts BLUR_SHARE). */
export const FILL_BLUR_SHARE = 0.05;

/**
 * The fill the result gets (workers/holeFill.ts holeFillSource): a background campaign's background
 * choice continues into the hole, and its design shows where nothing is drawn; a frame campaign takes
 * the supporter's fill ('transparent': see-through pixels in a PNG). Null: nothing is drawn there.
 */
export function previewFill(fill: HoleFill, campaignType: 'frame' | 'background', background: BackgroundChoice): HoleFill | null {
  if (campaignType === 'frame') return fill;
  switch (background.kind) {
    case 'color':
      return { kind: 'color', color: background.color };
    case 'blur':
      return { kind: 'blur' };
    case 'keep':
      return fill.kind === 'transparent' ? null : fill;
    default:
      return null;
  }
}

/** Whether the supporter's own fill choice matters (a background campaign's other choices fill the hole themselves). */
export function fillChoiceApplies(campaignType: 'frame' | 'background', background: BackgroundChoice): boolean {
  return campaignType === 'frame' || background.kind === 'keep';
}

/** Whether some hole's photo leaves part of the hole's cover box uncovered, so that its fill shows. */
export function someHoleUncovered({ slots, frame }: Placed): boolean {
  return slots.some((slot, index) => {
    const region = frame.regions[index];
    return region !== undefined && !coversHole(slot.transform, slot.photo.size, region.cover);
  });
}

/** Smallest scale at which the photo, its centre and rotation kept, covers `rect` (frame pixels). */
export function fillCoverScale(t: PhotoTransform, photo: Size, rect: Rect): number {
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

/**
 * The 'blur' fill: the photo kept at its centre and rotation, scaled up to cover the cover box and
 * three σ around it (so the blur's see-through rim falls outside the box), blurred by σ frame pixels.
 */
export function blurFillPlacement(t: PhotoTransform, photo: Size, cover: Rect): { transform: PhotoTransform; sigma: number } {
  const sigma = FILL_BLUR_SHARE * Math.min(cover.width, cover.height);
  const reach = { x: cover.x - 3 * sigma, y: cover.y - 3 * sigma, width: cover.width + 6 * sigma, height: cover.height + 6 * sigma };
  return { transform: { ...t, scale: Math.max(t.scale, fillCoverScale(t, photo, reach)) }, sigma };
}
