import type { CampaignType } from '../../../contract/campaign.ts';
import type { BackgroundChoice } from '../../pipeline/index.ts';

/** Blur of the 'blur' choice: Gaussian σ in frame pixels (the pipeline keeps it independent of the photo's size). */
export const BLUR_RADIUS = 12;

/** Swatches of the 'color' choice. */
export const BACKGROUND_COLORS = [
  { name: 'white', color: '#ffffff' },
  { name: 'black', color: '#111111' },
  { name: 'red', color: '#dc2626' },
  { name: 'blue', color: '#2563eb' },
  { name: 'green', color: '#16a34a' },
  { name: 'yellow', color: '#facc15' },
] as const;

export type BackgroundKind = 'keep' | 'blur' | 'color' | 'design';

export function backgroundChoice(kind: BackgroundKind, color: string): BackgroundChoice {
  switch (kind) {
    case 'blur':
      return { kind: 'blur', radius: BLUR_RADIUS };
    case 'color':
      return { kind: 'color', color };
    case 'design':
      return { kind: 'design' };
    default:
      return { kind: 'keep' };
  }
}

/** A background campaign is about the person on its design, so the design is the first choice; a frame campaign keeps the photo. */
export function defaultBackgroundKind(campaignType: CampaignType): BackgroundKind {
  return campaignType === 'background' ? 'design' : 'keep';
}

/** The background a supporter starts with (the creator's sample preview shows the same). */
export function defaultBackgroundChoice(campaignType: CampaignType): BackgroundChoice {
  return backgroundChoice(defaultBackgroundKind(campaignType), BACKGROUND_COLORS[0].color);
}
