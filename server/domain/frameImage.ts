import sharp, { type Metadata } from 'sharp';
import type { FrameHole } from '../../contract/campaign.ts';
import { CAMPAIGN_LIMITS } from '../../contract/campaignWrite.ts';
import { findFrameHoles, frameHolesProblem } from '../../core/frame/findFrameHoles.ts';
import { DomainError } from '../domainError.ts';
import { sniffImageType } from '../infra/storage/sniff.ts';

export interface CheckedFrameImage {
  /** The frame re-encoded as PNG: no metadata, nothing smuggled after the pixels. */
  png: Buffer;
  width: number;
  height: number;
  /** Largest first, in frame pixels. */
  holes: FrameHole[];
  transparentShare: number;
}

const invalid = (message: string) => new DomainError('FRAME_INVALID', message);

/**
 * Checks a frame by content (never by name): PNG magic bytes, ≤ frameMaxBytes, frameMinSide..frameMaxSide pixels
 * a side, an alpha channel, and for `frame` campaigns enough transparency with at least one hole. Background
 * designs sit under the photo, so they may be opaque.
 */
export async function checkFrameImage(bytes: Uint8Array, type: 'frame' | 'background'): Promise<CheckedFrameImage> {
  const { frameMaxBytes, frameMinSide, frameMaxSide, frameMinTransparentShare } = CAMPAIGN_LIMITS;
  if (bytes.byteLength === 0) throw invalid('The frame file is empty');
  if (bytes.byteLength > frameMaxBytes) throw new DomainError('PAYLOAD_TOO_LARGE', `Frames are limited to ${frameMaxBytes / 1024 / 1024} MB`);
  const sniffed = sniffImageType(bytes);
  if (sniffed !== 'image/png') {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', sniffed ? `The frame is a ${sniffed.slice(6).toUpperCase()} image, not a PNG; export it as PNG with transparency` : 'The frame is not a PNG image');
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
  if (type === 'frame' && !meta.hasAlpha) throw invalid('The frame has no transparent areas for the photo to show through; export it as a PNG with transparency');

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

  if (alpha.length !== width * height) throw invalid('The frame could not be decoded; the PNG may be damaged or truncated');

  // The hole rules of the editor core (core/frame/findFrameHoles.ts), on the full-size alpha plane.
  const analysis = findFrameHoles({ width, height, alpha, channels: 1 });
  const { transparentShare } = analysis;
  const problem = frameHolesProblem(analysis);
  if (type === 'frame') {
    if (problem === 'notTransparent') {
      throw invalid(`Only ${(transparentShare * 100).toFixed(1)} % of the frame is transparent; a frame needs at least ${frameMinTransparentShare * 100} % for the photo to show`);
    }
    if (problem === 'noHole') throw invalid('The frame has no transparent area large enough to show a photo');
  }
  // A background design without usable holes has none stored: its whole canvas is the photo area.
  const holes = problem ? [] : analysis.holes.map(({ x, y, width: holeWidth, height: holeHeight }): FrameHole => ({ x, y, width: holeWidth, height: holeHeight }));
  return { png, width, height, holes, transparentShare };
}
