import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStorage } from './localStorage.ts';
import { isValidKey, StorageError } from './storage.ts';
import { UrlSigner } from './urlSigning.ts';

const signer = new UrlSigner(new TextEncoder().encode('storage-test-secret-0123456789abcdef'));
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('storage keys', () => {
  it('accepts relative keys with safe characters', () => {
    for (const key of ['public/a.png', 'uploads/2026/x_y-z.jpg', 'a']) expect(isValidKey(key)).toBe(true);
  });

  it('refuses traversal, absolute paths and odd characters', () => {
    for (const key of ['', '../x', 'a/../b', 'a/./b', '/etc/passwd', 'a//b', 'a/', '.hidden', 'a\\b', 'a b', 'é.png', 'a/..', 'x'.repeat(513), 'a\0b']) {
      expect(isValidKey(key), key).toBe(false);
    }
  });
});

describe('local file storage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bingkai-storage-'));
    storage = new LocalFileStorage({ root, signer, maxObjectBytes: 64, publicUrl: '' });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores, reads, checks and deletes an object with its content type', async () => {
    await storage.put('public/x/a.png', png, { contentType: 'image/png' });
    expect(await storage.exists('public/x/a.png')).toBe(true);
    const object = await storage.get('public/x/a.png');
    expect(object).toMatchObject({ contentType: 'image/png', size: png.byteLength });
    expect(new Uint8Array(await readAll(object!.stream))).toEqual(png);
    await storage.delete('public/x/a.png');
    expect(await storage.exists('public/x/a.png')).toBe(false);
    expect(await storage.get('public/x/a.png')).toBeNull();
  });

  it('returns null for missing objects and deleting them is harmless', async () => {
    expect(await storage.get('nothing/here.png')).toBeNull();
    await expect(storage.delete('nothing/here.png')).resolves.toBeUndefined();
  });

  it('refuses traversal keys and writes nothing outside its root', async () => {
    for (const key of ['../escape.png', 'a/../../escape.png', '/tmp/escape.png']) {
      await expect(storage.put(key, png, { contentType: 'image/png' })).rejects.toBeInstanceOf(StorageError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageError);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it('enforces the size limit and the content-type allow list', async () => {
    await expect(storage.put('big.png', new Uint8Array(65), { contentType: 'image/png' })).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await expect(storage.put('page.html', png, { contentType: 'text/html' })).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    await expect(storage.put('v.svg', png, { contentType: 'image/svg+xml' })).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    expect(await storage.exists('big.png')).toBe(false);
  });

  it('builds public, signed read and signed upload URLs', async () => {
    expect(storage.publicUrl('public/a.png')).toBe('/files/public/a.png');
    const read = new URL(await storage.signedReadUrl('private/a.png', { expiresInSeconds: 60 }), 'http://x');
    expect(read.pathname).toBe('/files/private/a.png');
    expect(signer.verifyRead('private/a.png', read.searchParams.get('exp') ?? undefined, read.searchParams.get('sig') ?? undefined)).toBe('ok');
    expect(signer.verifyRead('private/b.png', read.searchParams.get('exp') ?? undefined, read.searchParams.get('sig') ?? undefined)).toBe('invalid');
    const upload = await storage.signedUploadUrl('uploads/a.png', { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 60 });
    expect(upload.method).toBe('PUT');
    const token = new URL(upload.url, 'http://x').searchParams.get('token') ?? undefined;
    const check = signer.verifyUpload(token);
    // The grant is capped at the storage limit.
    expect(check).toMatchObject({ ok: true, claims: { key: 'uploads/a.png', contentType: 'image/png', maxBytes: 64 } });
  });

  it('lists the objects under a prefix with their modification times', async () => {
    const list = async (prefix: string) => {
      const found: Array<{ key: string; lastModified: Date }> = [];
      for await (const object of storage.list(prefix)) found.push(object);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    };
    for (const key of ['uploads/avatar/u1/a.png', 'uploads/banner/u1/deep/b.png', 'uploads-not/c.png', 'public/d.png']) {
      await storage.put(key, png, { contentType: 'image/png' });
    }
    const old = new Date('2020-01-02T03:04:05Z');
    await utimes(join(root, 'objects', 'uploads/avatar/u1/a.png'), old, old);
    // A stray file whose name is not a valid key is not an object.
    await writeFile(join(root, 'objects', 'uploads', 'stray file'), 'x');

    const uploads = await list('uploads/');
    expect(uploads.map((object) => object.key)).toEqual(['uploads/avatar/u1/a.png', 'uploads/banner/u1/deep/b.png']);
    expect(uploads[0]?.lastModified.getTime()).toBe(old.getTime());
    expect(Math.abs((uploads[1]?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect((await list('')).map((object) => object.key)).toEqual(['public/d.png', 'uploads-not/c.png', 'uploads/avatar/u1/a.png', 'uploads/banner/u1/deep/b.png']);
    expect(await list('nothing/')).toEqual([]);
    for (const prefix of ['uploads', '../../', '/etc/', 'a//', '../objects/']) {
      await expect(list(prefix), prefix).rejects.toMatchObject({ code: 'INVALID_KEY' });
    }
  });

  it('prefixes URLs with PUBLIC_URL when configured', () => {
    const absolute = new LocalFileStorage({ root, signer, maxObjectBytes: 64, publicUrl: 'https://bingkai.example' });
    expect(absolute.publicUrl('public/a.png')).toBe('https://bingkai.example/files/public/a.png');
  });
});

describe('url signer', () => {
  it('refuses expired and forged read signatures', () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    const query = new URLSearchParams(signer.readQuery('k.png', past));
    expect(signer.verifyRead('k.png', query.get('exp') ?? undefined, query.get('sig') ?? undefined)).toBe('expired');
    const other = new UrlSigner(new TextEncoder().encode('another-secret-0123456789abcdef0123'));
    const future = Math.floor(Date.now() / 1000) + 60;
    const forged = new URLSearchParams(other.readQuery('k.png', future));
    expect(signer.verifyRead('k.png', forged.get('exp') ?? undefined, forged.get('sig') ?? undefined)).toBe('invalid');
    expect(signer.verifyRead('k.png', undefined, undefined)).toBe('invalid');
  });

  it('refuses tampered, expired and malformed upload tokens', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = signer.uploadToken({ key: 'a.png', contentType: 'image/png', maxBytes: 10, exp });
    const [payload, sig] = token.split('.');
    const tampered = Buffer.from(JSON.stringify({ key: 'a.png', contentType: 'image/png', maxBytes: 10_000_000, exp })).toString('base64url');
    expect(signer.verifyUpload(`${tampered}.${sig}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verifyUpload(`${payload}.${sig}.x`)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verifyUpload('')).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verifyUpload(undefined)).toEqual({ ok: false, reason: 'invalid' });
    const expired = signer.uploadToken({ key: 'a.png', contentType: 'image/png', maxBytes: 10, exp: exp - 120 });
    expect(signer.verifyUpload(expired)).toEqual({ ok: false, reason: 'expired' });
  });
});
