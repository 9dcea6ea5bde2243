/**
 * The adjuster's view of what fills the part of a hole its photo leaves uncovered (issue 12 §2),
 * by the rules the compositor draws with (core/holeFill.ts).
 *
 *   previewFill(campaignType, background, fill) → HoleFill | null   what the adjuster draws there
 *   someHoleUncovered(placed)                   → whether a fill shows at all (a photo zoomed out below cover)
 */
import { effectiveHoleFill } from '../../../core/holeFill.ts';
import { coversHole, type BackgroundChoice, type HoleFill } from '../../pipeline/index.ts';
import type { Placed } from './usePlacement.ts';

/**
 * The fill the result gets (core/holeFill.ts effectiveHoleFill) for the picture's background
 * (supportPicture: a background campaign's choice, none on a frame campaign). 'transparent' shows as a
 * checkerboard; null: nothing is drawn, the design shows. The support flow offers no 'image' background.
 */
export function previewFill(campaignType: 'frame' | 'background', background: BackgroundChoice | undefined, fill: HoleFill): HoleFill | null {
  const shown = effectiveHoleFill(campaignType, background, fill);
  return shown?.kind === 'image' ? null : shown;
}

/** Whether some hole's photo leaves part of the hole's cover box uncovered, so that its fill shows. */
export function someHoleUncovered({ slots, frame }: Placed): boolean {
  return slots.some((slot, index) => {
    const region = frame.regions[index];
    return region !== undefined && !coversHole(slot.transform, slot.photo.size, region.cover);
  });
}
