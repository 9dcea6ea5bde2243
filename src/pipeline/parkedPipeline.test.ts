import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disposeParkedPipeline, parkPipeline, PARK_TTL_MS, takeParkedPipeline } from './parkedPipeline.ts';
import type { Pipeline } from './pipelineApi.ts';

const fakePipeline = () => ({ dispose: vi.fn() }) as unknown as Pipeline & { dispose: ReturnType<typeof vi.fn> };

describe('parkPipeline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    disposeParkedPipeline();
    vi.useRealTimers();
  });

  it('hands the parked pipeline to the first taker only, without stopping it', () => {
    const pipeline = fakePipeline();
    parkPipeline(pipeline);
    expect(takeParkedPipeline()).toBe(pipeline);
    expect(takeParkedPipeline()).toBeNull();
    vi.advanceTimersByTime(PARK_TTL_MS * 2);
    expect(pipeline.dispose).not.toHaveBeenCalled();
  });

  it('stops a pipeline nobody takes in time', () => {
    const pipeline = fakePipeline();
    parkPipeline(pipeline);
    vi.advanceTimersByTime(PARK_TTL_MS - 1);
    expect(pipeline.dispose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(pipeline.dispose).toHaveBeenCalledTimes(1);
    expect(takeParkedPipeline()).toBeNull();
  });

  it('keeps one parked pipeline: parking another stops the first, parking the same one again changes nothing', () => {
    const first = fakePipeline();
    const second = fakePipeline();
    parkPipeline(first);
    parkPipeline(first);
    expect(first.dispose).not.toHaveBeenCalled();
    parkPipeline(second);
    expect(first.dispose).toHaveBeenCalledTimes(1);
    expect(takeParkedPipeline()).toBe(second);
    vi.advanceTimersByTime(PARK_TTL_MS);
    expect(second.dispose).not.toHaveBeenCalled();
  });
});
