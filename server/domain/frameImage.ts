import sharp, { type Metadata } from 'sharp';
import type { FrameHole } from '../../contract/campaign.ts';
import { CAMPAIGN_LIMITS } from '../../contract/campaignWrite.ts';
import { ApiError } from '../http/apiError.ts';
import { sniffImageType } from '../infra/storage/sniff.ts';

/** A pixel is transparent when its alpha is below this (the editor core uses the same threshold). */
export const FRAME_ALPHA_THRESHOLD = 128;
/** Hole analysis runs on an alpha mask at most this many pixels a side. */
export const FRAME_MASK_MAX_SIDE = 512;
/** Transparent components smaller than this share of the mask are anti-aliasing specks, not holes. */
export const FRAME_MIN_HOLE_SHARE = 0.002;

export interface CheckedFrameImage {
  /** The frame re-encoded as PNG: no metadata, nothing smuggled after the pixels. */
  png: Buffer;
  width: number;
  height: number;
  /** Largest first, in frame pixels. */
  holes: FrameHole[];
  transparentShare: number;
}

const invalid = (message: string) => new ApiError(400, 'FRAME_INVALID', message);

/**
 * Checks a frame by content (never by name): PNG magic bytes, ≤ frameMaxBytes, frameMinSide..frameMaxSide pixels
 * a side, an alpha channel, and for `frame` campaigns enough transparency with at least one hole. Background
 * designs sit under the photo, so they may be opaque.
 */
export async function checkFrameImage(bytes: Uint8Array, type: 'frame' | 'background'): Promise<CheckedFrameImage> {
  const { frameMaxBytes, frameMinSide, frameMaxSide, frameMinTransparentShare } = CAMPAIGN_LIMITS;
  if (bytes.byteLength === 0) throw invalid('The frame file is empty');
  if (bytes.byteLength > frameMaxBytes) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `Frames are limited to ${frameMaxBytes / 1024 / 1024} MB`);
  const sniffed = sniffImageType(bytes);
  if (sniffed !== 'image/png') {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', sniffed ? `The frame is a ${sniffed.slice(6).toUpperCase()} image, not a PNG; export it as PNG with transparency` : 'The frame is not a PNG image');
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid('The frame could not be read; the PNG may be damaged');
  }
  const { width, height } = meta;
  if (!width || !height) throw invalid('The frame could not be read; the PNG may be damaged');
  if (width > frameMaxSide || height > frameMaxSide) throw invalid(`The frame is ${width}×${height} pixels; frames may be at most ${frameMaxSide} pixels a side`);
  if (width < frameMinSide || height < frameMinSide) throw invalid(`The frame is ${width}×${height} pixels; frames need at least ${frameMinSide} pixels a side`);
  if (type === 'frame' && !meta.hasAlpha) throw invalid('The frame has no transparency (alpha channel); the photo shows through transparent areas');

  let png: Buffer;
  let alpha: Buffer;
  try {
    const decoded = sharp(bytes, { limitInputPixels: frameMaxSide * frameMaxSide, failOn: 'error' });
    png = await decoded.clone().png({ adaptiveFiltering: false }).toBuffer();
    alpha = meta.hasAlpha ? await decoded.clone().extractChannel('alpha').raw().toBuffer() : Buffer.alloc(0);
  } catch {
    throw invalid('The frame could not be decoded; the PNG may be damaged or truncated');
  }
  if (!meta.hasAlpha) return { png, width, height, holes: [], transparentShare: 0 };

  let transparent = 0;
  for (const value of alpha) if (value < FRAME_ALPHA_THRESHOLD) transparent++;
  const transparentShare = transparent / (width * height);
  const holes = await findHoles(bytes, width, height);
  if (type === 'frame') {
    if (transparentShare < frameMinTransparentShare) {
      throw invalid(`Only ${(transparentShare * 100).toFixed(1)} % of the frame is transparent; a frame needs at least ${frameMinTransparentShare * 100} % for the photo to show`);
    }
    if (holes.length === 0) throw invalid('The frame has no transparent area large enough to show a photo');
  }
  return { png, width, height, holes, transparentShare };
}

/** Connected components (4-neighbour) of transparent pixels on a downscaled alpha mask, scaled back to frame pixels. */
async function findHoles(bytes: Uint8Array, width: number, height: number): Promise<FrameHole[]> {
  const scale = Math.min(1, FRAME_MASK_MAX_SIDE / Math.max(width, height));
  const maskWidth = Math.max(1, Math.round(width * scale));
  const maskHeight = Math.max(1, Math.round(height * scale));
  const mask = await sharp(bytes, { limitInputPixels: false }).extractChannel('alpha').resize(maskWidth, maskHeight, { fit: 'fill' }).raw().toBuffer();
  const labels = new Int32Array(maskWidth * maskHeight);
  const stack = new Int32Array(maskWidth * maskHeight);
  const minArea = Math.max(1, FRAME_MIN_HOLE_SHARE * maskWidth * maskHeight);
  const found: Array<{ area: number; minX: number; minY: number; maxX: number; maxY: number }> = [];
  let next = 0;
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== 0 || mask[start]! >= FRAME_ALPHA_THRESHOLD) continue;
    next++;
    labels[start] = next;
    let top = 0;
    stack[top++] = start;
    const box = { area: 0, minX: maskWidth, minY: maskHeight, maxX: -1, maxY: -1 };
    while (top > 0) {
      const index = stack[--top]!;
      const x = index % maskWidth;
      const y = (index - x) / maskWidth;
      box.area++;
      if (x < box.minX) box.minX = x;
      if (x > box.maxX) box.maxX = x;
      if (y < box.minY) box.minY = y;
      if (y > box.maxY) box.maxY = y;
      for (const neighbour of [x > 0 ? index - 1 : -1, x < maskWidth - 1 ? index + 1 : -1, y > 0 ? index - maskWidth : -1, y < maskHeight - 1 ? index + maskWidth : -1]) {
        if (neighbour >= 0 && labels[neighbour] === 0 && mask[neighbour]! < FRAME_ALPHA_THRESHOLD) {
          labels[neighbour] = next;
          stack[top++] = neighbour;
        }
      }
    }
    if (box.area >= minArea) found.push(box);
  }
  const sx = width / maskWidth;
  const sy = height / maskHeight;
  return found
    .sort((a, b) => b.area - a.area)
    .map((box) => {
      const x = Math.floor(box.minX * sx);
      const y = Math.floor(box.minY * sy);
      return { x, y, width: Math.min(width, Math.ceil((box.maxX + 1) * sx)) - x, height: Math.min(height, Math.ceil((box.maxY + 1) * sy)) - y };
    });
}
