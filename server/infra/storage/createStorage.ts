import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalFileStorage } from './localStorage.ts';
import { createS3Client, S3FileStorage } from './s3Storage.ts';
import type { FileStorage } from './storage.ts';
import type { UrlSigner } from './urlSigning.ts';

/** The configured storage driver: a local directory under DATA_DIR/files, or the bucket of STORAGE_URL=s3://… */
export function createStorage(config: AppConfig, signer: UrlSigner): FileStorage {
  const { storage } = config;
  if (storage.driver === 's3') {
    return new S3FileStorage({
      client: createS3Client(storage),
      bucket: storage.bucket,
      prefix: storage.prefix,
      maxObjectBytes: config.maxUploadBytes,
      publicUrl: config.publicUrl,
      publicFilesUrl: storage.publicFilesUrl,
    });
  }
  return new LocalFileStorage({ root: join(config.dataDir, 'files'), signer, maxObjectBytes: config.maxUploadBytes, publicUrl: config.publicUrl });
}
