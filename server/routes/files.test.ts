import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { resolveSigningSecret } from '../config.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';

let pngBytes: Buffer;
let jpegBytes: Buffer;

beforeAll(async () => {
  pngBytes = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#ff0000' } }).png().toBuffer();
  jpegBytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
});

describe.each(drivers)('public files from the storage the run uses (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.storage.put('public/demo/b.png', pngBytes, { contentType: 'image/png' });
  });
  afterAll(() => t.close());

  it('serves a public key from the local directory or the bucket alike, and 404 for a missing one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/files/public/demo/b.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(Number(response.headers['content-length'])).toBe(pngBytes.byteLength);
    expect(response.rawPayload.equals(pngBytes)).toBe(true);
    const missing = await t.app.inject({ method: 'GET', url: '/files/public/demo/missing.png' });
    expect([missing.statusCode, errorEnvelope.parse(missing.json()).code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe.each(drivers)('file routes (%s)', (driver) => {
  let t: TestApp;
  let storage: FileStorage;
  let signer: UrlSigner;
  beforeAll(async () => {
    // Local storage whichever driver the run uses: the signed /files links and the /files/upload route are the local
    // driver's (S3 presigns against the bucket itself: s3Storage.test.ts), and so is a storage root on disk.
    t = await createTestApp(driver, { maxUploadBytes: 4096, storage: { driver: 'local' } });
    signer = new UrlSigner(await resolveSigningSecret(t.config));
    storage = t.storage;
    await storage.put('public/demo/a.png', pngBytes, { contentType: 'image/png' });
    await storage.put('private/secret.png', pngBytes, { contentType: 'image/png' });
  });
  afterAll(() => t.close());

  const code = (response: { json(): unknown }) => errorEnvelope.parse(response.json()).code;

  it('serves public keys without a signature, with type, length and cache headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/files/public/demo/a.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(Number(response.headers['content-length'])).toBe(pngBytes.byteLength);
    expect(response.headers['cache-control']).toContain('public');
    expect(response.rawPayload.equals(pngBytes)).toBe(true);
  });

  it('answers 404 for missing files and traversal attempts', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/files/public/demo/missing.png' })).statusCode).toBe(404);
    for (const url of ['/files/..%2F..%2Fetc%2Fpasswd', '/files/public/..%2F..%2Fsecrets%2Frequest-signing.key']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(code(response)).toBe('NOT_FOUND');
    }
    // Dot segments resolve before routing: this one names private/secret.png, which still needs a signature.
    const dotted = await t.app.inject({ method: 'GET', url: '/files/public/%2e%2e/private/secret.png' });
    expect(dotted.statusCode).toBe(403);
  });

  it('needs a valid, unexpired signature for other keys', async () => {
    expect(code(await t.app.inject({ method: 'GET', url: '/files/private/secret.png' }))).toBe('FORBIDDEN');
    const signed = await storage.signedReadUrl('private/secret.png', { expiresInSeconds: 60 });
    const ok = await t.app.inject({ method: 'GET', url: signed });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toContain('private');
    expect(ok.rawPayload.equals(pngBytes)).toBe(true);

    const expired = `/files/private/secret.png?${signer.readQuery('private/secret.png', Math.floor(Date.now() / 1000) - 1)}`;
    const expiredResponse = await t.app.inject({ method: 'GET', url: expired });
    expect(expiredResponse.statusCode).toBe(403);
    expect(errorEnvelope.parse(expiredResponse.json()).message).toContain('expired');

    const forged = signed.replace(/sig=[^&]+/, 'sig=' + 'A'.repeat(43));
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    // A signature for one key does not open another.
    await storage.put('private/other.png', pngBytes, { contentType: 'image/png' });
    expect((await t.app.inject({ method: 'GET', url: signed.replace('secret.png', 'other.png') })).statusCode).toBe(403);
  });

  async function uploadUrl(key: string, contentType = 'image/png', maxBytes = 4096, expiresInSeconds = 60) {
    return (await storage.signedUploadUrl(key, { contentType, maxBytes, expiresInSeconds })).url;
  }

  it('accepts a signed upload and serves it back', async () => {
    const url = await uploadUrl('public/uploads/new.png');
    const response = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: pngBytes });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { key: 'public/uploads/new.png', size: pngBytes.byteLength } });
    const read = await t.app.inject({ method: 'GET', url: '/files/public/uploads/new.png' });
    expect(read.rawPayload.equals(pngBytes)).toBe(true);
  });

  it('refuses forged, expired, mismatched, oversized and disguised uploads, storing nothing', async () => {
    const key = 'public/uploads/refused.png';
    const valid = await uploadUrl(key, 'image/png', 200);
    const put = (url: string, contentType: string, payload: Buffer) => t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload });

    const forged = valid.replace(/token=[^.]+/, 'token=' + Buffer.from(JSON.stringify({ key, contentType: 'image/png', maxBytes: 1e9, exp: 9e9 })).toString('base64url'));
    expect(code(await put(forged, 'image/png', pngBytes))).toBe('FORBIDDEN');
    expect(code(await put('/files/upload', 'image/png', pngBytes))).toBe('FORBIDDEN');
    const expired = await uploadUrl(key, 'image/png', 200, -5);
    expect(code(await put(expired, 'image/png', pngBytes))).toBe('FORBIDDEN');
    const message = (response: { json(): unknown }) => errorEnvelope.parse(response.json()).message;
    const otherType = await put(valid, 'image/jpeg', jpegBytes);
    expect([otherType.statusCode, message(otherType)]).toEqual([415, 'This upload takes a PNG image only']);
    // The same bytes declared as a PNG: the answer names what the file is, in plain words.
    const renamed = await put(await uploadUrl(key), 'image/png', jpegBytes);
    expect([renamed.statusCode, message(renamed)]).toEqual([415, 'This file is a JPEG image, not a PNG image; renaming a file does not change its type']);
    const tooBig = Buffer.concat([pngBytes, Buffer.alloc(300)]);
    const big = await put(valid, 'image/png', tooBig);
    expect(big.statusCode).toBe(413);
    expect(code(big)).toBe('PAYLOAD_TOO_LARGE');
    expect(message(big)).toBe('This file is too big; it may be at most 200 bytes');
    // Over the server-wide upload limit as well.
    const huge = await put(await uploadUrl(key, 'image/png', 1e9), 'image/png', Buffer.concat([pngBytes, Buffer.alloc(5000)]));
    // The link's limit is capped at the server's (4096 bytes here).
    expect([huge.statusCode, message(huge)]).toEqual([413, 'This file is too big; it may be at most 4 KB']);
    const disguised = await put(valid, 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect([disguised.statusCode, message(disguised)]).toEqual([415, 'This file is not a PNG image; renaming a file does not change its type']);
    expect(await storage.exists(key)).toBe(false);
  });

  it('does not serve files outside the storage root even if they exist', async () => {
    await writeFile(join(t.dataDir, 'outside.png'), pngBytes);
    expect((await t.app.inject({ method: 'GET', url: '/files/..%2Foutside.png' })).statusCode).toBe(404);
  });
});
