import { count } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignListResponse, campaignResponse } from '../contract/campaign.ts';
import { CAMPAIGN_LIMITS } from '../contract/campaignWrite.ts';
import { campaignFrames, campaigns } from '../server/infra/db/schema.ts';
import type { FileStorage } from '../server/infra/storage/storage.ts';
import { createTestApp, drivers, signedInject, type TestApp } from '../server/testing/testApp.ts';
import { seedIfEmpty, transparentBoundingBox } from './seed.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(drivers)('demo seed (%s)', (driver) => {
  let t: TestApp;
  let storage: FileStorage;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // The app's own storage (local, or the run's s3rver with TEST_STORAGE=s3), as `npm run seed` opens it.
    storage = t.storage;
    expect(await seedIfEmpty(t.database, storage)).toBe(true);
  });
  afterAll(() => t.close());

  it('creates four public campaigns by the bingkai creator, served by the API', async () => {
    const { data } = campaignListResponse.parse((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns' })).json());
    expect(data.total).toBe(4);
    expect(data.items.map((item) => item.uri)).toEqual(['merdeka-80', 'wisuda-2026', 'garuda-fc-juara', 'lari-amal-jakarta']);
    for (const item of data.items) expect(item.creator.username).toBe('bingkai');
  });

  it('stores a 1080 px PNG frame with a transparent hole and an opaque border, and a 540 px JPEG thumbnail', async () => {
    const { data } = campaignResponse.parse((await signedInject(t.app, { method: 'GET', url: '/api/v2/campaigns/merdeka-80' })).json());
    const [frame] = data.frames;
    expect(frame).toMatchObject({ width: 1080, height: 1080, position: 0 });
    const served = await t.app.inject({ method: 'GET', url: frame!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const png = served.rawPayload;
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([1080, 1080, true]);
    const hole = frame!.holes[0]!;
    expect(await transparentBoundingBox(png)).toEqual(hole);
    expect(hole.width).toBeGreaterThan(500);
    const { data: pixels } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => pixels[(y * 1080 + x) * 4 + 3];
    expect(alphaAt(hole.x + Math.floor(hole.width / 2), hole.y + Math.floor(hole.height / 2))).toBe(0);
    expect(alphaAt(5, 5)).toBe(255);
    expect(alphaAt(540, 1070)).toBe(255);

    const thumb = await t.app.inject({ method: 'GET', url: data.thumbnailUrl });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['jpeg', 540, 540]);

    expect(data.ogImageUrl).toBe('/files/public/campaigns/merdeka-80/og.jpg');
    const og = await t.app.inject({ method: 'GET', url: data.ogImageUrl });
    const ogMeta = await sharp(og.rawPayload).metadata();
    expect([ogMeta.format, ogMeta.width, ogMeta.height]).toEqual(['jpeg', 1200, 630]);
    const square = await t.app.inject({ method: 'GET', url: '/files/public/campaigns/merdeka-80/og-square.jpg' });
    const squareMeta = await sharp(square.rawPayload).metadata();
    expect([squareMeta.format, squareMeta.width, squareMeta.height]).toEqual(['jpeg', 600, 600]);
    expect(data.premium).toBe(false);
  });

  it('records the frame analysis the server would make: a transparent share within the frame rules', async () => {
    const rows = await t.database.db.select({ share: campaignFrames.transparentShare }).from(campaignFrames);
    expect(rows).toHaveLength(4);
    for (const { share } of rows) {
      expect(share).toBeGreaterThanOrEqual(CAMPAIGN_LIMITS.frameMinTransparentShare);
      expect(share).toBeLessThan(0.6);
    }
  });

  it('does nothing on a database that already has campaigns', async () => {
    expect(await seedIfEmpty(t.database, storage)).toBe(false);
    const [row] = await t.database.db.select({ n: count() }).from(campaigns);
    expect(row?.n).toBe(4);
    const object = await storage.get('public/campaigns/wisuda-2026/frame-0.png');
    expect((await readAll(object!.stream)).byteLength).toBeGreaterThan(1000);
  });
});

describe('transparent bounding box', () => {
  it('finds the box of transparent pixels, or null when there are none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bingkai-bbox-'));
    try {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><defs><mask id="m"><rect width="100" height="50" fill="#fff"/><rect x="10" y="5" width="30" height="20" fill="#000"/></mask></defs><rect width="100" height="50" fill="#123" mask="url(#m)"/></svg>';
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      expect(await transparentBoundingBox(png)).toEqual({ x: 10, y: 5, width: 30, height: 20 });
      const opaque = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#000f' } }).png().toBuffer();
      expect(await transparentBoundingBox(opaque)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
