import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../domainError.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { adoptImageUpload, checkRawUpload, IMAGE_LIMITS, processImage, uploadPrefix } from './uploads.ts';
import { refusal, statusOf } from '../testing/refusal.ts';

/** A PNG whose header claims width×height while its data is tiny (a decompression-bomb shape). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).png().toBuffer());
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('image upload checks', () => {
  it('re-encodes a real image to WebP at the avatar size, keeping its pixels', async () => {
    // Left half red, right half blue, 800×600: cover-crop to 512² keeps both halves.
    const source = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff0000' } })
      .composite([{ input: { create: { width: 400, height: 600, channels: 3, background: '#0000ff' } }, left: 400, top: 0 }])
      .png()
      .toBuffer();
    const result = await processImage(source, 'avatar');
    expect(result.contentType).toBe('image/webp');
    expect(result.bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const { data, info } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 512]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r1, , b1] = pixel(50, 256);
    const [r2, , b2] = pixel(460, 256);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(50);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(50);
  });

  it('makes banners 1500×500 and bounds appeal evidence without enlarging it', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#00aa00' } }).jpeg().toBuffer();
    const banner = await processImage(jpeg, 'banner');
    expect([banner.width, banner.height]).toEqual([1500, 500]);
    const appeal = await processImage(jpeg, 'appeal');
    expect([appeal.width, appeal.height]).toEqual([900, 900]);
  });

  it('applies EXIF orientation before resizing', async () => {
    // Stored 400×200 with orientation 6 (rotate 90°): it displays as 200×400.
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ffffff' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await processImage(rotated, 'appeal');
    expect([result.width, result.height]).toEqual([200, 400]);
  });

  it('refuses a text file named .png, an empty file, SVG and GIF by their content', async () => {
    const text = Buffer.from('this is not an image, just text renamed to photo.png');
    expect(statusOf(await refusal(processImage(text, 'avatar')))).toBe(415);
    expect(statusOf(await refusal(processImage(new Uint8Array(), 'avatar')))).toBe(400);
    expect(statusOf(await refusal(processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'avatar')))).toBe(415);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await refusal(processImage(gif, 'avatar'))).message).toMatch(/PNG, JPEG or WebP/);
  });

  it('refuses a truncated image with a clear message', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#abcdef' } }).png({ compressionLevel: 0 }).toBuffer();
    const error = await refusal(processImage(png.subarray(0, 200), 'avatar'));
    expect(statusOf(error)).toBe(400);
    expect(error.message).toMatch(/damaged/);
  });

  it('refuses too many pixels before decoding, and files over the byte limit', async () => {
    const bomb = await pngClaiming(10_000, 10_000);
    expect(bomb.byteLength).toBeLessThan(1000);
    const error = await refusal(processImage(bomb, 'avatar'));
    expect(statusOf(error)).toBe(413);
    expect(error.message).toMatch(/10000×10000 pixels/);
    const huge = Buffer.alloc(IMAGE_LIMITS.maxBytes + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(statusOf(await refusal(processImage(huge, 'avatar')))).toBe(413);
    expect((await refusal(processImage(await pngClaiming(8, 8), 'avatar'))).message).toMatch(/too small/);
  });
});

describe('refused raw uploads', () => {
  const ana = '0b7c4b1e-3f1a-4c55-9d7e-00000000000a';
  const bob = '0b7c4b1e-3f1a-4c55-9d7e-00000000000b';
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bingkai-uploads-'));
    storage = new LocalFileStorage({ root, signer: new UrlSigner(new TextEncoder().encode('uploads-test-secret-0123456789abcdef')), maxObjectBytes: 32 * 1024 * 1024, publicUrl: '' });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  async function planted(owner: string, bytes: Uint8Array, purpose: 'frame' | 'avatar' = 'frame'): Promise<string> {
    const key = `${uploadPrefix(purpose, owner)}${Math.random().toString(36).slice(2)}.png`;
    await storage.put(key, bytes, { contentType: 'image/png' });
    return key;
  }

  it('deletes an upload as soon as its check refuses it, and keeps one the check accepts', async () => {
    const bytes = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#0000' } }).png().toBuffer();
    const refused = await planted(ana, bytes);
    const error = await refusal(checkRawUpload(storage, { key: refused, purpose: 'frame', accountUuid: ana, maxBytes: 1024 * 1024 }, () => Promise.reject(new DomainError('FRAME_INVALID', 'Not this one'))));
    expect(error.message).toBe('Not this one');
    expect(await storage.exists(refused)).toBe(false);

    const accepted = await planted(ana, bytes);
    const size = await checkRawUpload(storage, { key: accepted, purpose: 'frame', accountUuid: ana, maxBytes: 1024 * 1024 }, async (read) => (await sharp(read).metadata()).width);
    expect(size).toBe(600);
    // Kept: the caller deletes it once it stored what it keeps.
    expect(await storage.exists(accepted)).toBe(true);
  });

  it('deletes an upload over the byte limit, but never someone else’s upload', async () => {
    const big = await planted(ana, new Uint8Array(4096));
    expect(statusOf(await refusal(checkRawUpload(storage, { key: big, purpose: 'frame', accountUuid: ana, maxBytes: 1024 }, async () => 'unused')))).toBe(413);
    expect(await storage.exists(big)).toBe(false);

    const bobs = await planted(bob, new Uint8Array(16));
    expect(statusOf(await refusal(checkRawUpload(storage, { key: bobs, purpose: 'frame', accountUuid: ana, maxBytes: 1024 }, () => Promise.reject(new DomainError('FRAME_INVALID', 'x')))))).toBe(403);
    expect(await storage.exists(bobs)).toBe(true);
    expect(statusOf(await refusal(checkRawUpload(storage, { key: `${uploadPrefix('frame', ana)}gone.png`, purpose: 'frame', accountUuid: ana, maxBytes: 1024 }, async () => 'unused')))).toBe(404);
  });

  it('an avatar that is not an image is refused and gone from storage at once', async () => {
    const key = await planted(ana, Buffer.from('just text saved as avatar.png'), 'avatar');
    const error = await refusal(adoptImageUpload(storage, { key, purpose: 'avatar', accountUuid: ana, destination: 'public/avatars' }));
    expect(statusOf(error)).toBe(415);
    expect(await storage.exists(key)).toBe(false);
    // Nothing else was written either.
    const left: string[] = [];
    for await (const object of storage.list('')) left.push(object.key);
    expect(left).toEqual([]);
  });
});
