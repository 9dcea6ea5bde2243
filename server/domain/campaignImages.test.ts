import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { framePng } from '../testing/framePng.ts';
import { OG_IMAGE_SIZE, PREVIEW_BACKGROUND, renderCampaignPreviews, THUMBNAIL_SIZE } from './campaignImages.ts';

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const near = (actual: number[], expected: readonly number[], tolerance = 12) => actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);

describe('renderCampaignPreviews', () => {
  it('renders a 600×600 WebP thumbnail and a 1200×630 JPEG with the frame over a neutral background', async () => {
    // A tall red frame with a hole in its middle.
    const frame = await framePng({ width: 600, height: 900, holes: [{ x: 200, y: 300, width: 200, height: 300 }] });
    const { thumbnail, ogImage } = await renderCampaignPreviews(frame);
    const thumbMeta = await sharp(thumbnail).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', THUMBNAIL_SIZE, THUMBNAIL_SIZE]);
    const ogMeta = await sharp(ogImage).metadata();
    expect([ogMeta.format, ogMeta.width, ogMeta.height]).toEqual(['jpeg', OG_IMAGE_SIZE.width, OG_IMAGE_SIZE.height]);
    const grey = [PREVIEW_BACKGROUND.r, PREVIEW_BACKGROUND.g, PREVIEW_BACKGROUND.b] as const;
    // Thumbnail: the hole (centre) and the letterbox (left edge) show the background; the frame body is red.
    expect(near(await pixel(thumbnail, 300, 300), grey)).toBe(true);
    expect(near(await pixel(thumbnail, 10, 300), grey)).toBe(true);
    expect(near(await pixel(thumbnail, 300, 40), [200, 30, 40], 25)).toBe(true);
    // Open Graph image: centred frame, background on both sides and through the hole.
    expect(near(await pixel(ogImage, 100, 315), grey)).toBe(true);
    expect(near(await pixel(ogImage, 1100, 315), grey)).toBe(true);
    expect(near(await pixel(ogImage, 600, 315), grey)).toBe(true);
    expect(near(await pixel(ogImage, 600, 60), [200, 30, 40], 25)).toBe(true);
  });
});
