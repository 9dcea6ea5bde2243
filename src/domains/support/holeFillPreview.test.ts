import { describe, expect, it } from 'vitest';
import type { LoadedFrame, LoadedPhoto } from '../../pipeline/index.ts';
import { previewFill, someHoleUncovered } from './holeFillPreview.ts';
import type { Placed } from './usePlacement.ts';

const PHOTO = { width: 2000, height: 1000 };
const HOLE = { x: 100, y: 100, width: 400, height: 400 };

describe('previewFill', () => {
  it("takes the supporter's fill in a frame campaign, transparent included (a checkerboard)", () => {
    expect(previewFill('frame', undefined, { kind: 'edge' })).toEqual({ kind: 'edge' });
    expect(previewFill('frame', undefined, { kind: 'transparent' })).toEqual({ kind: 'transparent' });
  });

  it("continues a background campaign's background choice, and shows the design where nothing is drawn", () => {
    expect(previewFill('background', { kind: 'design' }, { kind: 'edge' })).toBeNull();
    expect(previewFill('background', { kind: 'color', color: '#dc2626' }, { kind: 'edge' })).toEqual({ kind: 'color', color: '#dc2626' });
    expect(previewFill('background', { kind: 'blur', radius: 12 }, { kind: 'edge' })).toEqual({ kind: 'blur' });
    expect(previewFill('background', { kind: 'keep' }, { kind: 'edge' })).toEqual({ kind: 'edge' });
    expect(previewFill('background', { kind: 'keep' }, { kind: 'transparent' })).toBeNull();
  });

  it("draws nothing for an 'image' background, which the adjuster has no picture of", () => {
    expect(previewFill('background', { kind: 'image' }, { kind: 'edge' })).toBeNull();
  });
});

describe('someHoleUncovered', () => {
  const photo = { photoId: 'p', size: PHOTO } as LoadedPhoto;
  const region = { hole: HOLE, cover: HOLE, body: HOLE, softEdge: false, shape: 'rectangle' as const };
  const frame = { frameId: 'f', regions: [region, { ...region, cover: { ...HOLE, x: 600 }, hole: { ...HOLE, x: 600 }, body: { ...HOLE, x: 600 } }] } as LoadedFrame;
  const covering = (x: number) => ({ photo, source: new Blob(), auto: { x, y: 300, scale: 0.4, rotation: 0 }, transform: { x, y: 300, scale: 0.4, rotation: 0 } });

  it('is true as soon as one hole shows part of its box empty', () => {
    const placed: Placed = { frameIndex: 0, frame, slots: [covering(300), covering(800)] };
    expect(someHoleUncovered(placed)).toBe(false);
    const zoomedOut = { ...covering(800), transform: { x: 800, y: 300, scale: 0.2, rotation: 0 } };
    expect(someHoleUncovered({ ...placed, slots: [covering(300), zoomedOut] })).toBe(true);
  });
});
