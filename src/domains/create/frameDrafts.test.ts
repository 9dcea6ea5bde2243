import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.ts';
import type { FrameAnalysisState, FrameDraft } from './frameDrafts.ts';
import { draftFromFile, draftFromFrame, frameRefs, frameRefusal, moveItem, storedHoles } from './frameDrafts.ts';

const ready = (width: number, height: number, transparentShare: number): FrameAnalysisState => ({
  status: 'ready',
  loaded: { frameId: 'frame-1', analysis: { width, height, transparentShare, holes: [] } },
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
  it('names a disguised JPEG and an oversized file', () => {
    expect(frameRefusal(new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The frame is a JPEG image' }), 'frame', { status: 'pending' })).toEqual({ key: 'notPng', detail: 'The frame is a JPEG image' });
    expect(frameRefusal(new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'big' }), 'frame', { status: 'pending' })).toMatchObject({ key: 'tooBig', values: { max: 10 } });
  });

  it('explains a FRAME_INVALID with the browser’s own analysis', () => {
    expect(frameRefusal(invalid('small'), 'frame', ready(400, 400, 0.5))).toEqual({ key: 'wrongSize', values: { width: 400, height: 400, min: 500, max: 4096 }, detail: 'small' });
    expect(frameRefusal(invalid('opaque'), 'frame', ready(1080, 1080, 0.01))).toMatchObject({ key: 'notTransparent', values: { percent: 5 } });
    expect(frameRefusal(invalid('opaque'), 'frame', { status: 'failed', code: 'FRAME_NOT_TRANSPARENT' })).toMatchObject({ key: 'notTransparent' });
    // Background designs need no transparency: the server's reason stands.
    expect(frameRefusal(invalid('no alpha'), 'background', ready(1080, 1080, 0))).toEqual({ key: 'invalid', detail: 'no alpha' });
  });

  it('keeps other failures apart from refusals', () => {
    expect(frameRefusal(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' }), 'frame', { status: 'pending' })).toEqual({ key: 'uploadFailed', detail: 'offline' });
    expect(frameRefusal(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'sign in' }), 'frame', { status: 'pending' })).toMatchObject({ key: 'signIn' });
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
