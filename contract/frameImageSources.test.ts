import { describe, expect, it } from 'vitest';
import { FRAME_DISPLAY_SIZE, frameDisplaySize, frameImageSources } from './frameImageSources.ts';

describe('frameDisplaySize', () => {
  it('fits a frame inside FRAME_DISPLAY_SIZE, keeping its shape, and never enlarges one', () => {
    expect(frameDisplaySize({ width: 1080, height: 1080 })).toEqual({ width: FRAME_DISPLAY_SIZE, height: FRAME_DISPLAY_SIZE });
    expect(frameDisplaySize({ width: 1080, height: 1350 })).toEqual({ width: 614, height: 768 });
    expect(frameDisplaySize({ width: 4000, height: 1000 })).toEqual({ width: 768, height: 192 });
    expect(frameDisplaySize({ width: 500, height: 400 })).toEqual({ width: 500, height: 400 });
  });
});

describe('frameImageSources', () => {
  const frame = { url: '/files/public/campaigns/c/frames/a.png', width: 1080, height: 1350 };

  it('offers the display rendition and the PNG by width, with the sizes given, and keeps the PNG as src', () => {
    expect(frameImageSources(frame, '/files/public/campaigns/c/frame-display-b.webp', '50vw')).toEqual({
      src: frame.url,
      srcSet: '/files/public/campaigns/c/frame-display-b.webp 614w, /files/public/campaigns/c/frames/a.png 1080w',
      sizes: '50vw',
    });
  });

  it('gives the PNG alone without a rendition, or when the rendition is no smaller', () => {
    expect(frameImageSources(frame, null, '50vw')).toEqual({ src: frame.url });
    expect(frameImageSources({ ...frame, width: 600, height: 600 }, '/files/d.webp', '50vw')).toEqual({ src: frame.url });
  });
});
