import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { startS3Server, type S3TestServer } from '../../testing/s3Server.ts';
import { loadConfig } from '../../config.ts';
import { createStorage } from './createStorage.ts';
import { createS3Client, S3FileStorage, type S3StorageOptions } from './s3Storage.ts';
import { StorageError } from './storage.ts';
import { UrlSigner } from './urlSigning.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listed(storage: S3FileStorage, prefix: string): Promise<Array<{ key: string; lastModified: Date }>> {
  const found: Array<{ key: string; lastModified: Date }> = [];
  for await (const object of storage.list(prefix)) found.push(object);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

describe('S3 file storage (s3rver on loopback)', () => {
  let server: S3TestServer;
  let client: S3Client;
  let prefix: string;
  const storageWith = (options: Partial<S3StorageOptions> = {}) =>
    new S3FileStorage({ client, bucket: server.bucket, prefix, maxObjectBytes: 1024, publicUrl: '', publicFilesUrl: '', ...options });

  /** A client of its own that counts the commands it sends, by name. */
  const countingClient = () => {
    const counted = createS3Client({ endpoint: server.endpoint, region: server.region, accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey, forcePathStyle: true });
    const sent: Record<string, number> = {};
    counted.middlewareStack.add(
      (next, context) => async (args) => {
        sent[context.commandName ?? '?'] = (sent[context.commandName ?? '?'] ?? 0) + 1;
        return next(args);
      },
      { step: 'initialize' },
    );
    return { counted, sent };
  };

  beforeAll(async () => {
    server = await startS3Server();
    client = createS3Client({ endpoint: server.endpoint, region: server.region, accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey, forcePathStyle: true });
  });
  afterAll(async () => {
    client?.destroy();
    await server?.stop();
  });
  // Each test under its own prefix, as STORAGE_URL=s3://bucket/<prefix> would give.
  beforeEach(() => {
    prefix = `t${randomBytes(4).toString('hex')}/`;
  });

  it('stores, reads, checks and deletes an object with its content type, under the configured prefix', async () => {
    const storage = storageWith();
    await storage.put('public/x/a.png', png, { contentType: 'image/png' });
    expect(await storage.exists('public/x/a.png')).toBe(true);
    const object = await storage.get('public/x/a.png');
    expect(object).toMatchObject({ contentType: 'image/png', size: png.byteLength });
    expect(new Uint8Array(await readAll(object!.stream))).toEqual(png);
    const raw = await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }));
    expect(raw.Contents?.map((entry) => entry.Key)).toEqual([`${prefix}public/x/a.png`]);
    await storage.delete('public/x/a.png');
    expect(await storage.exists('public/x/a.png')).toBe(false);
    expect(await storage.get('public/x/a.png')).toBeNull();
  });

  it('returns null for missing objects and deleting them is harmless', async () => {
    const storage = storageWith();
    expect(await storage.get('nothing/here.png')).toBeNull();
    expect(await storage.exists('nothing/here.png')).toBe(false);
    await expect(storage.delete('nothing/here.png')).resolves.toBeUndefined();
  });

  it('refuses invalid keys, too large objects and unstorable types, and writes nothing', async () => {
    const storage = storageWith({ maxObjectBytes: 64 });
    for (const key of ['../escape.png', 'a/../../escape.png', '/tmp/escape.png', 'a//b.png', 'é.png']) {
      await expect(storage.put(key, png, { contentType: 'image/png' })).rejects.toBeInstanceOf(StorageError);
      await expect(storage.get(key)).rejects.toMatchObject({ code: 'INVALID_KEY' });
      await expect(storage.exists(key)).rejects.toMatchObject({ code: 'INVALID_KEY' });
      await expect(storage.delete(key)).rejects.toMatchObject({ code: 'INVALID_KEY' });
      await expect(storage.signedUploadUrl(key, { contentType: 'image/png', maxBytes: 10, expiresInSeconds: 60 })).rejects.toMatchObject({ code: 'INVALID_KEY' });
      await expect(storage.signedReadUrl(key, { expiresInSeconds: 60 })).rejects.toMatchObject({ code: 'INVALID_KEY' });
    }
    await expect(storage.put('big.png', new Uint8Array(65), { contentType: 'image/png' })).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await expect(storage.put('page.html', png, { contentType: 'text/html' })).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    await expect(storage.signedUploadUrl('v.svg', { contentType: 'image/svg+xml', maxBytes: 10, expiresInSeconds: 60 })).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    for (const bad of ['uploads', '../', '/etc/', 'a//']) await expect(listed(storage, bad), bad).rejects.toMatchObject({ code: 'INVALID_KEY' });
    expect(await listed(storage, '')).toEqual([]);
  });

  it('uploads large objects in parts and reads them back whole', async () => {
    const { counted, sent } = countingClient();
    const storage = storageWith({ client: counted, maxObjectBytes: 64 * 1024, partSize: 16 * 1024 });
    const bytes = new Uint8Array(randomBytes(40 * 1024 + 123));
    await storage.put('uploads/big.png', bytes, { contentType: 'image/png' });
    // 16 + 16 + 8.1 KiB: three parts, no single PutObject.
    expect(sent).toEqual({ CreateMultipartUploadCommand: 1, UploadPartCommand: 3, CompleteMultipartUploadCommand: 1 });
    const object = await storage.get('uploads/big.png');
    expect(object).toMatchObject({ contentType: 'image/png', size: bytes.byteLength });
    expect(Buffer.compare(await readAll(object!.stream), Buffer.from(bytes))).toBe(0);
    // At the part size exactly, one PutObject.
    await storage.put('uploads/edge.png', bytes.subarray(0, 16 * 1024), { contentType: 'image/png' });
    expect(sent.PutObjectCommand).toBe(1);
    expect((await storage.get('uploads/edge.png'))?.size).toBe(16 * 1024);
    counted.destroy();
  });

  it('lists every object under a prefix across ListObjectsV2 pages, with modification times', async () => {
    const { counted, sent } = countingClient();
    const storage = storageWith({ client: counted, listPageSize: 2 });
    const keys = ['uploads/avatar/u1/a.png', 'uploads/avatar/u2/b.png', 'uploads/banner/u1/deep/c.png', 'uploads/d.png', 'uploads/e.png'];
    const before = Date.now();
    for (const key of [...keys, 'uploads-not/x.png', 'public/y.png']) await storage.put(key, png, { contentType: 'image/png' });
    // An object under our prefix whose name is not a valid key (another tool's) is not listed.
    await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: `${prefix}uploads/stray file`, Body: 'x' }));

    const uploads = await listed(storage, 'uploads/');
    expect(uploads.map((object) => object.key)).toEqual(keys);
    // Six objects (five keys and the stray one), two per page.
    expect(sent.ListObjectsV2Command).toBe(3);
    for (const object of uploads) expect(Math.abs(object.lastModified.getTime() - before)).toBeLessThan(60_000);
    // One page here: s3rver walks its directories, not S3's byte order, so 'uploads-not/' can fall behind a
    // continuation token that ends in 'uploads/…' (a quirk of the test server, not of S3).
    expect((await listed(storageWith(), '')).map((object) => object.key)).toEqual(['public/y.png', 'uploads-not/x.png', ...keys]);
    expect(await listed(storage, 'nothing/')).toEqual([]);
    counted.destroy();
  });

  it('hands out a presigned PUT that the bucket accepts with the signed content type only', async () => {
    const storage = storageWith();
    const upload = await storage.signedUploadUrl('uploads/u1/photo.png', { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 60 });
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
    const url = new URL(upload.url);
    expect(url.origin).toBe(server.endpoint);
    expect(url.pathname).toBe(`/${server.bucket}/${prefix}uploads/u1/photo.png`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(Math.abs(new Date(upload.expiresAt).getTime() - Date.now() - 60_000)).toBeLessThan(5_000);

    const wrong = await fetch(upload.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: png });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain('SignatureDoesNotMatch');
    expect(await storage.exists('uploads/u1/photo.png')).toBe(false);

    const tampered = new URL(upload.url);
    tampered.pathname = `/${server.bucket}/${prefix}uploads/u2/photo.png`;
    expect((await fetch(tampered, { method: 'PUT', headers: upload.headers, body: png })).status).toBe(403);

    const right = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: png });
    expect(right.status).toBe(200);
    const stored = await storage.get('uploads/u1/photo.png');
    expect(stored).toMatchObject({ contentType: 'image/png', size: png.byteLength });
    expect(new Uint8Array(await readAll(stored!.stream))).toEqual(png);
  });

  it('refuses an expired presigned PUT', async () => {
    const storage = storageWith();
    const upload = await storage.signedUploadUrl('uploads/late.png', { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 1 });
    const url = new URL(upload.url);
    // Signed two seconds in the past with a one-second lifetime: the signature is intact, the time is over.
    url.searchParams.set('X-Amz-Date', new Date(Date.now() - 2_000).toISOString().replace(/[-:]|\.\d{3}/g, ''));
    const response = await fetch(url, { method: 'PUT', headers: upload.headers, body: png });
    expect(response.status).toBe(403);
    expect(await storage.exists('uploads/late.png')).toBe(false);
  });

  it('reads private objects through a presigned GET', async () => {
    const storage = storageWith();
    await storage.put('private/a.png', png, { contentType: 'image/png' });
    const url = await storage.signedReadUrl('private/a.png', { expiresInSeconds: 60 });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
    const forged = new URL(url);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(403);
  });

  it('builds public URLs on the app origin, or on PUBLIC_FILES_URL for public keys', () => {
    expect(storageWith().publicUrl('public/a.png')).toBe('/files/public/a.png');
    expect(storageWith({ publicUrl: 'https://bingkai.example' }).publicUrl('public/a.png')).toBe('https://bingkai.example/files/public/a.png');
    const cdn = storageWith({ publicUrl: 'https://bingkai.example', publicFilesUrl: 'https://cdn.example/files' });
    expect(cdn.publicUrl('public/a.png')).toBe('https://cdn.example/files/public/a.png');
    // Only public keys may be on the CDN; anything else stays behind the app's signed /files route.
    expect(cdn.publicUrl('private/a.png')).toBe('https://bingkai.example/files/private/a.png');
    expect(() => cdn.publicUrl('../a.png')).toThrow(StorageError);
  });

  it('is what createStorage builds from STORAGE_URL and the S3_* settings; local files stay the default', async () => {
    const signer = new UrlSigner(new TextEncoder().encode('storage-test-secret-0123456789abcdef'));
    expect(createStorage(loadConfig({}, '/tmp'), signer).driver).toBe('local');
    const env = {
      STORAGE_URL: `s3://${server.bucket}/${prefix}`,
      S3_ENDPOINT: server.endpoint,
      S3_REGION: server.region,
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
      PUBLIC_FILES_URL: 'https://cdn.example',
    };
    const storage = createStorage(loadConfig(env, '/tmp'), signer);
    expect(storage.driver).toBe('s3');
    await storage.put('public/c.png', png, { contentType: 'image/png' });
    expect(storage.publicUrl('public/c.png')).toBe('https://cdn.example/public/c.png');
    const raw = await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }));
    expect(raw.Contents?.map((entry) => entry.Key)).toEqual([`${prefix}public/c.png`]);
  });
});
