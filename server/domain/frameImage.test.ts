import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domainError.ts';
import { framePng } from '../testing/framePng.ts';
import { refusal, statusOf } from '../testing/refusal.ts';
import { checkFrameImage } from './frameImage.ts';
import { findFrameHoles } from '../../core/frame/findFrameHoles.ts';
import { circle, syntheticFrame } from '../../core/frame/syntheticFrames.ts';

describe('checkFrameImage', () => {
  it('finds holes largest first in frame pixels, measures transparency and re-encodes the PNG', async () => {
    const png = await framePng({
      width: 1000,
      height: 800,
      holes: [
        { x: 100, y: 100, width: 200, height: 200 },
        { x: 500, y: 200, width: 400, height: 500 },
        // A speck (anti-aliasing dust), not a hole.
        { x: 20, y: 20, width: 3, height: 3 },
      ],
    });
    const checked = await checkFrameImage(png, 'frame');
    expect([checked.width, checked.height]).toEqual([1000, 800]);
    expect(checked.holes).toHaveLength(2);
    // Full-size analysis (core/frame/findFrameHoles.ts): the exact boxes, nothing but the box.
    expect(checked.holes).toEqual([
      { x: 500, y: 200, width: 400, height: 500 },
      { x: 100, y: 100, width: 200, height: 200 },
    ]);
    expect(checked.transparentShare).toBeCloseTo((200 * 200 + 400 * 500 + 9) / (1000 * 800), 4);
    const meta = await sharp(checked.png).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 1000, 800, true]);
  });

  it('refuses what is not a PNG by content, whatever the name says', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#345' } }).jpeg().toBuffer();
    const error = await refusal(checkFrameImage(jpeg, 'frame'));
    expect([statusOf(error), error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(error.message).toMatch(/JPEG image, not a PNG/);
    const text = await refusal(checkFrameImage(Buffer.from('not an image at all, just text'), 'frame'));
    expect([statusOf(text), text.code, text.message]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE', 'The frame is not a PNG image']);
  });

  it('refuses empty, damaged and oversized files', async () => {
    expect((await refusal(checkFrameImage(Buffer.alloc(0), 'frame'))).code).toBe('FRAME_INVALID');
    const png = await framePng();
    const truncated = await refusal(checkFrameImage(png.subarray(0, Math.floor(png.length / 2)), 'frame'));
    expect([statusOf(truncated), truncated.code]).toEqual([400, 'FRAME_INVALID']);
    const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await refusal(checkFrameImage(huge, 'frame'));
    expect([statusOf(tooBig), tooBig.code, tooBig.message]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'Frames are limited to 10 MB']);
  });

  it('refuses frames under 500 or over 4096 pixels a side', async () => {
    const small = await refusal(checkFrameImage(await framePng({ width: 499, height: 800, holes: [{ x: 50, y: 50, width: 300, height: 300 }] }), 'frame'));
    expect([statusOf(small), small.code, small.message]).toEqual([400, 'FRAME_INVALID', 'The frame is 499×800 pixels; frames need at least 500 pixels a side']);
    const wide = await refusal(checkFrameImage(await framePng({ width: 4097, height: 500, holes: [{ x: 0, y: 0, width: 2000, height: 500 }] }), 'frame'));
    expect([statusOf(wide), wide.code, wide.message]).toEqual([400, 'FRAME_INVALID', 'The frame is 4097×500 pixels; frames may be at most 4096 pixels a side']);
  });

  it('needs an alpha channel, enough transparency and a hole for frame campaigns', async () => {
    const opaque = await framePng({ alpha: false });
    expect((await refusal(checkFrameImage(opaque, 'frame'))).message).toMatch(/no transparent areas for the photo/);
    const thin = await framePng({ holes: [{ x: 100, y: 100, width: 80, height: 80 }] });
    const thinError = await refusal(checkFrameImage(thin, 'frame'));
    expect([thinError.code, thinError.message]).toEqual(['FRAME_INVALID', 'Only 1.8 % of the frame is transparent; a frame needs at least 5 % for the photo to show']);
    // Enough transparent pixels, but only as scattered specks: no hole a photo could show through.
    const specks = Array.from({ length: 625 }, (_, i) => ({ x: (i % 25) * 24, y: Math.floor(i / 25) * 24, width: 8, height: 8 }));
    const dust = await refusal(checkFrameImage(await framePng({ holes: specks }), 'frame'));
    expect(dust.message).toBe('The frame has no transparent area large enough to show a photo');
  });

  it('finds the holes the editor core finds, border rule included: a badge keeps only its inner window', async () => {
    const [width, height] = [600, 600];
    const rgba = syntheticFrame(width, height, (x, y) => !circle(300, 300, 290)(x, y) || circle(300, 300, 200)(x, y));
    const png = await sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer();
    const checked = await checkFrameImage(png, 'frame');
    const core = findFrameHoles({ width, height, alpha: rgba });
    expect(checked.holes).toEqual(core.holes.map(({ x, y, width: w, height: h }) => ({ x, y, width: w, height: h })));
    expect(checked.holes).toEqual([{ x: 100, y: 100, width: 400, height: 400 }]);
    expect(checked.transparentShare).toBe(core.transparentShare);
  });

  it('accepts opaque designs for background campaigns', async () => {
    const checked = await checkFrameImage(await framePng({ alpha: false }), 'background');
    expect(checked).toMatchObject({ width: 600, height: 600, holes: [], transparentShare: 0 });
  });

  it('only throws DomainErrors for bad input', async () => {
    const error = await checkFrameImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'frame').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('FRAME_INVALID');
  });
});
