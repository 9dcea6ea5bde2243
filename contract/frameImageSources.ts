/**
 * How a page shows a campaign's frame: the stored PNG is the frame at full size (1080 px and more), which a page
 * shows at 400–550 CSS px. The campaign-previews job also makes the first frame at display size
 * (FRAME_DISPLAY_SIZE a side at most, WebP with its transparency), and the page offers both in a srcset, so a phone
 * loads the small one and a large or dense screen the PNG. The server's first view and the app build the same
 * attributes from here, so the browser picks the same file for both and fetches it once.
 */

/** The display rendition's longest side: a phone's frame (≈ 380 CSS px at up to 2× density) without the PNG's weight. */
export const FRAME_DISPLAY_SIZE = 768;

/**
 * The campaign page's frame column (its grid in CampaignPage and the first view: max-w-6xl, px-4, gap-8): the full
 * width less the padding, two columns from md, no wider than 34rem past the grid's 72rem.
 */
export const CAMPAIGN_PAGE_FRAME_SIZES = '(min-width: 72rem) 34rem, (min-width: 48rem) calc(50vw - 2rem), calc(100vw - 2rem)';

/** The frame switcher's thumbnails (size-16). */
export const FRAME_THUMBNAIL_SIZES = '4rem';

interface FrameDimensions {
  width: number;
  height: number;
}

/** The display rendition's size for a frame: fitted inside FRAME_DISPLAY_SIZE, never enlarged. */
export function frameDisplaySize(frame: FrameDimensions): FrameDimensions {
  const k = Math.min(1, FRAME_DISPLAY_SIZE / Math.max(frame.width, frame.height));
  return { width: Math.max(1, Math.round(frame.width * k)), height: Math.max(1, Math.round(frame.height * k)) };
}

export interface FrameImageSources {
  src: string;
  /** Absent when there is no smaller rendition to offer. */
  srcSet?: string;
  sizes?: string;
}

/**
 * The img attributes for a frame: the PNG alone, or, with a display rendition (displayUrl) smaller than the frame,
 * both by width for `sizes` to choose from. src stays the PNG, the full-quality fallback.
 */
export function frameImageSources(frame: FrameDimensions & { url: string }, displayUrl: string | null, sizes: string): FrameImageSources {
  const display = frameDisplaySize(frame);
  if (!displayUrl || display.width >= frame.width) return { src: frame.url };
  return { src: frame.url, srcSet: `${displayUrl} ${display.width}w, ${frame.url} ${frame.width}w`, sizes };
}
