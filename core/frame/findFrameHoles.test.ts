import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FRAME_MIN_HOLE_SHARE, findFrameHoles, frameAnalysisFromHoles, frameHolesProblem } from './findFrameHoles.ts';
import { labelAlpha } from './labelAlpha.ts';
import { circle, roundedRect, syntheticFrame } from './syntheticFrames.ts';

/** Generated frames: [width, height, clear(x, y)]. */
const frames: Record<string, [number, number, (x: number, y: number) => boolean]> = {
  'circle hole': [520, 500, circle(260, 250, 180)],
  'two holes': [800, 500, (x, y) => circle(200, 250, 150)(x, y) || roundedRect(450, 75, 275, 350, 40)(x, y)],
  'badge with clear corners': [600, 600, (x, y) => !circle(300, 300, 290)(x, y) || circle(300, 300, 200)(x, y)],
  'banner open to the bottom edge': [600, 700, (x, y) => x >= 100 && x < 500 && y >= 300],
  'specks only': [500, 500, (x, y) => x % 25 < 5 && y % 25 < 5],
  'diagonal stroke': [500, 500, (x, y) => x !== y],
};

/** The server's path: the PNG decoded by sharp, its alpha channel as a plane of one byte per pixel. */
async function serverAlpha(png: Buffer) {
  const { data, info } = await sharp(png).extractChannel('alpha').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, alpha: new Uint8Array(data.buffer, data.byteOffset, data.length), channels: 1 as const };
}

describe('findFrameHoles', () => {
  for (const [name, [width, height, clear]] of Object.entries(frames)) {
    it(`finds the same holes from sharp's decoded alpha plane as from the worker's RGBA on a ${name}`, async () => {
      const rgba = syntheticFrame(width, height, clear);
      const png = await sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer();
      const fromServer = findFrameHoles(await serverAlpha(png), labelAlpha);
      const fromWorker = findFrameHoles({ width, height, alpha: rgba }, labelAlpha);
      expect(fromServer).toEqual(fromWorker);
    });
  }

  it('keeps the photo inside a badge: border regions drop out when enclosed holes are enough', () => {
    const [width, height, clear] = frames['badge with clear corners']!;
    const { holes } = findFrameHoles({ width, height, alpha: syntheticFrame(width, height, clear) });
    expect(holes).toHaveLength(1);
    expect(holes[0]).toMatchObject({ x: 100, y: 100, width: 400, height: 400 });
  });

  it('keeps a window open to the edge as a hole when nothing is enclosed', () => {
    const [width, height, clear] = frames['banner open to the bottom edge']!;
    const analysis = findFrameHoles({ width, height, alpha: syntheticFrame(width, height, clear) });
    expect(analysis.holes).toEqual([{ x: 100, y: 300, width: 400, height: 400, area: 160_000, share: 160_000 / (600 * 700) }]);
    expect(frameHolesProblem(analysis)).toBeNull();
  });

  it('sorts holes largest first and names what keeps a frame from holding a photo', () => {
    const [width, height, clear] = frames['two holes']!;
    const analysis = findFrameHoles({ width, height, alpha: syntheticFrame(width, height, clear) });
    expect(analysis.holes.map(({ x, y, width: w, height: h }) => [x, y, w, h])).toEqual([
      [450, 75, 275, 350],
      [50, 100, 300, 300],
    ]);
    const [sw, sh, specks] = frames['specks only']!;
    const dust = findFrameHoles({ width: sw, height: sh, alpha: syntheticFrame(sw, sh, specks) });
    expect(dust.transparentShare).toBeCloseTo(0.04, 5);
    expect(frameHolesProblem(dust)).toBe('notTransparent');
    expect(frameHolesProblem({ ...dust, transparentShare: 0.5 })).toBe('noHole');
    // Each speck is 25 px of 250 000: under the minimum hole share.
    expect(25 / (sw * sh)).toBeLessThan(FRAME_MIN_HOLE_SHARE);
  });

  it('takes stored holes as they are, clipped to the canvas, and needs an analysis only without any', () => {
    const analysis = frameAnalysisFromHoles(1000, 800, [
      { x: 500, y: 200, width: 400, height: 500 },
      { x: 900, y: -20, width: 300, height: 120 },
      { x: 10, y: 10, width: 0, height: 50 },
    ]);
    expect(analysis).toEqual({
      width: 1000,
      height: 800,
      holes: [
        { x: 500, y: 200, width: 400, height: 500, area: 200_000, share: 0.25 },
        { x: 900, y: 0, width: 100, height: 100, area: 10_000, share: 0.0125 },
      ],
      transparentShare: 0.2625,
    });
    expect(frameAnalysisFromHoles(1000, 800, [])).toBeNull();
    expect(frameAnalysisFromHoles(100, 100, [{ x: 200, y: 0, width: 50, height: 50 }])).toBeNull();
  });
});
