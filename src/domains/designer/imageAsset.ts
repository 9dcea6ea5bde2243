/**
 * Turns an uploaded file into a DesignAsset. The file's name and declared type are ignored: the
 * bytes decide (magic numbers, the header, then a real decode), so a renamed text file is refused.
 * The header is read the way the supporter's decode stage reads it (readImageHeader): an incomplete
 * file, or one with more than LIMITS.maxPixels pixels, is refused before the browser decodes anything,
 * since the designer decodes on the main thread. Big images are reduced to DESIGN_LIMITS.maxAssetSide
 * and re-encoded until they fit maxAssetBytes.
 */
import { DESIGN_LIMITS, type DesignAsset, assetMimes } from '../../../contract/design.ts';
import { LIMITS } from '../../../core/pipelineTypes.ts';
import { readImageHeader } from '../../../core/imageHeader.ts';

export type AssetMime = (typeof assetMimes)[number];

export type ImageAssetErrorCode = 'NOT_AN_IMAGE' | 'UNREADABLE' | 'TOO_LARGE' | 'TOO_MANY_PIXELS';

/** A file that cannot become an asset; `code` picks the message shown to the user, `size` is the stored size for TOO_MANY_PIXELS. */
export class ImageAssetError extends Error {
  constructor(
    readonly code: ImageAssetErrorCode,
    message: string,
    readonly size?: { width: number; height: number },
  ) {
    super(message);
    this.name = 'ImageAssetError';
  }
}

/** Images with more pixels than this are refused by their header (the supporter's photo limit, 100 MP). */
export const MAX_IMAGE_PIXELS = LIMITS.maxPixels;

/** Refuses, from the header alone, a file that is incomplete, has no size or has too many pixels. */
function checkHeader(bytes: Uint8Array): void {
  const header = readImageHeader(bytes);
  if (!header || header.truncated) throw new ImageAssetError('UNREADABLE', 'The image file is incomplete.');
  const { width, height } = header;
  if (width === 0 || height === 0) throw new ImageAssetError('UNREADABLE', 'The image header has a zero size.');
  if (width !== undefined && height !== undefined && width * height > MAX_IMAGE_PIXELS) {
    throw new ImageAssetError('TOO_MANY_PIXELS', `The image has ${width}×${height} pixels; the limit is ${MAX_IMAGE_PIXELS}.`, { width, height });
  }
}

/** Files above this are refused before decoding (a phone photo is well under it). */
export const MAX_UPLOAD_BYTES = 40 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((byte, i) => bytes[at + i] === byte);

/** The image format by magic number, or null when the bytes are none of PNG, JPEG or WebP. */
export function sniffImageMime(bytes: Uint8Array): AssetMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF" <size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The largest whole-pixel size with the same aspect that fits maxSide (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A decoded image that can be re-encoded at another size. */
export interface DecodedImage {
  width: number;
  height: number;
  encode(width: number, height: number, mime: AssetMime, quality: number): Promise<Blob>;
  close(): void;
}

/** Decodes image bytes; rejects when they are not a decodable image. Injected so jsdom tests can supply one. */
export type ImageDecoder = (blob: Blob) => Promise<DecodedImage>;

/** The browser's decoder: createImageBitmap, re-encoded through an OffscreenCanvas. */
export const browserImageDecoder: ImageDecoder = async (blob) => {
  const bitmap = await createImageBitmap(blob);
  return {
    width: bitmap.width,
    height: bitmap.height,
    async encode(width, height, mime, quality) {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No 2D canvas context.');
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      return canvas.convertToBlob({ type: mime, quality });
    },
    close: () => bitmap.close(),
  };
};

/** Re-encoding attempts, best first: the source format, then WebP (keeps alpha, compresses well) at lower qualities. */
function encodings(mime: AssetMime): { mime: AssetMime; quality: number }[] {
  return [{ mime, quality: 0.92 }, ...[0.85, 0.7, 0.55].map((quality) => ({ mime: 'image/webp' as const, quality }))];
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * Checks, decodes and (when needed) reduces a file to an embeddable asset. Throws ImageAssetError
 * for anything that is not a PNG, JPEG or WebP image or cannot be made small enough.
 */
export async function imageAsset(file: Blob, decode: ImageDecoder = browserImageDecoder): Promise<DesignAsset> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ImageAssetError('TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES} bytes.`);
  const original = await bytesOf(file);
  const mime = sniffImageMime(original);
  if (!mime) throw new ImageAssetError('NOT_AN_IMAGE', 'The file is not a PNG, JPEG or WebP image.');
  checkHeader(original);
  let image: DecodedImage;
  try {
    image = await decode(new Blob([original as Uint8Array<ArrayBuffer>], { type: mime }));
  } catch {
    throw new ImageAssetError('UNREADABLE', 'The image could not be decoded.');
  }
  try {
    let size = fitWithin(image.width, image.height, DESIGN_LIMITS.maxAssetSide);
    // Small enough already: keep the uploaded bytes untouched.
    if (size.width === image.width && size.height === image.height && original.length <= DESIGN_LIMITS.maxAssetBytes) {
      return { mime, width: image.width, height: image.height, data: bytesToBase64(original) };
    }
    for (let attempt = 0; attempt < 4; attempt++) {
      for (const encoding of encodings(mime)) {
        const blob = await image.encode(size.width, size.height, encoding.mime, encoding.quality);
        const bytes = await bytesOf(blob);
        // A browser without that encoder falls back to PNG: trust the bytes, not the request.
        const encodedMime = sniffImageMime(bytes);
        if (encodedMime && bytes.length <= DESIGN_LIMITS.maxAssetBytes) return { mime: encodedMime, ...size, data: bytesToBase64(bytes) };
      }
      size = fitWithin(size.width, size.height, Math.floor(Math.max(size.width, size.height) * 0.75));
    }
    throw new ImageAssetError('TOO_LARGE', 'The image stays too large after reducing it.');
  } finally {
    image.close();
  }
}
