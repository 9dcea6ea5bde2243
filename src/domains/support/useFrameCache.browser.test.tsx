import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignFrame } from '../../../contract/campaign.ts';
import { createPipeline, type Pipeline, type ProgressEvent } from '../../pipeline/index.ts';
import { useFrameCache } from './useFrameCache.ts';

const url = '/tests/fixtures/generated/frame-circle.png';
let pipeline: Pipeline | undefined;

afterEach(() => {
  cleanup();
  pipeline?.dispose();
  pipeline = undefined;
});

/** Loads frames[0] through the hook with a real pipeline and image worker. */
async function loadFirst(frames: CampaignFrame[]) {
  pipeline = createPipeline();
  const events: ProgressEvent[] = [];
  pipeline.onProgress((event) => events.push(event));
  const { result } = renderHook(() => useFrameCache(pipeline!, frames, 'frame'));
  const loaded = await result.current(0);
  return { loaded, events };
}

describe('useFrameCache', () => {
  it('uses the holes the campaign payload carries and does not analyse the frame again', async () => {
    // A hole no analysis of this PNG would find (its window is a circle around the centre): if it comes back, no analysis ran.
    const stored = { x: 10, y: 20, width: 30, height: 40 };
    const { loaded } = await loadFirst([{ id: 'f1', position: 0, url, width: 1080, height: 1080, holes: [stored] }]);
    expect(loaded.analysis.width).toBe(1080);
    expect(loaded.analysis.holes).toEqual([{ ...stored, area: 1200, share: 1200 / (1080 * 1080) }]);
  }, 60_000);

  it('analyses a frame in the browser when the payload has no holes', async () => {
    const { loaded, events } = await loadFirst([{ id: 'f1', position: 0, url, width: 1080, height: 1080, holes: [] }]);
    const [hole] = loaded.analysis.holes;
    // The circular window (r ≈ 368 around 540, 500) found in the pixels.
    expect(hole!.x).toBeGreaterThan(150);
    expect(hole!.x + hole!.width).toBeLessThan(930);
    expect(hole!.width).toBeGreaterThan(700);
    expect(loaded.analysis.transparentShare).toBeGreaterThan(0.3);
    expect(events).toContainEqual(expect.objectContaining({ stage: 'analyze', status: 'done' }));
  }, 60_000);
});
