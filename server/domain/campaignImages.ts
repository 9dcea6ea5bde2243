import sharp from 'sharp';

/** Shown through a frame's holes in previews: a light neutral grey that suits any frame colour. */
export const PREVIEW_BACKGROUND = { r: 229, g: 231, b: 235 } as const;
export const THUMBNAIL_SIZE = 600;
/** The Open Graph size WhatsApp, Facebook, X and Telegram render without cropping. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
const OG_MARGIN = 30;

export interface CampaignPreviewImages {
  /** 600×600 WebP. */
  thumbnail: Buffer;
  /** 1200×630 JPEG. */
  ogImage: Buffer;
}

/** The list thumbnail and the link-preview image of a campaign, both from its first frame. */
export async function renderCampaignPreviews(firstFramePng: Buffer): Promise<CampaignPreviewImages> {
  const background = { ...PREVIEW_BACKGROUND, alpha: 1 };
  const thumbnail = await sharp(firstFramePng)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'contain', background })
    .flatten({ background })
    .webp({ quality: 82 })
    .toBuffer();
  const side = OG_IMAGE_SIZE.height - 2 * OG_MARGIN;
  const fitted = await sharp(firstFramePng).resize(side, side, { fit: 'inside' }).png().toBuffer();
  const ogImage = await sharp({ create: { width: OG_IMAGE_SIZE.width, height: OG_IMAGE_SIZE.height, channels: 3, background } })
    .composite([{ input: fitted, gravity: 'centre' }])
    .flatten({ background })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return { thumbnail, ogImage };
}
