import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { framePng } from '../testing/framePng.ts';
import { SAMPLE_PHOTO_COUNT, sampleFrame } from '../testing/sampleFrame.ts';
import { FRAME_MATCH_MAX_DISTANCE, frameDetail, frameHash, PLAIN_FRAME_MAX_SPREAD, fromSignedHash, hammingDistance, toSignedHash } from './frameFingerprint.ts';

describe('frameHash (dHash of the visible pixels, on real decoded images)', () => {
  it('keeps a frame within the match distance when it is re-encoded, resized or slightly recoloured', async () => {
    const frame = await sampleFrame(1);
    const original = await frameHash(frame);
    const copies = {
      reencoded: await sharp(frame).png({ compressionLevel: 1, palette: true }).toBuffer(),
      webp: await sharp(frame).webp({ quality: 70 }).toBuffer(),
      smaller: await sharp(frame).resize(700, 700).png().toBuffer(),
      larger: await sharp(frame).resize(1600, 1600).png().toBuffer(),
      recoloured: await sharp(frame).modulate({ brightness: 1.08, saturation: 1.2, hue: 8 }).png().toBuffer(),
    };
    for (const [name, copy] of Object.entries(copies)) {
      expect({ name, distance: hammingDistance(original, await frameHash(copy)) }).toEqual({ name, distance: expect.toSatisfy((d: number) => d <= 2) });
    }
  });

  it('keeps different frames far apart: every pair of the six sample designs is at least 3× the match distance away', async () => {
    const hashes = await Promise.all(Array.from({ length: SAMPLE_PHOTO_COUNT }, (_, i) => sampleFrame(i + 1).then(frameHash)));
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) expect(hammingDistance(hashes[i]!, hashes[j]!)).toBeGreaterThanOrEqual(3 * FRAME_MATCH_MAX_DISTANCE);
    }
  });

  it('reads what is under a transparent hole as the same grey, whatever colour a copy stores there', async () => {
    const frame = await sampleFrame(2, 600);
    const { data, info } = await sharp(frame).raw().toBuffer({ resolveWithObject: true });
    // Fully transparent pixels painted another colour: invisible, so the hash must not change.
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 0) data.set([0, 255, 0], i);
    const repainted = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer();
    expect(await frameHash(repainted)).toBe(await frameHash(frame));
  });

  it('tells a plain frame (one colour around a hole) from a designed one', async () => {
    for (const colour of [[200, 30, 40], [20, 30, 200], [255, 255, 255]] as const) expect(await frameDetail(await framePng({ colour: [...colour] }))).toBeLessThanOrEqual(PLAIN_FRAME_MAX_SPREAD);
    for (let n = 1; n <= SAMPLE_PHOTO_COUNT; n++) expect(await frameDetail(await sampleFrame(n, 400))).toBeGreaterThan(3 * PLAIN_FRAME_MAX_SPREAD);
  });

  it('stores as a signed bigint and reads back unchanged, and counts bits', async () => {
    const hash = await frameHash(await framePng());
    expect(fromSignedHash(toSignedHash(hash))).toBe(hash);
    expect(fromSignedHash(toSignedHash(0xffff_ffff_ffff_ffffn))).toBe(0xffff_ffff_ffff_ffffn);
    expect(toSignedHash(0xffff_ffff_ffff_ffffn)).toBe(-1n);
    expect(hammingDistance(0n, 0xffff_ffff_ffff_ffffn)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0010n)).toBe(2);
  });
});
