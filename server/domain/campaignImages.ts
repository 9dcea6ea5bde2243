import sharp, { type OverlayOptions } from 'sharp';
import { frameDisplaySize } from '../../contract/frameImageSources.ts';
import type { Rect, Size } from '../../core/geometry.ts';
import { previewLayers } from './previewSample.ts';
import { renderTitle, type TitleStyle } from './previewTitle.ts';

/** Shown through a frame's holes in previews: a light neutral grey that suits any frame colour. */
export const PREVIEW_BACKGROUND = { r: 229, g: 231, b: 235 } as const;
export const THUMBNAIL_SIZE = 600;
/** The Open Graph size Facebook, X, LinkedIn, Slack and Discord show large without cropping (1.91:1). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/**
 * The square variant, for previews shown as a square thumbnail (WhatsApp, Telegram's small preview): 600 px is
 * well above WhatsApp's 300 px minimum and sharp on a 3× phone screen, and keeps the JPEG far below the 300 KB
 * past which WhatsApp shows no image.
 */
export const OG_SQUARE_SIZE = 600;

const TITLE_COLOUR = '#111827';
const JPEG = { quality: 82, mozjpeg: true } as const;
/**
 * Lossy colour and near-exact transparency (the page draws the frame over a checkerboard): about half the PNG's bytes
 * at 768 px (30 KB against 61 KB for the demo frame merdeka-80), without visible loss at the size shown.
 */
const FRAME_DISPLAY_WEBP = { quality: 80, alphaQuality: 90, effort: 6 } as const;

/** The wide image: the frame in a square on the left, the title beside it. */
const WIDE = {
  frame: { x: 30, y: 30, width: 570, height: 570 },
  title: { x: 640, y: 30, width: 520, height: 570 },
  style: { maxSize: 64, minSize: 34, align: 'left', colour: TITLE_COLOUR } satisfies TitleStyle,
};
/** The square image: the frame above, the title under it. */
const SQUARE = {
  frame: { x: 24, y: 24, width: 552, height: 428 },
  title: { x: 24, y: 464, width: 552, height: 112 },
  style: { maxSize: 40, minSize: 24, align: 'centre', colour: TITLE_COLOUR } satisfies TitleStyle,
};

export interface CampaignPreviewInput {
  /** The first frame as stored (PNG). */
  frame: Buffer;
  /** Its holes in frame pixels, as stored with it. */
  holes: readonly Rect[];
  type: 'frame' | 'background';
  title: string;
}

export interface CampaignPreviewImages {
  /** 600×600 WebP: the frame over the neutral grey. */
  thumbnail: Buffer;
  /** 1200×630 JPEG: the frame with the sample person in its holes, and the title. */
  ogImage: Buffer;
  /** 600×600 JPEG: the same, square. */
  ogSquare: Buffer;
  /** The frame alone at display size (frameDisplaySize), WebP keeping its transparency: what the campaign page shows. */
  frameDisplay: Buffer;
}

const background = { ...PREVIEW_BACKGROUND, alpha: 1 };

/**
 * The first frame fitted inside box, with the sample person in every hole as a supporter's photo would sit
 * (previewSample.ts); a background design with the cut-out sample over it, as a supporter's person would stand.
 */
async function frameWithSample(input: CampaignPreviewInput, box: Size): Promise<{ png: Buffer; width: number; height: number }> {
  const meta = await sharp(input.frame).metadata();
  const k = Math.min(box.width / meta.width, box.height / meta.height);
  const width = Math.max(1, Math.round(meta.width * k));
  const height = Math.max(1, Math.round(meta.height * k));
  const holes = input.holes.flatMap((hole): Rect[] => {
    const x = Math.max(0, Math.round(hole.x * k));
    const y = Math.max(0, Math.round(hole.y * k));
    const right = Math.min(width, Math.round((hole.x + hole.width) * k));
    const bottom = Math.min(height, Math.round((hole.y + hole.height) * k));
    return right > x && bottom > y ? [{ x, y, width: right - x, height: bottom - y }] : [];
  });
  const frame = await sharp(input.frame).resize(width, height, { fit: 'fill' }).png().toBuffer();
  const png = await sharp({ create: { width, height, channels: 4, background } })
    .composite(await previewLayers(input.type, frame, { width, height }, holes))
    .png()
    .toBuffer();
  return { png, width, height };
}

/** One preview: the frame centred in its box, the title centred vertically in its own (left or centre aligned). */
async function compose(input: CampaignPreviewInput, size: Size, layout: typeof WIDE | typeof SQUARE): Promise<Buffer> {
  const [framed, title] = await Promise.all([frameWithSample(input, layout.frame), renderTitle(input.title, layout.title, layout.style)]);
  const layers: OverlayOptions[] = [
    { input: framed.png, left: layout.frame.x + Math.floor((layout.frame.width - framed.width) / 2), top: layout.frame.y + Math.floor((layout.frame.height - framed.height) / 2) },
  ];
  if (title) {
    const left = layout.style.align === 'left' ? layout.title.x : layout.title.x + Math.floor((layout.title.width - title.width) / 2);
    layers.push({ input: title.png, left, top: layout.title.y + Math.floor((layout.title.height - title.height) / 2) });
  }
  return sharp({ create: { ...size, channels: 3, background } }).composite(layers).flatten({ background }).jpeg(JPEG).toBuffer();
}

/** The list thumbnail, the two link-preview images and the display-size frame of a campaign, from its first frame and its title. */
export async function renderCampaignPreviews(input: CampaignPreviewInput): Promise<CampaignPreviewImages> {
  const display = frameDisplaySize(await sharp(input.frame).metadata());
  const [thumbnail, ogImage, ogSquare, frameDisplay] = await Promise.all([
    sharp(input.frame).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'contain', background }).flatten({ background }).webp({ quality: 82 }).toBuffer(),
    compose(input, OG_IMAGE_SIZE, WIDE),
    compose(input, { width: OG_SQUARE_SIZE, height: OG_SQUARE_SIZE }, SQUARE),
    sharp(input.frame).resize(display.width, display.height, { fit: 'fill' }).webp(FRAME_DISPLAY_WEBP).toBuffer(),
  ]);
  return { thumbnail, ogImage, ogSquare, frameDisplay };
}
