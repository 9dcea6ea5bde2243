import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { LocalFileStorage } from '../infra/storage/localStorage.ts';
import type { FileStorage } from '../infra/storage/storage.ts';
import { UrlSigner } from '../infra/storage/urlSigning.ts';
import { createTestApp, drivers } from '../testing/testApp.ts';
import { sweepRawUploads, uploadSweepJob } from './uploadSweep.ts';
import { adoptImageUpload, uploadPrefix } from './uploads.ts';

const signer = new UrlSigner(new TextEncoder().encode('sweep-test-secret-0123456789abcdef'));
const HOUR = 3600;
const account = '0b5e2c4a-1f6d-4e8a-9c3b-7d2f1a0e5b6c';

let root: string;
let storage: LocalFileStorage;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'bingkai-sweep-'));
  storage = new LocalFileStorage({ root, signer, maxObjectBytes: 1024 * 1024, publicUrl: '' });
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
}

/** Stores an object and back-dates its file, as if written `ageSeconds` ago. */
async function putAged(key: string, bytes: Uint8Array, ageSeconds: number): Promise<void> {
  await storage.put(key, bytes, { contentType: 'image/png' });
  const when = new Date(Date.now() - ageSeconds * 1000);
  await utimes(join(root, 'objects', key), when, when);
}

/** A pino logger writing JSON lines into `lines`. */
function recordingLogger(lines: Array<Record<string, unknown>>) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('raw upload sweep', () => {
  it('deletes old raw uploads only, keeping fresh uploads and adopted, kept files', async () => {
    const bytes = await png();
    const oldRaw = `${uploadPrefix('avatar', account)}old.png`;
    const oldAppealRaw = `${uploadPrefix('appeal', account)}nested-old.png`;
    const freshRaw = `${uploadPrefix('banner', account)}fresh.png`;
    await putAged(oldRaw, bytes, 2 * HOUR);
    await putAged(oldAppealRaw, bytes, 2 * HOUR);
    await putAged(freshRaw, bytes, 10 * 60);
    // Kept files of every kind, all older than the limit.
    const kept = [`public/avatars/${account}/a.webp`, `public/banners/${account}/b.webp`, `appeals/${account}/c.webp`, 'public/campaigns/demo/frame.png'];
    for (const key of kept) await putAged(key, bytes, 30 * 24 * HOUR);
    // A used upload: adopted (moved to the avatar folder), then its result aged.
    const used = `${uploadPrefix('avatar', account)}used.png`;
    await putAged(used, bytes, 2 * HOUR);
    const adopted = await adoptImageUpload(storage, { key: used, purpose: 'avatar', accountUuid: account, destination: `public/avatars/${account}` });
    await utimes(join(root, 'objects', adopted), new Date(0), new Date(0));

    const deleted = await sweepRawUploads(storage, HOUR);

    expect(deleted.sort()).toEqual([oldAppealRaw, oldRaw].sort());
    expect(await storage.exists(oldRaw)).toBe(false);
    expect(await storage.get(oldAppealRaw)).toBeNull();
    expect(await storage.exists(freshRaw)).toBe(true);
    for (const key of [...kept, adopted]) expect(await storage.exists(key), key).toBe(true);
    // The age limit is what decides: a later sweep takes the fresh one too.
    expect(await sweepRawUploads(storage, HOUR, Date.now() + HOUR * 1000)).toEqual([freshRaw]);
    expect(await sweepRawUploads(storage, HOUR)).toEqual([]);
  });

  it('does nothing when there are no uploads', async () => {
    expect(await sweepRawUploads(storage, HOUR)).toEqual([]);
  });

  it('logs a failing sweep without failing the job, so the next occurrence tries again', async () => {
    const lines: Array<Record<string, unknown>> = [];
    let calls = 0;
    const broken: Pick<FileStorage, 'list' | 'delete'> = {
      delete: (key) => storage.delete(key),
      list: async function* () {
        calls += 1;
        yield* [];
        throw new Error('listing refused');
      },
    };
    const sweep = uploadSweepJob(broken, { maxAgeSeconds: HOUR, log: recordingLogger(lines) });
    await sweep();
    await sweep();
    expect(calls).toBe(2);
    const failures = lines.filter((line) => line.msg === 'raw upload sweep failed');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ level: 40, err: { message: 'listing refused' } });
  });

  it('logs what it swept', async () => {
    await putAged(`${uploadPrefix('avatar', account)}old.png`, await png(), 2 * HOUR);
    const lines: Array<Record<string, unknown>> = [];
    await uploadSweepJob(storage, { maxAgeSeconds: HOUR, log: recordingLogger(lines) })();
    expect(lines.find((line) => line.msg === 'swept unused raw uploads')).toMatchObject({ count: 1 });
    expect(await storage.exists(`${uploadPrefix('avatar', account)}old.png`)).toBe(false);
  });
});

describe('UPLOAD_TTL_SECONDS', () => {
  it('defaults to an hour and refuses ages under a minute or not whole seconds', () => {
    expect(loadConfig({}).uploadTtlSeconds).toBe(HOUR);
    expect(loadConfig({ UPLOAD_TTL_SECONDS: '600' }).uploadTtlSeconds).toBe(600);
    for (const value of ['59', '0', '-5', '1.5', 'soon']) expect(() => loadConfig({ UPLOAD_TTL_SECONDS: value }), value).toThrow(/UPLOAD_TTL_SECONDS/);
  });
});

describe.each(drivers)('upload sweep in the server (%s)', (driver) => {
  it('sweeps old raw uploads when the app starts, and keeps the rest', async () => {
    const bytes = await png();
    const oldRaw = `${uploadPrefix('avatar', account)}old.png`;
    const freshRaw = `${uploadPrefix('avatar', account)}fresh.png`;
    const avatar = `public/avatars/${account}/kept.webp`;
    await putAged(oldRaw, bytes, 2 * HOUR);
    await putAged(freshRaw, bytes, 60);
    await putAged(avatar, bytes, 30 * 24 * HOUR);
    const t = await createTestApp(driver, { uploadTtlSeconds: HOUR }, { storage });
    try {
      await until(async () => !(await storage.exists(oldRaw)));
      expect(await storage.exists(freshRaw)).toBe(true);
      expect(await storage.exists(avatar)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
