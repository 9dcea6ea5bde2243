import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorableType, assertValidKey, assertValidPrefix, isPublicKey, isValidKey, StorageError, type FileStorage, type ListedObject, type SignedUpload, type StoredObject } from './storage.ts';

const MiB = 1024 * 1024;
/** S3 refuses presigned URLs valid for longer than seven days. */
const maxPresignSeconds = 7 * 24 * 3600;

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Key prefix inside the bucket: '' or segments ending in '/'. */
  prefix: string;
  maxObjectBytes: number;
  /** The app's PUBLIC_URL ('' for same-origin relative URLs): public files are served under its /files path. */
  publicUrl: string;
  /** PUBLIC_FILES_URL: the URL (a CDN, or the bucket's public endpoint) that maps to `prefix`; '' when absent. */
  publicFilesUrl: string;
  /** Objects larger than this go up in parts (S3 needs every part but the last to be at least 5 MiB). */
  partSize?: number;
  /** Keys per ListObjectsV2 page (S3's maximum and default is 1000). */
  listPageSize?: number;
}

export interface S3ClientSettings {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** An S3 client for AWS S3 or a compatible service; without keys the SDK's default credential chain applies. */
export function createS3Client(settings: S3ClientSettings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    // Checksums by default (SDK ≥ 3.729) break R2, GCS and older MinIO; only send them when an operation needs one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, GCS XML API). Browsers upload straight to the
 * bucket with a presigned PUT and read private objects with presigned GETs; see docs/STORAGE.md.
 */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3';
  private readonly partSize: number;
  private readonly listPageSize: number;

  constructor(private readonly options: S3StorageOptions) {
    this.partSize = options.partSize ?? 8 * MiB;
    this.listPageSize = options.listPageSize ?? 1000;
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.options.prefix + key;
  }

  async put(key: string, bytes: Uint8Array, { contentType }: { contentType: string }): Promise<void> {
    const Key = this.objectKey(key);
    assertStorableType(contentType);
    if (bytes.byteLength > this.options.maxObjectBytes) {
      throw new StorageError('TOO_LARGE', `Object of ${bytes.byteLength} bytes exceeds the ${this.options.maxObjectBytes} byte limit`);
    }
    const { client, bucket: Bucket } = this.options;
    if (bytes.byteLength <= this.partSize) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
      return;
    }
    await this.putInParts(Key, bytes, contentType);
  }

  /** Multipart upload, part by part (the bytes are in memory already); aborted on failure so no parts linger. */
  private async putInParts(Key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const { client, bucket: Bucket } = this.options;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }));
    if (!UploadId) throw new Error(`S3 returned no upload id for ${Key}`);
    try {
      const parts: CompletedPart[] = [];
      for (let offset = 0, PartNumber = 1; offset < bytes.byteLength; offset += this.partSize, PartNumber += 1) {
        const Body = bytes.subarray(offset, Math.min(offset + this.partSize, bytes.byteLength));
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.byteLength }));
        parts.push({ ETag, PartNumber });
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    try {
      const object = await this.options.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key }));
      if (!(object.Body instanceof Readable)) throw new Error('S3 response body is not a Node stream');
      return { stream: object.Body, contentType: object.ContentType ?? 'application/octet-stream', size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too, so deleting twice is harmless, as with local files.
    await this.options.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.options.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await this.options.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: this.options.prefix + prefix, MaxKeys: this.listPageSize, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.options.prefix.length);
        // Objects written by other tools under our prefix, with keys we would refuse, are not ours to list.
        if (key === undefined || !isValidKey(key)) continue;
        yield { key, lastModified: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /**
   * A presigned PUT straight to the bucket. The content type is signed, so S3 refuses another one. The size is not:
   * a PUT can only sign an exact content-length, and the caller knows a maximum only; the app checks the size when
   * it reads the upload (server/domain/uploads.ts), and docs/STORAGE.md says why and what the alternative is.
   */
  async signedUploadUrl(key: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<SignedUpload> {
    const Key = this.objectKey(key);
    assertStorableType(options.contentType);
    const expiresIn = presignSeconds(options.expiresInSeconds);
    const url = await getSignedUrl(this.options.client, new PutObjectCommand({ Bucket: this.options.bucket, Key, ContentType: options.contentType }), {
      expiresIn,
      signableHeaders: new Set(['content-type']),
    });
    return { url, method: 'PUT', headers: { 'content-type': options.contentType }, expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() };
  }

  async signedReadUrl(key: string, { expiresInSeconds }: { expiresInSeconds: number }): Promise<string> {
    const Key = this.objectKey(key);
    return getSignedUrl(this.options.client, new GetObjectCommand({ Bucket: this.options.bucket, Key }), { expiresIn: presignSeconds(expiresInSeconds) });
  }

  /**
   * Public keys go to PUBLIC_FILES_URL when set (a CDN in front of the bucket); otherwise, and for every other key,
   * to the app's /files path, which streams from the bucket and demands a signature for non-public keys.
   */
  publicUrl(key: string): string {
    assertValidKey(key);
    if (this.options.publicFilesUrl && isPublicKey(key)) return `${this.options.publicFilesUrl}/${key}`;
    return `${this.options.publicUrl}/files/${key}`;
  }
}

function presignSeconds(seconds: number): number {
  return Math.max(1, Math.min(Math.floor(seconds), maxPresignSeconds));
}

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (failure.name === 'NoSuchBucket') return false;
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}
