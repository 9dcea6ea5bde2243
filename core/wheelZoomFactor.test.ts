import { describe, expect, it } from 'vitest';
import { wheelPixels, wheelZoomFactor } from './wheelZoomFactor.ts';

describe('wheelZoomFactor', () => {
  // From src/domains/support/adjusterMath.test.ts (the photo adjuster's wheel).
  it('zooms in when scrolling up and out when scrolling down, symmetrically', () => {
    const up = wheelZoomFactor(-100);
    const down = wheelZoomFactor(100);
    expect(up).toBeGreaterThan(1);
    expect(down).toBeLessThan(1);
    expect(up * down).toBeCloseTo(1, 9);
  });

  it('counts lines as 16 px and caps a single fling', () => {
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48), 9);
    expect(wheelZoomFactor(-5000)).toBeCloseTo(wheelZoomFactor(-300), 9);
    expect(wheelZoomFactor(Number.NaN)).toBe(1);
  });

  // From src/domains/designer/canvasViewport.test.ts (the design canvas's Ctrl + wheel).
  it('turns wheel deltas into zoom factors: up zooms in, down out, lines count as px', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(-100) * wheelZoomFactor(100)).toBeCloseTo(1, 10);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48), 10);
  });

  it('zooms about 16 % per mouse-wheel notch and counts a page as 800 px', () => {
    expect(wheelZoomFactor(-100)).toBeCloseTo(Math.exp(0.15), 10);
    expect(wheelZoomFactor(-0.25, 2)).toBeCloseTo(wheelZoomFactor(-200), 10);
  });

  it('follows a trackpad pinch (ctrlKey, deltaY = −100·ln scale) exactly', () => {
    expect(wheelZoomFactor(-100 * Math.log(1.05), 0, true)).toBeCloseTo(1.05, 10);
    expect(wheelZoomFactor(100 * Math.log(1.05), 0, true)).toBeCloseTo(1 / 1.05, 10);
    expect(wheelZoomFactor(Number.NaN, 0, true)).toBe(1);
  });

  it('zooms by the same step for Ctrl + a mouse-wheel notch as for a plain notch', () => {
    expect(wheelZoomFactor(-100, 0, true)).toBeCloseTo(wheelZoomFactor(-100), 10);
    expect(wheelZoomFactor(3, 1, true)).toBeCloseTo(wheelZoomFactor(100), 10);
  });
});

describe('wheelPixels', () => {
  it('converts lines and pages to the pixels zoom and pan both use', () => {
    expect(wheelPixels(3)).toBe(3);
    expect(wheelPixels(3, 1)).toBe(48);
    expect(wheelPixels(-1, 2)).toBe(-800);
    expect(wheelZoomFactor(1, 2)).toBe(wheelZoomFactor(800));
  });
});
