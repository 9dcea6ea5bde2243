import type { StorageConfig } from '../../config.ts';

/** Where browsers talk to storage directly: presigned PUTs and GETs go to the bucket, public files to PUBLIC_FILES_URL. */
export interface StorageOrigins {
  /** Origins the page uploads to (CSP connect-src). */
  connect: string[];
  /** Origins the page shows images from (CSP img-src). */
  img: string[];
}

/**
 * The origins of the bucket's presigned URLs as the AWS SDK builds them (path style: the endpoint's; virtual-hosted:
 * the bucket as a subdomain of the endpoint, or of s3.<region>.amazonaws.com), and of PUBLIC_FILES_URL. Local files
 * are served by the app itself: none.
 */
export function storageOrigins(storage: StorageConfig): StorageOrigins {
  if (storage.driver !== 's3') return { connect: [], img: [] };
  const endpoint = new URL(storage.endpoint ?? `https://s3.${storage.region}.amazonaws.com`);
  const bucket = storage.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${storage.bucket}.${endpoint.host}`;
  const img = [bucket];
  if (storage.publicFilesUrl) {
    const cdn = new URL(storage.publicFilesUrl).origin;
    if (cdn !== bucket) img.push(cdn);
  }
  return { connect: [bucket], img };
}
