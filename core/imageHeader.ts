/**
 * Reads an image's type and stored size from its bytes, without decoding it (magic bytes, never
 * the file name). Lets the decode stage (workers/decode.ts) and the designer's image upload (on the
 * main thread) reject unsupported files and pixel bombs before the browser allocates anything, and
 * detect truncated JPEG / PNG files that some browsers render partially.
 */

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif' | 'image/heic' | 'image/heif';

export interface ImageHeader {
  mimeType: ImageMimeType;
  /** Stored size (before EXIF orientation / HEIF rotation); undefined when the header is unreadable. */
  width?: number;
  height?: number;
  /** True when the file visibly ends early (JPEG without end-of-image, PNG without IEND). */
  truncated: boolean;
  /** HEIF family only: the file rotates or mirrors its image itself (irot / imir), so EXIF orientation is informative. */
  heifTransformed?: boolean;
}

const ascii = (bytes: Uint8Array, at: number, length: number): string => String.fromCharCode(...bytes.subarray(at, at + length));

function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u24le(bytes: Uint8Array, at: number): number {
  return u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function u32be(bytes: Uint8Array, at: number): number {
  return (u16be(bytes, at) * 65536) + u16be(bytes, at + 2);
}

function jpegHeader(bytes: Uint8Array): ImageHeader {
  let width: number | undefined;
  let height: number | undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda) {
      // Entropy-coded data escapes 0xFF, so an FF D9 after the first scan can only be the real end.
      return { mimeType: 'image/jpeg', width, height, truncated: !hasJpegEnd(bytes, at) };
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && width === undefined) {
      height = u16be(bytes, at + 5);
      width = u16be(bytes, at + 7);
    }
    at += 2 + u16be(bytes, at + 2);
  }
  return { mimeType: 'image/jpeg', width, height, truncated: true };
}

function hasJpegEnd(bytes: Uint8Array, scanStart: number): boolean {
  // Search backwards: complete files end with it, so this stops at once for them.
  for (let i = bytes.length - 1; i > scanStart; i--) {
    if (bytes[i] === 0xd9 && bytes[i - 1] === 0xff) return true;
  }
  return false;
}

function pngHeader(bytes: Uint8Array): ImageHeader {
  const hasIhdr = ascii(bytes, 12, 4) === 'IHDR';
  const tail = bytes.subarray(Math.max(0, bytes.length - 64));
  const ended = ascii(tail, 0, tail.length).includes('IEND');
  return {
    mimeType: 'image/png',
    width: hasIhdr ? u32be(bytes, 16) : undefined,
    height: hasIhdr ? u32be(bytes, 20) : undefined,
    truncated: !hasIhdr || !ended,
  };
}

function webpHeader(bytes: Uint8Array): ImageHeader {
  const chunk = ascii(bytes, 12, 4);
  const size = (width: number, height: number): ImageHeader => ({ mimeType: 'image/webp', width, height, truncated: false });
  if (chunk === 'VP8 ' && bytes.length >= 30) return size(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = u16le(bytes, 21) | (u16le(bytes, 23) * 65536);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && bytes.length >= 30) return size(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  return { mimeType: 'image/webp', truncated: false };
}

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** HEIF family (AVIF, HEIC): brands from `ftyp`, size from the largest `ispe` in the `meta` box. */
function isobmffHeader(bytes: Uint8Array): ImageHeader | null {
  const ftypSize = u32be(bytes, 0);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= Math.min(ftypSize, bytes.length); at += 4) brands.push(ascii(bytes, at, 4));
  let mimeType: ImageMimeType;
  if (brands.some((b) => AVIF_BRANDS.has(b))) mimeType = 'image/avif';
  else if (brands.some((b) => HEIC_BRANDS.has(b))) mimeType = 'image/heic';
  else if (brands.some((b) => HEIF_BRANDS.has(b))) mimeType = 'image/heif';
  else return null;

  let width: number | undefined;
  let height: number | undefined;
  let heifTransformed = false;
  const meta = findBox(bytes, 'meta', 0, bytes.length);
  if (meta) {
    // ispe / irot / imir sit in meta/iprp/ipco; the meta box is small, so a byte scan is cheap.
    for (let at = meta.start; at + 8 <= meta.end; at++) {
      const type = ascii(bytes, at, 4);
      if (type === 'irot' || type === 'imir') heifTransformed = true;
      if (type !== 'ispe' || at + 16 > meta.end) continue;
      const w = u32be(bytes, at + 8);
      const h = u32be(bytes, at + 12);
      if (width === undefined || w * h > width * (height ?? 0)) {
        width = w;
        height = h;
      }
    }
  }
  return { mimeType, width, height, truncated: false, heifTransformed };
}

interface Box {
  /** First byte after the box header. */
  start: number;
  end: number;
}

/** The first box of `type` among the sibling boxes in [from, to). */
function findBox(bytes: Uint8Array, type: string, from: number, to: number): Box | null {
  let at = from;
  while (at + 8 <= to) {
    const size = u32be(bytes, at);
    const end = size === 0 ? to : at + size;
    if (ascii(bytes, at + 4, 4) === type) return { start: at + 8, end: Math.min(end, to) };
    if (size < 8) return null; // 64-bit sizes only occur for mdat, which holds no boxes we read
    at = end;
  }
  return null;
}

function uint(bytes: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (bytes[at + i] ?? 0);
  return value;
}

/**
 * The TIFF block of a HEIF file's Exif item (found through meta/iinf and meta/iloc), or null.
 * exifr cannot locate it in every HEIC writer's layout, but reads the TIFF block itself.
 */
export function heifExifBlock(bytes: Uint8Array): Uint8Array | null {
  const meta = findBox(bytes, 'meta', 0, bytes.length);
  if (!meta) return null;
  const children = meta.start + 4; // meta is a full box: version and flags first
  const iinf = findBox(bytes, 'iinf', children, meta.end);
  const iloc = findBox(bytes, 'iloc', children, meta.end);
  if (!iinf || !iloc) return null;

  let exifId: number | undefined;
  const iinfVersion = bytes[iinf.start] ?? 0;
  for (let at = iinf.start + (iinfVersion === 0 ? 6 : 8); at + 8 <= iinf.end; ) {
    const size = u32be(bytes, at);
    if (size < 8) break;
    const version = bytes[at + 8] ?? 0;
    if (ascii(bytes, at + 4, 4) === 'infe' && version >= 2) {
      const idSize = version === 2 ? 2 : 4;
      if (ascii(bytes, at + 12 + idSize + 2, 4) === 'Exif') exifId = uint(bytes, at + 12, idSize);
    }
    at += size;
  }
  if (exifId === undefined) return null;

  const version = bytes[iloc.start] ?? 0;
  const offsetSize = (bytes[iloc.start + 4] ?? 0) >> 4;
  const lengthSize = (bytes[iloc.start + 4] ?? 0) & 15;
  const baseOffsetSize = (bytes[iloc.start + 5] ?? 0) >> 4;
  const indexSize = version > 0 ? (bytes[iloc.start + 5] ?? 0) & 15 : 0;
  const idSize = version < 2 ? 2 : 4;
  const count = uint(bytes, iloc.start + 6, idSize);
  let at = iloc.start + 6 + idSize;
  for (let item = 0; item < count && at < iloc.end; item++) {
    const id = uint(bytes, at, idSize);
    at += idSize;
    const method = version > 0 ? uint(bytes, at, 2) & 15 : 0;
    if (version > 0) at += 2;
    at += 2; // data_reference_index
    const baseOffset = uint(bytes, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = uint(bytes, at, 2);
    at += 2;
    for (let extent = 0; extent < extents; extent++) {
      at += indexSize;
      const offset = uint(bytes, at, offsetSize);
      const length = uint(bytes, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      // Only file-offset items (method 0) with a single extent; Exif items are written that way.
      if (id !== exifId || method !== 0 || extents !== 1) continue;
      const data = bytes.subarray(baseOffset + offset, baseOffset + offset + length);
      const tiffStart = 4 + u32be(data, 0);
      return tiffStart < data.length ? data.subarray(tiffStart) : null;
    }
  }
  return null;
}

/** The header of a supported image, or null when the bytes are not one of the supported formats. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegHeader(bytes);
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return pngHeader(bytes);
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return { mimeType: 'image/gif', width: u16le(bytes, 6), height: u16le(bytes, 8), truncated: false };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpHeader(bytes);
  if (ascii(bytes, 4, 4) === 'ftyp') return isobmffHeader(bytes);
  return null;
}
