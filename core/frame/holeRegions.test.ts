import { describe, expect, it } from 'vitest';
import type { Rect } from '../geometry.ts';
import { findFrameHoles } from './findFrameHoles.ts';
import { holeRegions, SOFT_EDGE_MIN_PX, type FrameRegions } from './holeRegions.ts';
import {
  alphaFrame, circle, heart, heartFrame, polygon, rectVignette, roundedRect, roundVignette, star, starFrame, syntheticFrame,
  threeHoleFrame, twoHoleFrame, vignetteFrame,
} from './syntheticFrames.ts';

/** The frame analysed as at upload (findFrameHoles), then its regions: the path the worker takes. */
function analyse(width: number, height: number, rgba: Uint8ClampedArray): FrameRegions & { rgba: Uint8ClampedArray } {
  const frame = { width, height, alpha: rgba };
  return { ...holeRegions(frame, findFrameHoles(frame).holes), rgba };
}

const alphaAt = (rgba: Uint8ClampedArray, width: number, x: number, y: number) => rgba[(y * width + x) * 4 + 3]!;
const inside = (r: Rect, x: number, y: number) => x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height;
const contains = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

function* pixelsOf(r: Rect): Generator<[number, number]> {
  for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) yield [x, y];
}

const everyPixel = (r: Rect, test: (x: number, y: number) => boolean) => [...pixelsOf(r)].every(([x, y]) => test(x, y));

/** Every body pixel is a transparent pixel of the frame. */
function expectBodyTransparent({ rgba, width }: { rgba: Uint8ClampedArray; width: number }, body: Rect) {
  expect(body.width * body.height).toBeGreaterThan(0);
  for (const [x, y] of pixelsOf(body)) if (alphaAt(rgba, width, x, y) >= 128) expect.fail(`body pixel ${x},${y} is not transparent`);
}

describe('holeRegions: soft edges', () => {
  it('stretches the cover of a vignette over its whole fade, where the hole box stops at alpha 128', () => {
    const size = 600;
    const frame = analyse(size, size, vignetteFrame(size, 40));
    const [region] = frame.regions;
    expect(frame.regions).toHaveLength(1);
    const { hole, cover } = region!;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (alphaAt(frame.rgba, size, x, y) < 255 && !inside(cover, x, y)) expect.fail(`${x},${y} fades but is outside the cover`);
    }
    // Radius 150 + 40 px of fade: alpha reaches 128 about half-way through it.
    expect(cover).toEqual({ x: 110, y: 110, width: 380, height: 380 });
    expect(hole.x - cover.x).toBeGreaterThan(15);
    expect(cover.x + cover.width - (hole.x + hole.width)).toBeGreaterThan(15);
    expect(region!.softEdge).toBe(true);
    expect(region!.shape).toBe('ellipse');
    expectBodyTransparent(frame, region!.body);
  });

  it('keeps a hard-edged hole as it is: cover = hole = body, no soft edge', () => {
    const frame = analyse(500, 500, syntheticFrame(500, 500, (x, y) => x >= 100 && x < 400 && y >= 50 && y < 450));
    const hole = { x: 100, y: 50, width: 300, height: 400 };
    expect(frame.regions).toEqual([{ hole, cover: hole, body: hole, softEdge: false, shape: 'rectangle' }]);
    expect(frame.owner.every((owner) => owner === 1)).toBe(true);
  });

  it(`counts an edge as soft only past ${SOFT_EDGE_MIN_PX} px of partial alpha (anti-aliasing is not a fade)`, () => {
    const spill = (fade: number) => {
      const { regions } = analyse(500, 400, alphaFrame(500, 400, rectVignette(100, 80, 300, 240, fade)));
      const { hole, cover, softEdge } = regions[0]!;
      return { beyond: [hole.x - cover.x, hole.y - cover.y, cover.x + cover.width - hole.x - hole.width, cover.y + cover.height - hole.y - hole.height], softEdge };
    };
    // Pixel centres 0.5, 1.5… px out: fade 2 leaves one partial pixel, 6 leaves three, 8 four.
    expect(spill(2)).toEqual({ beyond: [1, 1, 1, 1], softEdge: false });
    expect(spill(6)).toEqual({ beyond: [3, 3, 3, 3], softEdge: false });
    expect(spill(8)).toEqual({ beyond: [4, 4, 4, 4], softEdge: true });
  });

  it('does not widen a cover with clear pixels the hole cannot reach (the corners outside a badge)', () => {
    const badge = syntheticFrame(600, 600, (x, y) => !circle(300, 300, 290)(x, y) || circle(300, 300, 200)(x, y));
    const frame = analyse(600, 600, badge);
    expect(frame.regions).toHaveLength(1);
    const { hole, cover, softEdge } = frame.regions[0]!;
    expect(hole).toEqual({ x: 100, y: 100, width: 400, height: 400 });
    expect(cover).toEqual(hole);
    expect(softEdge).toBe(false);
    expect(frame.owner.every((owner) => owner === 1)).toBe(true);
  });
});

describe('holeRegions: bodies of odd shapes', () => {
  it('puts the body of a circle on its inscribed square', () => {
    const r = 150;
    const frame = analyse(500, 500, syntheticFrame(500, 500, circle(250, 250, r)));
    const { body, shape } = frame.regions[0]!;
    expect(Math.abs(body.width - r * Math.SQRT2)).toBeLessThanOrEqual(3);
    expect(Math.abs(body.height - r * Math.SQRT2)).toBeLessThanOrEqual(3);
    expect(Math.abs(centre(body).x - 250)).toBeLessThanOrEqual(2);
    expect(Math.abs(centre(body).y - 250)).toBeLessThanOrEqual(2);
    expect(shape).toBe('ellipse');
    expectBodyTransparent(frame, body);
  });

  it('puts the body of a star in its middle, at least as large as a square in the inner pentagon', () => {
    const size = 600;
    const [cx, cy, outer] = [size / 2, size * 0.53, size * 0.45];
    const frame = analyse(size, size, starFrame(size));
    const { body, shape } = frame.regions[0]!;
    expectBodyTransparent(frame, body);
    expect(star(cx, cy, outer)(Math.floor(centre(body).x), Math.floor(centre(body).y))).toBe(true);
    // The inner pentagon (corners at 0.382·outer) holds a circle of 0.382·cos 36°·outer, and that circle a square:
    // a rectangle of ≈ 17 % of the star's area that the largest one must match or beat.
    const half = Math.floor((0.382 * Math.cos(Math.PI / 5) * outer) / Math.SQRT2) - 1;
    const square = { x: Math.round(cx - half), y: Math.round(cy - half), width: 2 * half, height: 2 * half };
    expect(everyPixel(square, star(cx, cy, outer))).toBe(true);
    expect(body.width * body.height).toBeGreaterThanOrEqual(square.width * square.height);
    expect(shape).toBe('other');
  });

  it('puts the body of a heart in its upper-middle bulk, not in the tip', () => {
    const size = 600;
    const [cx, cy, unit] = [size / 2, size * 0.52, size * 0.38];
    const frame = analyse(size, size, heartFrame(size));
    const { hole, body, shape } = frame.regions[0]!;
    expectBodyTransparent(frame, body);
    expect(heart(cx, cy, unit)(Math.floor(centre(body).x), Math.floor(centre(body).y))).toBe(true);
    expect(centre(body).y).toBeLessThan(centre(hole).y);
    expect(Math.abs(centre(body).x - cx)).toBeLessThanOrEqual(2);
    // u ∈ [−0.8, 0.8], v ∈ [−0.2, 0.9] lies inside the heart (checked below): the body is at least that large.
    const known = { x: Math.ceil(cx - 0.8 * unit), y: Math.ceil(cy - 0.9 * unit), width: Math.floor(1.6 * unit), height: Math.floor(1.1 * unit) };
    expect(everyPixel(known, heart(cx, cy, unit))).toBe(true);
    expect(body.width * body.height).toBeGreaterThanOrEqual(known.width * known.height);
    expect(shape).toBe('other');
  });

  it.each([
    ['a rectangle', 500, 400, (x: number, y: number) => x >= 60 && x < 440 && y >= 50 && y < 350, 'rectangle'],
    ['a rectangle with small rounded corners', 500, 400, roundedRect(60, 50, 380, 300, 20), 'rectangle'],
    ['a wide ellipse', 600, 400, (x: number, y: number) => ((x + 0.5 - 300) / 250) ** 2 + ((y + 0.5 - 200) / 120) ** 2 <= 1, 'ellipse'],
    ['a small circle', 300, 300, circle(150, 150, 30), 'ellipse'],
    ['a square rounded by a quarter of its side', 500, 500, roundedRect(100, 100, 300, 300, 75), 'other'],
    ['a regular octagon', 500, 500, polygon([[188, 100], [312, 100], [400, 188], [400, 312], [312, 400], [188, 400], [100, 312], [100, 188]]), 'other'],
    ['a diamond', 500, 500, polygon([[250, 50], [450, 250], [250, 450], [50, 250]]), 'other'],
    ['a star', 600, 600, star(300, 318, 270), 'other'],
    ['a heart', 600, 600, heart(300, 312, 228), 'other'],
  ] as const)('names the outline of %s', (_, width, height, clear, shape) => {
    expect(analyse(width, height, syntheticFrame(width, height, clear)).regions[0]!.shape).toBe(shape);
  });
});

describe('holeRegions: several holes', () => {
  it('splits two mirrored windows at the midline, each with its own pixels and cover', () => {
    const [width, height] = [800, 500];
    const frame = analyse(width, height, twoHoleFrame(width, height));
    const [left, right] = frame.regions;
    expect(left!.hole).toEqual({ x: 80, y: 75, width: 240, height: 350 });
    expect(right!.hole).toEqual({ x: 480, y: 75, width: 240, height: 350 });
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) if (frame.owner[y * width + x] !== (x < width / 2 ? 1 : 2)) expect.fail(`${x},${y} owned by ${frame.owner[y * width + x]}`);
    }
    for (const region of [left!, right!]) {
      expect(region.cover).toEqual(region.hole);
      expect(region.softEdge).toBe(false);
      expect(contains(region.hole, region.body)).toBe(true);
      expectBodyTransparent(frame, region.body);
    }
  });

  it('gives the middle column of an odd-width frame to the lower index', () => {
    const [width, height] = [801, 500];
    const rgba = twoHoleFrame(width, height);
    const { holes } = findFrameHoles({ width, height, alpha: rgba });
    const middle = (owner: Uint8Array) => new Set(Array.from({ length: height }, (_, y) => owner[y * width + 400]));
    expect(holes.map((h) => h.x)).toEqual([80, 481]);
    expect(middle(holeRegions({ width, height, alpha: rgba }, holes).owner)).toEqual(new Set([1]));
    const swapped = holeRegions({ width, height, alpha: rgba }, [holes[1]!, holes[0]!]);
    expect(middle(swapped.owner)).toEqual(new Set([1]));
    expect(swapped.regions.map((r) => r.hole.x)).toEqual([481, 80]);
  });

  it('gives the middle column of two fades that meet to the lower index, cover included', () => {
    const [width, height] = [801, 400];
    const left = roundVignette(200, 200, 120, 100);
    const right = roundVignette(601, 200, 120, 100);
    const frame = { width, height, alpha: alphaFrame(width, height, (x, y) => Math.min(left(x, y), right(x, y))) };
    const holes = findFrameHoles(frame).holes;
    expect(holes.map((h) => h.x)).toEqual([30, 431]);
    const ends = (regions: FrameRegions['regions']) => regions.map(({ cover }) => [cover.x, cover.x + cover.width]);
    expect(ends(holeRegions(frame, holes).regions)).toEqual([[0, 401], [401, 801]]);
    expect(ends(holeRegions(frame, [holes[1]!, holes[0]!]).regions)).toEqual([[400, 801], [0, 400]]);
  });

  it('keeps the covers of two vignettes whose fades meet each in its own half', () => {
    const [width, height] = [800, 400];
    const left = roundVignette(200, 200, 120, 100);
    const right = roundVignette(600, 200, 120, 100);
    const frame = analyse(width, height, alphaFrame(width, height, (x, y) => Math.min(left(x, y), right(x, y))));
    expect(frame.regions).toHaveLength(2);
    const [a, b] = frame.regions.toSorted((p, q) => p.hole.x - q.hole.x);
    expect(a!.cover.x + a!.cover.width).toBe(400);
    expect(b!.cover.x).toBe(400);
    for (const region of [a!, b!]) {
      expect(region.softEdge).toBe(true);
      expect(contains(region.cover, region.hole)).toBe(true);
    }
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (alphaAt(frame.rgba, width, x, y) < 255 && !inside(x < 400 ? a!.cover : b!.cover, x, y)) expect.fail(`${x},${y} fades outside its half's cover`);
      }
    }
  });

  it('gives every pixel of a three-window frame to the hole nearest to it (4-connected steps)', () => {
    const [width, height] = [450, 300];
    const frame = analyse(width, height, threeHoleFrame(width, height));
    expect(frame.regions.map((r) => r.shape)).toEqual(['rectangle', 'rectangle', 'ellipse']);
    const own: [number, number][][] = frame.regions.map(() => []);
    frame.regions.forEach(({ hole, cover, body }, i) => {
      expect(cover).toEqual(hole);
      expect(contains(hole, body)).toBe(true);
      expectBodyTransparent(frame, body);
      for (const [x, y] of pixelsOf(hole)) {
        if (alphaAt(frame.rgba, width, x, y) >= 128) continue;
        own[i]!.push([x, y]);
        if (frame.owner[y * width + x] !== i + 1) expect.fail(`${x},${y} of hole ${i} owned by ${frame.owner[y * width + x]}`);
      }
    });
    // Oracle: the smallest Manhattan distance to each hole's pixels, ties to the lower index.
    for (let y = 3; y < height; y += 17) {
      for (let x = 5; x < width; x += 13) {
        const distances = own.map((pixels) => Math.min(...pixels.map(([px, py]) => Math.abs(px - x) + Math.abs(py - y))));
        expect(frame.owner[y * width + x], `${x},${y}`).toBe(distances.indexOf(Math.min(...distances)) + 1);
      }
    }
  });

  it('lets a small window inside a larger one’s box keep its own pixels', () => {
    // An L-shaped window with a square window in its notch.
    const ell = (x: number, y: number) => (x >= 50 && x < 150 && y >= 50 && y < 350) || (x >= 50 && x < 350 && y >= 270 && y < 350);
    const square = (x: number, y: number) => x >= 200 && x < 300 && y >= 80 && y < 180;
    const frame = analyse(400, 400, syntheticFrame(400, 400, (x, y) => ell(x, y) || square(x, y)));
    const [big, small] = frame.regions;
    expect(big!.hole).toEqual({ x: 50, y: 50, width: 300, height: 300 });
    expect(small!.hole).toEqual({ x: 200, y: 80, width: 100, height: 100 });
    expect(small!.body).toEqual(small!.hole);
    expect(everyPixel(small!.hole, (x, y) => frame.owner[y * 400 + x] === 2)).toBe(true);
    expect(big!.body).toEqual({ x: 50, y: 50, width: 100, height: 300 });
  });
});

describe('holeRegions without the second phase', () => {
  it('finds the same regions and leaves only the pixels no growth reached unowned', () => {
    for (const [width, height, rgba] of [[600, 600, vignetteFrame(600, 40)], [800, 500, twoHoleFrame(800, 500)]] as const) {
      const holes = findFrameHoles({ width, height, alpha: rgba }).holes;
      const full = holeRegions({ width, height, alpha: rgba }, holes);
      const quick = holeRegions({ width, height, alpha: rgba }, holes, { ownEveryPixel: false });
      expect(quick.regions).toEqual(full.regions);
      for (let i = 0; i < width * height; i++) {
        if (quick.owner[i] !== (rgba[i * 4 + 3]! < 255 ? full.owner[i] : 0)) expect.fail(`pixel ${i}: ${quick.owner[i]} vs ${full.owner[i]}`);
      }
    }
  });
});

describe('holeRegions: input', () => {
  it('reads a one-channel alpha plane like RGBA, and leaves the frame as it was', () => {
    const [width, height] = [450, 300];
    const rgba = threeHoleFrame(width, height);
    const before = rgba.slice();
    const { holes } = findFrameHoles({ width, height, alpha: rgba });
    const plane = Uint8Array.from({ length: width * height }, (_, i) => rgba[i * 4 + 3]!);
    const fromPlane = holeRegions({ width, height, alpha: plane, channels: 1 }, holes);
    const fromRgba = holeRegions({ width, height, alpha: rgba }, holes);
    expect(fromPlane.regions).toEqual(fromRgba.regions);
    expect(Buffer.from(fromPlane.owner).equals(Buffer.from(fromRgba.owner))).toBe(true);
    expect(Buffer.from(rgba).equals(Buffer.from(before))).toBe(true);
  });

  it('rounds stored holes to whole pixels and clips them to the canvas, in the order given', () => {
    const width = 400;
    const rgba = syntheticFrame(width, 300, (x, y) => (x < 100 && y >= 100 && y < 200) || (x >= 250 && x < 350 && y >= 50 && y < 250));
    const { regions, owner } = holeRegions({ width, height: 300, alpha: rgba }, [
      { x: 249.6, y: 50.2, width: 100.1, height: 199.9 },
      { x: -30, y: 100, width: 130, height: 100 },
    ]);
    expect(regions.map((r) => r.hole)).toEqual([{ x: 250, y: 50, width: 100, height: 200 }, { x: 0, y: 100, width: 100, height: 100 }]);
    expect([owner[0], owner[299 * width + 399]]).toEqual([2, 1]);
  });

  it('refuses bad input with a RangeError', () => {
    const [width, height] = [100, 80];
    const alpha = syntheticFrame(width, height, (x, y) => x >= 20 && x < 60 && y >= 20 && y < 60);
    const frame = { width, height, alpha };
    const hole = { x: 20, y: 20, width: 40, height: 40 };
    const bad: [string, () => unknown][] = [
      ['no hole', () => holeRegions(frame, [])],
      ['256 holes', () => holeRegions(frame, Array.from({ length: 256 }, () => hole))],
      ['an empty rect', () => holeRegions(frame, [hole, { x: 30, y: 30, width: 0, height: 10 }])],
      ['a rect off the canvas', () => holeRegions(frame, [{ x: 120, y: 10, width: 20, height: 20 }])],
      ['a rect of NaN', () => holeRegions(frame, [{ x: Number.NaN, y: 0, width: 10, height: 10 }])],
      ['a rect on opaque pixels', () => holeRegions(frame, [hole, { x: 70, y: 10, width: 20, height: 20 }])],
      ['the same rect twice', () => holeRegions(frame, [hole, hole])],
      ['a zero width', () => holeRegions({ ...frame, width: 0 }, [hole])],
      ['a fractional height', () => holeRegions({ ...frame, height: 79.5 }, [hole])],
      ['too few bytes', () => holeRegions({ ...frame, alpha: alpha.subarray(4) }, [hole])],
      ['three channels', () => holeRegions({ ...frame, channels: 3 as unknown as 4 }, [hole])],
    ];
    for (const [name, call] of bad) expect(call, name).toThrow(RangeError);
    expect(holeRegions(frame, [hole]).regions[0]!.body).toEqual(hole);
  });
});
