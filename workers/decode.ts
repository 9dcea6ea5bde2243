/**
 * Decode stage: a photo file → upright, downscaled bitmaps.
 *
 *   decodeImage(blob, options?) → Promise<DecodedImage>
 *   decodeProxyFirst(blob, options?) → Promise<ProxyFirst | null>   a large JPEG's proxy alone, decoded small
 *   decodeWorkingJpeg(blob, source, side, maxSide?) → Promise<ImageBitmap>   its working pixels, later, as large as needed
 *   readPhotoSource(blob, options?) → Promise<PhotoSource>   the checks before decoding, shared by both ways
 *
 * - Formats: JPEG, PNG, WebP, AVIF, GIF (first frame), HEIC/HEIF (the browser's decoder when it
 *   has one, else libheif in wasm). The type comes from the magic bytes, never the file name.
 * - Orientation: EXIF orientations 1–8 come out upright (the browser applies them with
 *   imageOrientation 'from-image'; on the scaled JPEG path and the libheif path they may be applied
 *   here with orientBitmap, after the downscale; HEIF irot/imir are applied by libheif).
 * - Size: `working` ≤ LIMITS.workingMaxSide and `proxy` ≤ LIMITS.proxyMaxSide per side, resized by
 *   the decoder or createImageBitmap, so no full-size canvas is ever made (iOS limits canvases to
 *   16.7 MP). Large JPEGs (any orientation) decode at n/8 of their size where WebCodecs' ImageDecoder
 *   exists (the JPEG decoder scales while it decodes): `working` may then be up to 1/4 under the limit.
 * - Errors (PipelineError): DECODE_TOO_LARGE_BYTES (> 50 MB), DECODE_UNSUPPORTED (not a supported
 *   image), DECODE_TOO_LARGE_PIXELS (> 100 MP, from the header before decoding), DECODE_EMPTY (0 bytes),
 *   DECODE_CORRUPT.
 * Works in a worker or a page. The caller owns (and should close) both bitmaps.
 */
import exifr from 'exifr';
import { decodeHeic } from './heic.ts';
import { heifExifBlock, readImageHeader, type ImageHeader, type ImageMimeType } from '../core/imageHeader.ts';
import type { Size } from '../core/geometry.ts';
import { LIMITS, PipelineError } from '../core/pipelineTypes.ts';

export interface DecodeOptions {
  maxFileBytes?: number;
  maxPixels?: number;
  workingMaxSide?: number;
  proxyMaxSide?: number;
}

export interface DecodedImage {
  /** Upright copy, longest side ≤ workingMaxSide: the coordinate space of faces and transforms. */
  working: ImageBitmap;
  /** Upright copy, longest side ≤ proxyMaxSide, for the interactive preview. */
  proxy: ImageBitmap;
  /** Size of `working`. */
  width: number;
  height: number;
  /** Upright size of the file's full image. */
  originalWidth: number;
  originalHeight: number;
  mimeType: ImageMimeType;
  /** EXIF orientation found in the file (1–8, 1 when none); the bitmaps are already upright. */
  orientation: number;
  /** Which decoder made the pixels: ImageDecoder at n/8 size, createImageBitmap, or libheif (for tests and the bench). */
  decoder: DecoderPath;
}

export type DecoderPath = 'jpeg-scaled' | 'browser' | 'libheif';

const fail = (code: 'DECODE_EMPTY' | 'DECODE_CORRUPT' | 'DECODE_UNSUPPORTED' | 'DECODE_TOO_LARGE_BYTES' | 'DECODE_TOO_LARGE_PIXELS', message: string): never => {
  throw new PipelineError(code, message);
};

/** Scale that fits `size` within `maxSide` (never enlarges). */
function fitScale(size: Size, maxSide: number): number {
  return Math.min(1, maxSide / Math.max(size.width, size.height));
}

/** `size` fitted within `maxSide`. */
function fitSize(size: Size, maxSide: number): Size {
  const scale = fitScale(size, maxSide);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** The EXIF orientation, 1 when absent or unreadable (metadata must never block a photo). */
async function readOrientation(bytes: Uint8Array, header: ImageHeader): Promise<number> {
  let source: Uint8Array | null = bytes;
  if (header.mimeType === 'image/heic' || header.mimeType === 'image/heif') source = heifExifBlock(bytes);
  // Browsers turn AVIF by its irot/imir boxes only, and exifr reads no GIF or WebP.
  else if (header.mimeType !== 'image/jpeg' && header.mimeType !== 'image/png') source = null;
  if (!source) return 1;
  try {
    const value = await exifr.orientation(source);
    return value !== undefined && value >= 1 && value <= 8 ? value : 1;
  } catch {
    return 1;
  }
}

const swapsSides = (orientation: number): boolean => orientation >= 5;

/** `size`, turned a quarter if needed so that it is landscape / portrait like `like`. */
function orientedLike(size: Size, like: Size): Size {
  return size.width >= size.height === like.width >= like.height ? size : { width: size.height, height: size.width };
}

/** Draws `bitmap` (stored pixels) with EXIF `orientation` applied; only ever at working size or below. */
export function orientBitmap(bitmap: ImageBitmap, orientation: number): Promise<ImageBitmap> {
  const { width: w, height: h } = bitmap;
  const canvas = swapsSides(orientation) ? new OffscreenCanvas(h, w) : new OffscreenCanvas(w, h);
  const context = canvas.getContext('2d');
  if (!context) throw new PipelineError('DECODE_CORRUPT', 'No 2D context to orient the photo');
  const transforms: Record<number, [number, number, number, number, number, number]> = {
    2: [-1, 0, 0, 1, w, 0],
    3: [-1, 0, 0, -1, w, h],
    4: [1, 0, 0, -1, 0, h],
    5: [0, 1, 1, 0, 0, 0],
    6: [0, 1, -1, 0, h, 0],
    7: [0, -1, -1, 0, h, w],
    8: [0, -1, 1, 0, 0, w],
  };
  const transform = transforms[orientation];
  if (transform) context.setTransform(...transform);
  context.drawImage(bitmap, 0, 0);
  return createImageBitmap(canvas);
}

/** Decodes to a bitmap whose longest side is ≤ maxSide; `expected` is the upright size when the header gave it. */
async function decodeScaled(source: Blob | ImageData, expected: Size | null, maxSide: number): Promise<ImageBitmap> {
  const options: ImageBitmapOptions = { imageOrientation: 'from-image' };
  const scale = expected ? fitScale(expected, maxSide) : 1;
  if (expected && scale < 1) {
    // Sizes are in upright space: the browser orients before it resizes.
    options.resizeWidth = Math.max(1, Math.round(expected.width * scale));
    options.resizeHeight = Math.max(1, Math.round(expected.height * scale));
    options.resizeQuality = 'high';
  }
  return createImageBitmap(source, options);
}

/** Downscales `bitmap` when it is larger than maxSide; closes the input when it made a new one. */
async function fit(bitmap: ImageBitmap, maxSide: number): Promise<ImageBitmap> {
  const scale = fitScale(bitmap, maxSide);
  if (scale >= 1) return bitmap;
  const resized = await createImageBitmap(bitmap, {
    resizeWidth: Math.max(1, Math.round(bitmap.width * scale)),
    resizeHeight: Math.max(1, Math.round(bitmap.height * scale)),
    resizeQuality: 'high',
  });
  bitmap.close();
  return resized;
}

/** Where stored pixel (x, y) of a `width` × `height` image lands once EXIF `orientation` is applied. */
function uprightPoint(orientation: number, x: number, y: number, width: number, height: number): [number, number] {
  switch (orientation) {
    case 2:
      return [width - 1 - x, y];
    case 3:
      return [width - 1 - x, height - 1 - y];
    case 4:
      return [x, height - 1 - y];
    case 5:
      return [y, x];
    case 6:
      return [height - 1 - y, x];
    case 7:
      return [height - 1 - y, width - 1 - x];
    case 8:
      return [y, width - 1 - x];
    default:
      return [x, y];
  }
}

const CHECK_SIDE = 16;
/** Off-centre, so that any mirror or turn moves at least one of them onto other pixels. */
const CHECK_SPOTS = [
  [0.2, 0.3],
  [0.7, 0.15],
  [0.35, 0.8],
] as const;

/**
 * Whether `bitmap`, drawn from `frame`, shows the frame's stored pixels with EXIF `orientation`
 * applied. Chromium 156 applies it to scaled ImageDecoder frames but not to full-size ones, and the
 * frame's rotation/flip fields do not say which; so three 16 × 16 blocks of stored pixels are
 * compared with where they should land in the bitmap (a few milliseconds).
 */
export async function drawnWithOrientation(frame: VideoFrame, bitmap: ImageBitmap, orientation: number): Promise<boolean> {
  const { codedWidth: width, codedHeight: height } = frame;
  const [uprightWidth, uprightHeight] = swapsSides(orientation) ? [height, width] : [width, height];
  if (bitmap.width !== uprightWidth || bitmap.height !== uprightHeight || width < 4 * CHECK_SIDE || height < 4 * CHECK_SIDE) return false;
  const context = new OffscreenCanvas(CHECK_SIDE, CHECK_SIDE).getContext('2d', { willReadFrequently: true });
  if (!context) return false;
  context.imageSmoothingEnabled = false;
  const stored = new Uint8Array(CHECK_SIDE * CHECK_SIDE * 4);
  for (const [fx, fy] of CHECK_SPOTS) {
    // Even offsets keep the rectangle on chroma-sample boundaries of 4:2:0 frames.
    const x0 = 2 * Math.floor(((width - CHECK_SIDE) * fx) / 2);
    const y0 = 2 * Math.floor(((height - CHECK_SIDE) * fy) / 2);
    await frame.copyTo(stored, { rect: { x: x0, y: y0, width: CHECK_SIDE, height: CHECK_SIDE }, format: 'RGBA' } as VideoFrameCopyToOptions);
    const [ax, ay] = uprightPoint(orientation, x0, y0, width, height);
    const [bx, by] = uprightPoint(orientation, x0 + CHECK_SIDE - 1, y0 + CHECK_SIDE - 1, width, height);
    const [ux0, uy0] = [Math.min(ax, bx), Math.min(ay, by)];
    context.clearRect(0, 0, CHECK_SIDE, CHECK_SIDE);
    context.drawImage(bitmap, ux0, uy0, CHECK_SIDE, CHECK_SIDE, 0, 0, CHECK_SIDE, CHECK_SIDE);
    const upright = context.getImageData(0, 0, CHECK_SIDE, CHECK_SIDE).data;
    let difference = 0;
    for (let y = 0; y < CHECK_SIDE; y++) {
      for (let x = 0; x < CHECK_SIDE; x++) {
        const [ux, uy] = uprightPoint(orientation, x0 + x, y0 + y, width, height);
        const i = ((uy - uy0) * CHECK_SIDE + (ux - ux0)) * 4;
        const j = (y * CHECK_SIDE + x) * 4;
        difference += Math.abs(upright[i]! - stored[j]!) + Math.abs(upright[i + 1]! - stored[j + 1]!) + Math.abs(upright[i + 2]! - stored[j + 2]!);
      }
    }
    // Same pixels differ by colour conversion only (a few levels); a mirrored block by far more.
    if (difference / (CHECK_SIDE * CHECK_SIDE * 3) > 6) return false;
  }
  return true;
}

/** The frame's stored (coded) pixels as a bitmap: the planes copied into a new frame that carries no orientation. */
export async function storedPixels(frame: VideoFrame): Promise<ImageBitmap> {
  const { format, codedWidth, codedHeight } = frame;
  if (!format) throw new Error('The frame has no readable pixel format');
  const planes = new Uint8Array(frame.allocationSize());
  const layout = await frame.copyTo(planes);
  const plain = new VideoFrame(planes, { format, codedWidth, codedHeight, layout, timestamp: 0, colorSpace: frame.colorSpace.toJSON() });
  try {
    return await createImageBitmap(plain);
  } finally {
    plain.close();
  }
}

/** Below this share of the wanted size, an n/8 decode gives too little detail: take the full decode and resize instead. */
const MIN_SCALED_SHARE = 0.75;

/**
 * A JPEG decoded straight at a smaller size, upright. Chromium's JPEG decoder scales by n/8 while
 * it decodes (IDCT scaling), which createImageBitmap's resize never uses: a 48 MP photo comes out
 * at 4000 × 3000 in about a third of the time of a full decode plus resize. ImageDecoder returns
 * the largest n/8 size within `stored` (the wanted size in stored pixels, sides swapped for EXIF
 * 5–8). The bitmap must come out upright: createImageBitmap applies the EXIF `orientation` to
 * scaled frames in Chromium 156 (checked on a few pixels, as that is not promised), else it is
 * applied here with orientBitmap (~150 ms more at 12 MP without a GPU). Null whenever this path
 * cannot help; the caller then decodes with createImageBitmap, which also reports the errors.
 */
async function decodeJpegScaled(bytes: Uint8Array, stored: Size, orientation: number): Promise<ImageBitmap | null> {
  if (typeof ImageDecoder === 'undefined') return null;
  let decoder: ImageDecoder | undefined;
  let frame: VideoFrame | undefined;
  try {
    decoder = new ImageDecoder({ data: bytes, type: 'image/jpeg', desiredWidth: stored.width, desiredHeight: stored.height });
    frame = (await decoder.decode()).image;
    const { codedWidth: width, codedHeight: height } = frame;
    if (width > stored.width || height > stored.height || width < stored.width * MIN_SCALED_SHARE) return null;
    const drawn = await createImageBitmap(frame);
    if (orientation === 1 || (await drawnWithOrientation(frame, drawn, orientation).catch(() => false))) return drawn;
    drawn.close();
    const pixels = await storedPixels(frame);
    const upright = await orientBitmap(pixels, orientation);
    pixels.close();
    return upright;
  } catch {
    return null;
  } finally {
    frame?.close();
    decoder?.close();
  }
}

async function decodeWithBrowser(blob: Blob, expected: Size | null, maxSide: number): Promise<ImageBitmap | null> {
  try {
    return await decodeScaled(blob, expected, maxSide);
  } catch {
    return null;
  }
}

async function decodeWithLibheif(bytes: Uint8Array, header: ImageHeader, orientation: number, maxPixels: number, maxSide: number): Promise<ImageBitmap> {
  const pixels = await decodeHeic(bytes, maxPixels);
  // Downscale first, so orienting needs only a working-size canvas.
  const stored = await decodeScaled(pixels, { width: pixels.width, height: pixels.height }, maxSide);
  if (header.heifTransformed || orientation === 1) return stored;
  const upright = await orientBitmap(stored, orientation);
  stored.close();
  return upright;
}

/** What is known of a photo file before any of its pixels is decoded (decodeImage's checks passed). */
export interface PhotoSource {
  bytes: Uint8Array;
  header: ImageHeader;
  /** EXIF orientation (1–8). */
  orientation: number;
  /** Upright size from the header; null when the header gives none (or HEIF may turn it). */
  upright: Size | null;
}

/** Reads and checks a photo file: the errors decodeImage throws before decoding. */
export async function readPhotoSource(blob: Blob, options: DecodeOptions = {}): Promise<PhotoSource> {
  const maxFileBytes = options.maxFileBytes ?? LIMITS.maxFileBytes;
  const maxPixels = options.maxPixels ?? LIMITS.maxPixels;
  if (blob.size > maxFileBytes) fail('DECODE_TOO_LARGE_BYTES', `The file has ${blob.size} bytes; the limit is ${maxFileBytes}`);
  if (blob.size === 0) fail('DECODE_EMPTY', 'The file is empty');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const header = readImageHeader(bytes) ?? fail('DECODE_UNSUPPORTED', 'The file is not a JPEG, PNG, WebP, AVIF, GIF or HEIC image');
  if (header.truncated) fail('DECODE_CORRUPT', `The ${header.mimeType} file is incomplete`);
  if (header.width !== undefined && header.height !== undefined) {
    if (header.width === 0 || header.height === 0) fail('DECODE_CORRUPT', 'The image header has a zero size');
    if (header.width * header.height > maxPixels) fail('DECODE_TOO_LARGE_PIXELS', `The image has ${header.width}×${header.height} pixels; the limit is ${maxPixels}`);
  }
  const orientation = await readOrientation(bytes, header);
  const isHeif = header.mimeType === 'image/heic' || header.mimeType === 'image/heif';
  // HEIF sizes (ispe) are stored sizes that irot may turn; let the decoded bitmap tell.
  const upright =
    header.width !== undefined && header.height !== undefined && !(isHeif && header.heifTransformed)
      ? swapsSides(orientation)
        ? { width: header.height, height: header.width }
        : { width: header.width, height: header.height }
      : null;
  return { bytes, header, orientation, upright };
}

/** A preview decoded first, before the working image (decodeProxyFirst). */
export interface ProxyFirst {
  /** Upright, longest side ≤ proxyMaxSide. */
  proxy: ImageBitmap;
  /** The working image's nominal size (the upright size fitted within workingMaxSide): the space of faces and transforms. */
  size: Size;
  source: PhotoSource;
}

/**
 * Proxy first: a JPEG whose header gives its size is decoded straight at about the preview's size
 * (ImageDecoder's n/8 scaling, ~8× fewer pixels than a full decode), so faces and the placed
 * preview need not wait for the working image, which decodeWorkingJpeg makes afterwards at the
 * size the output needs. Null for every other file: those are decoded once with decodeImage
 * (HEIC cannot scale while decoding, and PNG/WebP would be decoded twice), and for a JPEG less
 * than twice the proxy's side, whose full decode costs little more than a scaled one and serves both.
 */
export async function decodeProxyFirst(blob: Blob, options: DecodeOptions = {}): Promise<ProxyFirst | null> {
  const source = await readPhotoSource(blob, options);
  const { header, upright, bytes, orientation } = source;
  const proxyMaxSide = options.proxyMaxSide ?? LIMITS.proxyMaxSide;
  if (header.mimeType !== 'image/jpeg' || !upright || fitScale(upright, proxyMaxSide) > 0.5) return null;
  const target = fitSize(upright, proxyMaxSide);
  let proxy = await decodeJpegScaled(bytes, swapsSides(orientation) ? { width: target.height, height: target.width } : target, orientation);
  proxy ??= await decodeWithBrowser(blob, upright, proxyMaxSide);
  if (!proxy) return fail('DECODE_CORRUPT', 'The image/jpeg file could not be decoded');
  return { proxy: await fit(proxy, proxyMaxSide), size: fitSize(upright, options.workingMaxSide ?? LIMITS.workingMaxSide), source };
}

/**
 * The size decodeWorkingJpeg asks the decoder for: the smallest n/8 size of `upright` whose longest
 * side reaches `side`, or, when that passes `maxSide` (or the photo), the photo fitted within
 * `maxSide` (the decoder may then give the largest n/8 size within, up to 1/4 under, as decodeImage).
 */
export function workingDecodeSize(upright: Size, side: number, maxSide: number): Size {
  const longest = Math.max(upright.width, upright.height);
  const cap = Math.min(longest, maxSide);
  const eighths = Math.ceil((8 * Math.min(cap, Math.max(1, side))) / longest - 1e-9);
  if (eighths < 8 && (longest * eighths) / 8 <= cap) return { width: Math.ceil((upright.width * eighths) / 8), height: Math.ceil((upright.height * eighths) / 8) };
  return fitSize(upright, cap);
}

/**
 * The working pixels of a JPEG read by decodeProxyFirst, upright, at workingDecodeSize: at least
 * `side` on the longest side (when the photo has that many) and at most `maxSide`, so a composite
 * resamples no more pixels than the output can show.
 */
export async function decodeWorkingJpeg(blob: Blob, source: PhotoSource, side: number, maxSide: number = LIMITS.workingMaxSide): Promise<ImageBitmap> {
  const { bytes, upright, orientation } = source;
  if (!upright) return fail('DECODE_CORRUPT', 'The photo has no size');
  const wanted = workingDecodeSize(upright, side, maxSide);
  let working = wanted.width < upright.width ? await decodeJpegScaled(bytes, swapsSides(orientation) ? { width: wanted.height, height: wanted.width } : wanted, orientation) : null;
  working ??= await decodeWithBrowser(blob, upright, Math.max(wanted.width, wanted.height));
  if (!working) return fail('DECODE_CORRUPT', 'The image/jpeg file could not be decoded');
  return fit(working, Math.max(wanted.width, wanted.height));
}

export async function decodeImage(blob: Blob, options: DecodeOptions = {}): Promise<DecodedImage> {
  const maxPixels = options.maxPixels ?? LIMITS.maxPixels;
  const workingMaxSide = options.workingMaxSide ?? LIMITS.workingMaxSide;
  const proxyMaxSide = options.proxyMaxSide ?? LIMITS.proxyMaxSide;
  const { bytes, header, orientation, upright } = await readPhotoSource(blob, options);
  const isHeif = header.mimeType === 'image/heic' || header.mimeType === 'image/heif';

  let working: ImageBitmap | null = null;
  let decoder: DecoderPath = 'jpeg-scaled';
  if (header.mimeType === 'image/jpeg' && upright && fitScale(upright, workingMaxSide) < 1) {
    const target = fitSize(upright, workingMaxSide);
    working = await decodeJpegScaled(bytes, swapsSides(orientation) ? { width: target.height, height: target.width } : target, orientation);
  }
  if (!working) {
    decoder = 'browser';
    working = await decodeWithBrowser(blob, upright, workingMaxSide);
  }
  if (!working && isHeif) {
    decoder = 'libheif';
    working = await decodeWithLibheif(bytes, header, orientation, maxPixels, workingMaxSide);
  }
  if (!working) return fail('DECODE_CORRUPT', `The ${header.mimeType} file could not be decoded`);

  // Without a header size the decoder ran at full size: apply the limits now.
  if (!upright && working.width * working.height > maxPixels) {
    working.close();
    fail('DECODE_TOO_LARGE_PIXELS', `The image has ${working.width}×${working.height} pixels; the limit is ${maxPixels}`);
  }
  const original = header.width !== undefined && header.height !== undefined ? orientedLike({ width: header.width, height: header.height }, working) : { width: working.width, height: working.height };
  working = await fit(working, workingMaxSide);

  const proxyScale = fitScale(working, proxyMaxSide);
  const proxy =
    proxyScale < 1
      ? await createImageBitmap(working, {
          resizeWidth: Math.max(1, Math.round(working.width * proxyScale)),
          resizeHeight: Math.max(1, Math.round(working.height * proxyScale)),
          resizeQuality: 'high',
        })
      : await createImageBitmap(working);

  return {
    working,
    proxy,
    width: working.width,
    height: working.height,
    originalWidth: original.width,
    originalHeight: original.height,
    mimeType: header.mimeType,
    orientation,
    decoder,
  };
}
