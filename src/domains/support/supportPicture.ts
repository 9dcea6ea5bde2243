import type { CampaignType } from '../../../contract/campaign.ts';
import type { BackgroundChoice, HoleFill, PictureOptions } from '../../pipeline/index.ts';
import type { Placed } from './usePlacement.ts';

export interface SupportPictureOptions {
  type: CampaignType;
  /** The supporter's background; only a background campaign uses it. */
  background: BackgroundChoice;
  fill: HoleFill;
  /** The watermark's text (translated), when the result carries one. */
  watermark?: string;
}

/** What the supporter's result shows, for the final render and for the adjuster's preview alike. */
export function supportPicture(placed: Placed, { type, background, fill, watermark }: SupportPictureOptions): PictureOptions {
  return {
    frame: placed.frame,
    slots: placed.slots.map(({ photo, transform }) => ({ photoId: photo.photoId, transform })),
    fill,
    frameType: type,
    ...(type === 'background' ? { background } : {}),
    ...(watermark ? { watermark: { text: watermark, logo: 'bingkai' as const, position: 'auto' as const } } : {}),
  };
}

/** Two pictures are the same when this is: the frame, each hole's photo and transform, and every choice. */
export function pictureKey(picture: PictureOptions, scale: number): string {
  const { frame, slots, fill, background, frameType, watermark } = picture;
  return JSON.stringify({ frame: frame.frameId, slots, fill, background, frameType, watermark, scale });
}
