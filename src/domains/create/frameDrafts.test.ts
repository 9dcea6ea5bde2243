import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.ts';
import type { FrameAnalysisState, FrameDraft } from './frameDrafts.ts';
import { draftFromFile, draftFromFrame, frameRefs, frameRefusal, isOpaqueDesign, moveItem, photoAreas, storedHoles } from './frameDrafts.ts';

const ready = (width: number, height: number, transparentShare: number): FrameAnalysisState => ({
  status: 'ready',
  loaded: { frameId: 'frame-1', analysis: { width, height, transparentShare, holes: [] }, regions: [] },
});
const invalid = (message: string) => new ApiError({ status: 400, code: 'FRAME_INVALID', message });

describe('moveItem', () => {
  it('moves one item and clamps the target', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('frameRefusal', () => {
  it('names a disguised JPEG and an oversized file, without repeating the server’s words', () => {
    expect(frameRefusal(new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The frame is a JPEG image' }), 'frame', { status: 'pending' })).toEqual({ key: 'notPng' });
    expect(frameRefusal(new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'big' }), 'frame', { status: 'pending' })).toEqual({ key: 'tooBig', values: { max: 10 } });
  });

  it('explains a FRAME_INVALID with the browser’s own analysis', () => {
    expect(frameRefusal(invalid('small'), 'frame', ready(400, 400, 0.5))).toEqual({ key: 'wrongSize', values: { width: 400, height: 400, min: 500, max: 4096 } });
    expect(frameRefusal(invalid('opaque'), 'frame', ready(1080, 1080, 0.01))).toEqual({ key: 'notTransparent', values: { percent: 5 } });
    expect(frameRefusal(invalid('opaque'), 'frame', { status: 'failed', code: 'FRAME_NOT_TRANSPARENT' })).toEqual({ key: 'notTransparent', values: { percent: 5 } });
    // Nothing else explains it: the server's reason is the detail.
    expect(frameRefusal(invalid('The PNG may be damaged'), 'background', ready(1080, 1080, 0))).toEqual({ key: 'invalid', detail: 'The PNG may be damaged' });
  });

  it('keeps other failures apart from refusals', () => {
    // The code, so the creator reads the translated reason and not the network error's own words.
    expect(frameRefusal(new ApiError({ status: 0, code: 'NETWORK', message: 'Failed to fetch' }), 'frame', { status: 'pending' })).toEqual({ key: 'uploadFailed', errorCode: 'NETWORK' });
    expect(frameRefusal(new TypeError('bug'), 'frame', { status: 'pending' })).toEqual({ key: 'uploadFailed' });
    expect(frameRefusal(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'sign in' }), 'frame', { status: 'pending' })).toEqual({ key: 'signIn' });
  });
});

describe('drafts', () => {
  it('refuses an oversized file before uploading, and lists refs only when every frame is accepted', () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(draftFromFile(big, 'blob:big', { status: 'pending' }).upload).toMatchObject({ status: 'refused', refusal: { key: 'tooBig' } });
    const base = draftFromFile(new File(['x'], 'a.png'), 'blob:a', { status: 'pending' });
    const kept: FrameDraft = { ...base, upload: { status: 'kept', id: 'id-1' } };
    const checked: FrameDraft = { ...base, upload: { status: 'checked', checked: { key: 'uploads/frame/u/f1', width: 600, height: 600, holes: [], transparentShare: 0.2 } } };
    expect(frameRefs([kept, checked])).toEqual([{ id: 'id-1' }, { key: 'uploads/frame/u/f1' }]);
    expect(frameRefs([kept, base])).toBeNull();
  });
});

describe('storedHoles', () => {
  it('reuses the holes the server found, for kept frames and checked uploads, and nothing else', () => {
    const hole = { x: 200, y: 150, width: 400, height: 450 };
    const kept = draftFromFrame({ id: 'f1', position: 0, url: '/files/f1.png', width: 800, height: 800, holes: [hole] }, 0, { status: 'pending' });
    expect(storedHoles(kept)).toEqual([hole]);
    const picked = draftFromFile(new File(['x'], 'a.png'), 'blob:a', { status: 'pending' });
    expect(storedHoles(picked)).toBeUndefined();
    const checked: FrameDraft = { ...picked, upload: { status: 'checked', checked: { key: 'uploads/frame/u/f1', width: 800, height: 800, holes: [hole], transparentShare: 0.28 } } };
    expect(storedHoles(checked)).toEqual([hole]);
    // A stored frame without holes (found before the current rules) is analysed in the browser.
    expect(storedHoles(draftFromFrame({ id: 'f2', position: 1, url: '/files/f2.png', width: 800, height: 800, holes: [] }, 1, { status: 'pending' }))).toBeUndefined();
  });
});

describe('opaque designs', () => {
  const picked = () => draftFromFile(new File(['x'], 'poster.png'), 'blob:poster', { status: 'pending' });

  it('offers a design refused as a frame for its transparency, and nothing else, as a background', () => {
    expect(isOpaqueDesign({ ...picked(), analysis: { status: 'failed', code: 'FRAME_NOT_TRANSPARENT' } })).toBe(true);
    expect(isOpaqueDesign({ ...picked(), upload: { status: 'refused', refusal: { key: 'notTransparent', values: { percent: 5 } } } })).toBe(true);
    expect(isOpaqueDesign({ ...picked(), upload: { status: 'refused', refusal: { key: 'notPng' } } })).toBe(false);
    expect(isOpaqueDesign({ ...picked(), analysis: { status: 'failed', code: 'FRAME_INVALID' } })).toBe(false);
    expect(isOpaqueDesign(picked())).toBe(false);
  });

  it('has no photo area to outline when the whole background design is the photo area', () => {
    // What the worker answers for an opaque background design: one hole over the whole canvas.
    const whole = { x: 0, y: 0, width: 1080, height: 1350, area: 1080 * 1350, share: 1 };
    const opaque: FrameDraft = { ...picked(), analysis: { status: 'ready', loaded: { frameId: 'f', analysis: { width: 1080, height: 1350, transparentShare: 0, holes: [whole] }, regions: [] } } };
    expect(photoAreas(opaque, 'background')).toEqual({ width: 1080, height: 1350, holes: [], regions: null });
    const hole = { x: 100, y: 100, width: 500, height: 500, area: 250_000, share: 0.17 };
    const withHole: FrameDraft = { ...picked(), analysis: { status: 'ready', loaded: { frameId: 'g', analysis: { width: 1080, height: 1350, transparentShare: 0.2, holes: [hole] }, regions: [] } } };
    expect(photoAreas(withHole, 'background')?.holes).toEqual([hole]);
    expect(photoAreas(withHole, 'frame')?.holes).toEqual([hole]);
  });

  it('keeps the browser’s regions beside their holes, and none that do not match them one to one', () => {
    const whole = { x: 0, y: 0, width: 1080, height: 1350, area: 1080 * 1350, share: 1 };
    const hole = { x: 100, y: 100, width: 500, height: 500, area: 250_000, share: 0.17 };
    const box = (rect: typeof hole) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
    const region = (rect: typeof hole) => ({ hole: box(rect), cover: box(rect), body: box(rect), softEdge: false, shape: 'rectangle' as const });
    const analysis = { width: 1080, height: 1350, transparentShare: 0.2, holes: [whole, hole] };
    const both: FrameDraft = { ...picked(), analysis: { status: 'ready', loaded: { frameId: 'h', analysis, regions: [region(whole), region(hole)] } } };
    // The whole-canvas area of a background design leaves with its region.
    expect(photoAreas(both, 'background')).toEqual({ width: 1080, height: 1350, holes: [hole], regions: [region(hole)] });
    expect(photoAreas(both, 'frame')?.regions).toEqual([region(whole), region(hole)]);
    // Regions fallen back to the first box (stored holes that no longer match the pixels) describe nothing.
    const fallen: FrameDraft = { ...both, analysis: { status: 'ready', loaded: { frameId: 'h', analysis, regions: [region(whole)] } } };
    expect(photoAreas(fallen, 'frame')?.regions).toBeNull();
    // Checked by the server only: its holes, no regions.
    const checked: FrameDraft = { ...picked(), analysis: { status: 'unsupported' }, upload: { status: 'checked', checked: { key: 'k', width: 1080, height: 1350, holes: [hole], transparentShare: 0.2 } } };
    expect(photoAreas(checked, 'frame')).toEqual({ width: 1080, height: 1350, holes: [hole], regions: null });
  });
});
