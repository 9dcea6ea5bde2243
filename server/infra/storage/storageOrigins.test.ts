import { describe, expect, it } from 'vitest';
import type { StorageConfig } from '../../config.ts';
import { createS3Client, S3FileStorage } from './s3Storage.ts';
import { storageOrigins } from './storageOrigins.ts';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;
const base: S3Config = { driver: 's3', bucket: 'bingkai-files', prefix: 'app/', endpoint: undefined, region: 'ap-southeast-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', forcePathStyle: false, publicFilesUrl: '' };

/** The presigned URLs the driver really makes (the SDK signs locally; nothing is sent). */
async function presignedOrigins(storage: S3Config) {
  const driver = new S3FileStorage({ client: createS3Client(storage), bucket: storage.bucket, prefix: storage.prefix, maxObjectBytes: 1024, publicUrl: '', publicFilesUrl: storage.publicFilesUrl });
  const upload = await driver.signedUploadUrl('uploads/a.png', { contentType: 'image/png', maxBytes: 1024, expiresInSeconds: 60 });
  const read = await driver.signedReadUrl('private/a.png', { expiresInSeconds: 60 });
  return { upload: new URL(upload.url).origin, read: new URL(read).origin, publicFile: driver.publicUrl('public/a.png') };
}

describe('storageOrigins', () => {
  it('names nothing for local files, which the app serves itself', () => {
    expect(storageOrigins({ driver: 'local' })).toEqual({ connect: [], img: [] });
  });

  for (const [name, storage] of [
    ['AWS, virtual-hosted', base],
    ['AWS us-east-1', { ...base, region: 'us-east-1' }],
    ['MinIO, path style', { ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }],
    ['R2, virtual-hosted on its endpoint', { ...base, endpoint: 'https://abc123.r2.cloudflarestorage.com', region: 'auto' }],
  ] as const) {
    it(`holds the origin of the driver's presigned PUT and GET (${name})`, async () => {
      const origins = storageOrigins(storage);
      const made = await presignedOrigins(storage);
      expect(origins.connect).toEqual([made.upload]);
      expect(origins.img).toContain(made.read);
    });
  }

  it('adds the CDN of PUBLIC_FILES_URL for images, where public files link', async () => {
    const storage = { ...base, publicFilesUrl: 'https://cdn.bingkai.test/app' };
    const origins = storageOrigins(storage);
    expect(origins.img).toEqual(['https://bingkai-files.s3.ap-southeast-1.amazonaws.com', 'https://cdn.bingkai.test']);
    expect(origins.img).toContain(new URL((await presignedOrigins(storage)).publicFile).origin);
  });
});
