import { describe, expect, it } from 'vitest';
import { autoPlace, zoomAt } from '../../pipeline/index.ts';
import { holeResolution, leastSharpHole } from './photoResolution.ts';

const HOLE = { x: 100, y: 100, width: 600, height: 400 };
const at = (scale: number, rotation = 0) => ({ x: 400, y: 300, scale, rotation });

describe('holeResolution', () => {
  it('calls a photo upscaled into the hole low, with the pixels on both sides', () => {
    // A 240 px wide photo covering a 600 px hole: 2.5 frame px per photo px.
    expect(holeResolution(HOLE, at(2.5))).toEqual({ photo: { width: 240, height: 160 }, output: { width: 600, height: 400 }, low: true });
  });

  it('accepts a photo at 1:1 or denser, and 1:1 up to rounding', () => {
    expect(holeResolution(HOLE, at(1)).low).toBe(false);
    expect(holeResolution(HOLE, at(0.25)).low).toBe(false);
    expect(holeResolution(HOLE, at(1 + 1e-9)).low).toBe(false);
    expect(holeResolution(HOLE, at(1.01)).low).toBe(true);
  });

  it('counts the output scale: a 2× result needs twice the pixels across', () => {
    expect(holeResolution(HOLE, at(0.6), 1).low).toBe(false);
    expect(holeResolution(HOLE, at(0.6), 2)).toEqual({ photo: { width: 1000, height: 667 }, output: { width: 1200, height: 800 }, low: true });
  });

  it('ignores rotation', () => {
    expect(holeResolution(HOLE, at(2, 45))).toEqual(holeResolution(HOLE, at(2)));
  });

  it('changes with zoom: a large photo placed to cover is fine until zoomed in past 1:1', () => {
    const photo = { width: 1200, height: 900 };
    const placed = autoPlace({ photo, faces: [], hole: HOLE });
    expect(holeResolution(HOLE, placed).low).toBe(false);
    const zoomed = zoomAt(placed, 3, { x: 400, y: 300 }, photo, HOLE);
    expect(zoomed.scale).toBeGreaterThan(1);
    expect(holeResolution(HOLE, zoomed).low).toBe(true);
  });

  it('depends on the hole it is asked about', () => {
    const small = { x: 0, y: 0, width: 200, height: 200 };
    expect(holeResolution(small, at(2)).photo).toEqual({ width: 100, height: 100 });
  });
});

describe('leastSharpHole', () => {
  it('picks the hole whose photo is enlarged the most, so a notice warns when any hole is low', () => {
    const sharp = { hole: HOLE, transform: at(0.5) };
    const blurry = { hole: { x: 0, y: 0, width: 100, height: 100 }, transform: at(3) };
    expect(leastSharpHole([sharp, blurry])).toBe(blurry);
    expect(leastSharpHole([blurry, sharp])).toBe(blurry);
    expect(leastSharpHole([])).toBeUndefined();
  });
});
