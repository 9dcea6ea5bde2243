import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  contentType: string;
  size: number;
}

/** One listed object: its key and when it was last written. */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

export interface SignedUpload {
  /** Where the client PUTs the bytes (relative to the site unless PUBLIC_URL is set). */
  url: string;
  method: 'PUT';
  headers: { 'content-type': string };
  expiresAt: string;
}

/** Content types storage accepts; never SVG or HTML, which would run script from our origin. */
export const storableContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'application/json'] as const;

export class StorageError extends Error {
  constructor(
    readonly code: 'INVALID_KEY' | 'TOO_LARGE' | 'UNSUPPORTED_TYPE',
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** File storage. Keys are relative, slash-separated; keys under `public/` are readable without a signature. */
export interface FileStorage {
  readonly driver: string;
  put(key: string, bytes: Uint8Array, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  signedUploadUrl(key: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<SignedUpload>;
  signedReadUrl(key: string, options: { expiresInSeconds: number }): Promise<string>;
  publicUrl(key: string): string;
  /**
   * Every object whose key starts with `prefix` (empty, or ending in `/`), in no particular order; maps to S3
   * ListObjectsV2. The raw-upload sweep relies on it.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Relative, slash-separated, safe characters only; no empty, `.` or `..` segments. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && keyPattern.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new StorageError('INVALID_KEY', `Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** A listing prefix: empty (everything) or a valid key followed by `/`. */
export function assertValidPrefix(prefix: string): void {
  if (prefix !== '' && !(prefix.endsWith('/') && isValidKey(prefix.slice(0, -1)))) {
    throw new StorageError('INVALID_KEY', `Invalid storage prefix: ${JSON.stringify(prefix.slice(0, 80))}`);
  }
}

export function isPublicKey(key: string): boolean {
  return key.startsWith('public/');
}

export function assertStorableType(contentType: string): void {
  if (!(storableContentTypes as readonly string[]).includes(contentType)) {
    throw new StorageError('UNSUPPORTED_TYPE', `Content type ${contentType} is not accepted`);
  }
}
