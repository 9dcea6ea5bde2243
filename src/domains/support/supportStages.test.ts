import { describe, expect, it } from 'vitest';
import { currentStage, forwardProgress, trackStages, type ProgressKey, type VisibleStage } from './supportStages.ts';

describe('trackStages', () => {
  it('adds started stages and removes finished or failed ones', () => {
    let running: VisibleStage[] = [];
    running = trackStages(running, { stage: 'decode', status: 'start' });
    running = trackStages(running, { stage: 'face', status: 'start' });
    expect(running).toEqual(['decode', 'face']);
    expect(currentStage(running)).toBe('face');
    running = trackStages(running, { stage: 'face', status: 'error', ms: 3, code: 'MODEL_LOAD_FAILED' });
    expect(running).toEqual(['decode']);
    running = trackStages(running, { stage: 'decode', status: 'done', ms: 5 });
    expect(running).toEqual([]);
    expect(currentStage(running)).toBeNull();
  });

  it('ignores the quiet warm-up and previews, and ends that never started', () => {
    expect(trackStages([], { stage: 'warm', status: 'start' })).toEqual([]);
    expect(trackStages([], { stage: 'preview', status: 'start' })).toEqual([]);
    expect(trackStages(['decode'], { stage: 'preview', status: 'start' })).toEqual(['decode']);
    expect(trackStages(['place'], { stage: 'encode', status: 'done', ms: 1 })).toEqual(['place']);
  });

  it('counts a stage that runs twice once per run', () => {
    let running: VisibleStage[] = ['decode'];
    running = trackStages(running, { stage: 'decode', status: 'start' });
    running = trackStages(running, { stage: 'decode', status: 'done', ms: 1 });
    expect(running).toEqual(['decode']);
  });
});

describe('forwardProgress', () => {
  it('follows a photo step through its stages and never steps back between or behind them', () => {
    // What the pipeline reports while a photo loads: its decode, a gap, faces, a frame analysed in the background, placement.
    const reported = ['photo', 'decode', 'photo', 'face', 'analyze', 'photo', 'place', 'photo'] as const;
    const shown: string[] = [];
    let current: ProgressKey | null = null;
    for (const next of reported) {
      current = forwardProgress(current, next);
      shown.push(current);
    }
    expect(shown).toEqual(['photo', 'decode', 'decode', 'face', 'face', 'face', 'place', 'place']);
  });

  it('starts from whatever a step reports first', () => {
    expect(forwardProgress(null, 'render')).toBe('render');
    expect(forwardProgress(null, 'segment')).toBe('segment');
  });

  it('orders a render: segmentation, then composing, then saving', () => {
    expect(forwardProgress('render', 'segment')).toBe('segment');
    expect(forwardProgress('segment', 'composite')).toBe('composite');
    expect(forwardProgress('composite', 'encode')).toBe('encode');
    // A restarted worker decoding again does not take the line back.
    expect(forwardProgress('segment', 'decode')).toBe('segment');
  });
});
