import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionAllowsPrefetch, whenIdle } from './whenIdle.ts';

const withConnection = (connection: object | undefined) => ({ connection }) as unknown as Navigator;

describe('connectionAllowsPrefetch', () => {
  it('refuses save-data and 2G connections, allows the rest and browsers that do not say', () => {
    expect(connectionAllowsPrefetch(withConnection({ saveData: true, effectiveType: '4g' }))).toBe(false);
    expect(connectionAllowsPrefetch(withConnection({ effectiveType: '2g' }))).toBe(false);
    expect(connectionAllowsPrefetch(withConnection({ effectiveType: 'slow-2g' }))).toBe(false);
    expect(connectionAllowsPrefetch(withConnection({ saveData: false, effectiveType: '4g' }))).toBe(true);
    expect(connectionAllowsPrefetch(withConnection(undefined))).toBe(true);
  });
});

describe('whenIdle', () => {
  let visibility: DocumentVisibilityState;
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the work once, after the page is idle, not before', () => {
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for a hidden tab to be shown', () => {
    const work = vi.fn();
    visibility = 'hidden';
    whenIdle(work);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const work = vi.fn();
    const cancel = whenIdle(work);
    cancel();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
