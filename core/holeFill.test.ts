import { describe, expect, it } from 'vitest';
import {
  blurFillPlacement,
  coverScaleAbout,
  EDGE_SAMPLE_SIDE,
  effectiveHoleFill,
  fillChoiceApplies,
  HOLE_FILL_BLUR_SHARE,
  holeFillBlurSigma,
  ringMeanColor,
  sampleSize,
  stretchToCover,
} from './holeFill.ts';
import { coversHole } from './placement.ts';
import type { BackgroundChoice, HoleFill } from './pipelineTypes.ts';

const PHOTO = { width: 2000, height: 1000 };
const HOLE = { x: 100, y: 100, width: 400, height: 400 };

describe('effectiveHoleFill', () => {
  const fills: HoleFill[] = [{ kind: 'blur' }, { kind: 'edge' }, { kind: 'color', color: '#2563eb' }];

  it("takes the supporter's fill when the photo keeps its background, on either campaign type", () => {
    for (const fill of fills) {
      for (const type of ['frame', 'background'] as const) {
        expect(effectiveHoleFill(type, undefined, fill)).toEqual(fill);
        expect(effectiveHoleFill(type, { kind: 'keep' }, fill)).toEqual(fill);
      }
    }
  });

  it("leaves a transparent fill see-through on a frame campaign, and the design showing on a background campaign", () => {
    expect(effectiveHoleFill('frame', undefined, { kind: 'transparent' })).toEqual({ kind: 'transparent' });
    expect(effectiveHoleFill('frame', { kind: 'keep' }, { kind: 'transparent' })).toEqual({ kind: 'transparent' });
    expect(effectiveHoleFill('background', { kind: 'keep' }, { kind: 'transparent' })).toBeNull();
  });

  it('continues a replaced background into the hole, whatever the fill', () => {
    for (const fill of [...fills, { kind: 'transparent' } as const]) {
      for (const type of ['frame', 'background'] as const) {
        expect(effectiveHoleFill(type, { kind: 'design' }, fill)).toBeNull();
        expect(effectiveHoleFill(type, { kind: 'color', color: '#dc2626' }, fill)).toEqual({ kind: 'color', color: '#dc2626' });
        expect(effectiveHoleFill(type, { kind: 'blur', radius: 12 }, fill)).toEqual({ kind: 'blur' });
        expect(effectiveHoleFill(type, { kind: 'image' }, fill)).toEqual({ kind: 'image' });
      }
    }
  });
});

describe('fillChoiceApplies', () => {
  it("is true exactly when effectiveHoleFill shows the supporter's fill", () => {
    const choices: (BackgroundChoice | undefined)[] = [undefined, { kind: 'keep' }, { kind: 'design' }, { kind: 'color', color: '#000000' }, { kind: 'blur', radius: 4 }, { kind: 'image' }];
    const marker: HoleFill = { kind: 'color', color: '#123456' };
    for (const choice of choices) expect(fillChoiceApplies(choice)).toBe(effectiveHoleFill('frame', choice, marker) === marker);
  });
});

describe('holeFillBlurSigma', () => {
  it("is the share of the box's smaller side", () => {
    expect(holeFillBlurSigma({ width: 120, height: 300 })).toBeCloseTo(HOLE_FILL_BLUR_SHARE * 120, 12);
    expect(holeFillBlurSigma({ width: 500, height: 80 })).toBeCloseTo(4, 12);
  });
});

describe('coverScaleAbout', () => {
  it('is the scale at which the photo, kept where it is, reaches every corner of the rect', () => {
    const centred = { x: 300, y: 300, scale: 0.1, rotation: 0 };
    // The 1000 px height must span the 400 px hole.
    expect(coverScaleAbout(centred, PHOTO, HOLE)).toBeCloseTo(0.4, 9);
    // Off centre by 50 px, the far edge is 250 px away.
    expect(coverScaleAbout({ ...centred, y: 250 }, PHOTO, HOLE)).toBeCloseTo(0.5, 9);
  });

  it('covers the rect at any rotation, and no smaller scale does', () => {
    for (const rotation of [0, 17, 45, 90, -130, 200]) {
      const t = { x: 320, y: 280, scale: 0.1, rotation };
      const scale = coverScaleAbout(t, PHOTO, HOLE);
      expect(coversHole({ ...t, scale }, PHOTO, HOLE, 1e-6)).toBe(true);
      expect(coversHole({ ...t, scale: scale * 0.99 }, PHOTO, HOLE, 1e-6)).toBe(false);
    }
  });
});

describe('stretchToCover', () => {
  it('scales a short photo up about its centre and leaves a larger one as it is', () => {
    const small = { x: 300, y: 300, scale: 0.2, rotation: 30 };
    const stretched = stretchToCover(small, PHOTO, HOLE);
    expect(stretched).toMatchObject({ x: 300, y: 300, rotation: 30 });
    expect(stretched.scale).toBeCloseTo(coverScaleAbout(small, PHOTO, HOLE), 12);
    const large = { ...small, scale: 2 };
    expect(stretchToCover(large, PHOTO, HOLE)).toEqual(large);
  });
});

describe('blurFillPlacement', () => {
  it('stretches a zoomed-out photo over the box and three σ around it, and leaves a larger one as it is', () => {
    const small = { x: 300, y: 300, scale: 0.2, rotation: 0 };
    const { transform, sigma } = blurFillPlacement(small, PHOTO, HOLE);
    expect(sigma).toBeCloseTo(HOLE_FILL_BLUR_SHARE * 400, 9);
    expect(transform).toMatchObject({ x: 300, y: 300, rotation: 0 });
    expect(transform.scale).toBeCloseTo((400 + 6 * sigma) / 1000, 9);
    const large = { ...small, scale: 2 };
    expect(blurFillPlacement(large, PHOTO, HOLE).transform).toEqual(large);
  });
});

describe('sampleSize', () => {
  it('fits the longest side within the sample side, keeping the aspect, never enlarging', () => {
    expect(sampleSize({ width: 4000, height: 3000 }, EDGE_SAMPLE_SIDE)).toEqual({ width: 64, height: 48 });
    expect(sampleSize({ width: 300, height: 4000 }, 256)).toEqual({ width: 19, height: 256 });
    expect(sampleSize({ width: 40, height: 30 }, EDGE_SAMPLE_SIDE)).toEqual({ width: 40, height: 30 });
    expect(sampleSize({ width: 10000, height: 10 }, EDGE_SAMPLE_SIDE)).toEqual({ width: 64, height: 1 });
    expect(sampleSize({ width: 0, height: 0 }, EDGE_SAMPLE_SIDE)).toEqual({ width: 1, height: 1 });
  });
});

/** `width` × `height` RGBA pixels: `ring` on the outermost ring, `inside` elsewhere. */
function ringed(width: number, height: number, ring: readonly number[], inside: readonly number[]): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const onRing = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      data.set(onRing ? ring : inside, (y * width + x) * 4);
    }
  }
  return data;
}

describe('ringMeanColor', () => {
  it('reads only the outermost ring', () => {
    expect(ringMeanColor(ringed(8, 6, [10, 200, 30, 255], [250, 0, 0, 255]), 8, 6)).toBe('rgba(10, 200, 30, 1.000)');
  });

  it('weighs each ring pixel by its alpha, and reports the mean alpha', () => {
    // An 8×6 ring has 24 pixels: the top row (8) half-transparent blue, the rest opaque red.
    const data = ringed(8, 6, [255, 0, 0, 255], [0, 255, 0, 255]);
    for (let x = 0; x < 8; x++) data.set([0, 0, 255, 85], x * 4);
    const total = 16 * 255 + 8 * 85;
    const red = Math.round((16 * 255 * 255) / total);
    const blue = Math.round((8 * 85 * 255) / total);
    expect(ringMeanColor(data, 8, 6)).toBe(`rgba(${red}, 0, ${blue}, ${(total / 24 / 255).toFixed(3)})`);
  });

  it('counts each pixel of a one-pixel-wide or one-pixel-high copy once', () => {
    const column = new Uint8ClampedArray([0, 0, 0, 255, 100, 100, 100, 255, 200, 200, 200, 255]);
    expect(ringMeanColor(column, 1, 3)).toBe('rgba(100, 100, 100, 1.000)');
    expect(ringMeanColor(column, 3, 1)).toBe('rgba(100, 100, 100, 1.000)');
  });

  it('is fully transparent when the ring is', () => {
    expect(ringMeanColor(ringed(5, 5, [90, 90, 90, 0], [255, 255, 255, 255]), 5, 5)).toBe('rgba(0, 0, 0, 0)');
  });
});
