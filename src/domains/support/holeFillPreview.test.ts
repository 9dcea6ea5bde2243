import { describe, expect, it } from 'vitest';
import { coversHole, type LoadedFrame, type LoadedPhoto } from '../../pipeline/index.ts';
import { blurFillPlacement, FILL_BLUR_SHARE, fillCoverScale, previewFill, someHoleUncovered } from './holeFillPreview.ts';
import type { Placed } from './usePlacement.ts';

const PHOTO = { width: 2000, height: 1000 };
const HOLE = { x: 100, y: 100, width: 400, height: 400 };

describe('previewFill', () => {
  it("takes the supporter's fill in a frame campaign, transparent included", () => {
    expect(previewFill({ kind: 'edge' }, 'frame', { kind: 'keep' })).toEqual({ kind: 'edge' });
    expect(previewFill({ kind: 'transparent' }, 'frame', { kind: 'keep' })).toEqual({ kind: 'transparent' });
  });

  it("continues a background campaign's background choice, and shows the design where nothing is drawn", () => {
    expect(previewFill({ kind: 'edge' }, 'background', { kind: 'design' })).toBeNull();
    expect(previewFill({ kind: 'edge' }, 'background', { kind: 'color', color: '#dc2626' })).toEqual({ kind: 'color', color: '#dc2626' });
    expect(previewFill({ kind: 'edge' }, 'background', { kind: 'blur', radius: 12 })).toEqual({ kind: 'blur' });
    expect(previewFill({ kind: 'edge' }, 'background', { kind: 'keep' })).toEqual({ kind: 'edge' });
    expect(previewFill({ kind: 'transparent' }, 'background', { kind: 'keep' })).toBeNull();
  });
});

describe('fillCoverScale', () => {
  it('is the scale at which the photo, kept where it is, reaches every corner of the rect', () => {
    const centred = { x: 300, y: 300, scale: 0.1, rotation: 0 };
    // The 1000 px height must span the 400 px hole.
    expect(fillCoverScale(centred, PHOTO, HOLE)).toBeCloseTo(0.4, 9);
    // Off centre by 50 px, the far edge is 250 px away.
    expect(fillCoverScale({ ...centred, y: 250 }, PHOTO, HOLE)).toBeCloseTo(0.5, 9);
    const turned = { ...centred, rotation: 90 };
    expect(coversHole({ ...turned, scale: fillCoverScale(turned, PHOTO, HOLE) }, PHOTO, HOLE, 1e-6)).toBe(true);
  });
});

describe('blurFillPlacement', () => {
  it('stretches a zoomed-out photo over the box and three σ around it, and leaves a larger one as it is', () => {
    const small = { x: 300, y: 300, scale: 0.2, rotation: 0 };
    const { transform, sigma } = blurFillPlacement(small, PHOTO, HOLE);
    expect(sigma).toBeCloseTo(FILL_BLUR_SHARE * 400, 9);
    expect(transform).toMatchObject({ x: 300, y: 300, rotation: 0 });
    expect(transform.scale).toBeCloseTo((400 + 6 * sigma) / 1000, 9);
    const large = { ...small, scale: 2 };
    expect(blurFillPlacement(large, PHOTO, HOLE).transform).toEqual(large);
  });
});

describe('someHoleUncovered', () => {
  const photo = { photoId: 'p', size: PHOTO } as LoadedPhoto;
  const region = { hole: HOLE, cover: HOLE, body: HOLE, softEdge: false, shape: 'rectangle' as const };
  const frame = { frameId: 'f', regions: [region, { ...region, cover: { ...HOLE, x: 600 }, hole: { ...HOLE, x: 600 }, body: { ...HOLE, x: 600 } }] } as LoadedFrame;
  const covering = (x: number) => ({ photo, auto: { x, y: 300, scale: 0.4, rotation: 0 }, transform: { x, y: 300, scale: 0.4, rotation: 0 } });

  it('is true as soon as one hole shows part of its box empty', () => {
    const placed: Placed = { frameIndex: 0, frame, slots: [covering(300), covering(800)] };
    expect(someHoleUncovered(placed)).toBe(false);
    const zoomedOut = { ...covering(800), transform: { x: 800, y: 300, scale: 0.2, rotation: 0 } };
    expect(someHoleUncovered({ ...placed, slots: [covering(300), zoomedOut] })).toBe(true);
  });
});
