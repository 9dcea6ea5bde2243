import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { UPLOAD_MAX_BYTES, type PresignedUpload } from '../../contract/accountProfile.ts';
import { DomainError } from '../domainError.ts';
import { sniffImageType } from '../infra/storage/sniff.ts';
import type { FileStorage } from '../infra/storage/storage.ts';

/** What an uploaded image becomes (re-encoded by adoptImageUpload). */
export type ImagePurpose = 'avatar' | 'banner' | 'appeal' | 'collection';
/** Every kind of raw upload: frames and posts are checked by their own services, not re-encoded here. */
export type UploadPurpose = ImagePurpose | 'frame' | 'post';

export const IMAGE_LIMITS = {
  maxBytes: UPLOAD_MAX_BYTES,
  /** Decoded pixels; a small file can still claim a huge canvas (decompression bomb). */
  maxPixels: 50_000_000,
  maxSide: 16_384,
  minSide: 16,
} as const;

const acceptedTypes = new Set(['image/png', 'image/jpeg', 'image/webp']);
const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Output geometry per purpose: avatars square, banners 3:1, evidence only bounded. */
const outputs: Record<ImagePurpose, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  avatar: { width: 512, height: 512, fit: 'cover' },
  banner: { width: 1500, height: 500, fit: 'cover' },
  appeal: { width: 2048, height: 2048, fit: 'inside' },
  /** A collection's cover: the link-preview shape. */
  collection: { width: 1200, height: 630, fit: 'cover' },
};

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Checks an upload by content (magic bytes, size, declared and decoded dimensions) and re-encodes it to WebP
 * at the purpose's size. Re-encoding drops metadata (EXIF location) and anything smuggled after the pixels.
 */
export async function processImage(bytes: Uint8Array, purpose: ImagePurpose): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) throw new DomainError('BAD_REQUEST', 'The uploaded file is empty');
  if (bytes.byteLength > IMAGE_LIMITS.maxBytes) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `Images are limited to ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB`);
  }
  const type = sniffImageType(bytes);
  if (!type || !acceptedTypes.has(type)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG, JPEG or WebP image');
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new DomainError('BAD_REQUEST', 'The image could not be read; it may be damaged');
  }
  if (!width || !height) throw new DomainError('BAD_REQUEST', 'The image could not be read; it may be damaged');
  if (width * height > IMAGE_LIMITS.maxPixels || width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `The image is ${width}×${height} pixels; images may have at most ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixels and ${IMAGE_LIMITS.maxSide} pixels a side`);
  }
  if (width < IMAGE_LIMITS.minSide || height < IMAGE_LIMITS.minSide) {
    throw new DomainError('BAD_REQUEST', `The image is too small; use at least ${IMAGE_LIMITS.minSide}×${IMAGE_LIMITS.minSide} pixels`);
  }
  const output = outputs[purpose];
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: output.width, height: output.height, fit: output.fit, withoutEnlargement: output.fit === 'inside' })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw new DomainError('BAD_REQUEST', 'The image could not be decoded; it may be damaged or truncated');
  }
}

/** Where raw, not yet adopted uploads live; nothing kept is ever stored under it (see uploadSweep.ts). */
export const RAW_UPLOAD_PREFIX = 'uploads/';

/** Key prefix of one account's uploads for one purpose; adoption refuses keys outside it. */
export function uploadPrefix(purpose: UploadPurpose, accountUuid: string): string {
  return `${RAW_UPLOAD_PREFIX}${purpose}/${accountUuid}/`;
}

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** A signed, short-lived upload URL for one new object under the account's upload prefix. */
export async function presignImageUpload(storage: FileStorage, purpose: UploadPurpose, accountUuid: string, contentType: string, maxBytes: number = IMAGE_LIMITS.maxBytes): Promise<PresignedUpload> {
  const key = `${uploadPrefix(purpose, accountUuid)}${randomBytes(12).toString('hex')}.${extensions[contentType] ?? 'bin'}`;
  const signed = await storage.signedUploadUrl(key, { contentType, maxBytes, expiresInSeconds: UPLOAD_URL_TTL_SECONDS });
  return { ...signed, key, maxBytes };
}

/**
 * The bytes of a raw upload of this account (refusing keys outside its prefix and objects over maxBytes).
 * The caller checks the content and deletes the raw object once it has stored what it keeps; checkRawUpload
 * also deletes it when the check refuses it.
 */
export async function readUpload(storage: FileStorage, options: { key: string; purpose: UploadPurpose; accountUuid: string; maxBytes: number }): Promise<Buffer> {
  const { key, purpose, accountUuid, maxBytes } = options;
  if (!key.startsWith(uploadPrefix(purpose, accountUuid))) throw new DomainError('FORBIDDEN', `This ${purpose} upload does not belong to your account`);
  const object = await storage.get(key);
  if (!object) throw new DomainError('NOT_FOUND', 'The upload was not found; upload the image again');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.stream) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      object.stream.destroy();
      throw new DomainError('PAYLOAD_TOO_LARGE', `Images are limited to ${maxBytes / 1024 / 1024} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a raw upload of this account (like readUpload) and runs `check` on its bytes. An upload that is refused,
 * by its size or by the check, is deleted at once: it can never be used, so it does not wait for the sweep.
 * Someone else's key (FORBIDDEN) and a missing one are left alone.
 */
export async function checkRawUpload<T>(storage: FileStorage, options: { key: string; purpose: UploadPurpose; accountUuid: string; maxBytes: number }, check: (bytes: Buffer) => Promise<T>): Promise<T> {
  let bytes: Buffer;
  try {
    bytes = await readUpload(storage, options);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'PAYLOAD_TOO_LARGE') await discardRefused(storage, options.key);
    throw error;
  }
  try {
    return await check(bytes);
  } catch (error) {
    if (error instanceof DomainError) await discardRefused(storage, options.key);
    throw error;
  }
}

async function discardRefused(storage: FileStorage, key: string): Promise<void> {
  // The refusal is the answer; an object left behind by a failed delete is the sweep's.
  await storage.delete(key).catch(() => undefined);
}

/**
 * Takes an uploaded object of this account, validates and re-encodes it, stores the result under
 * `destination` and removes the raw upload (a refused one too). Returns the new key.
 */
export async function adoptImageUpload(storage: FileStorage, options: { key: string; purpose: ImagePurpose; accountUuid: string; destination: string }): Promise<string> {
  const image = await checkRawUpload(storage, { ...options, maxBytes: IMAGE_LIMITS.maxBytes }, (bytes) => processImage(bytes, options.purpose));
  const destination = `${options.destination}/${randomBytes(12).toString('hex')}.webp`;
  await storage.put(destination, image.bytes, { contentType: image.contentType });
  await storage.delete(options.key);
  return destination;
}
