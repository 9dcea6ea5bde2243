import { describe, expect, it } from 'vitest';
import { currentStage, trackStages, type VisibleStage } from './supportStages.ts';

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

  it('ignores the quiet warm-up and ends that never started', () => {
    expect(trackStages([], { stage: 'warm', status: 'start' })).toEqual([]);
    expect(trackStages(['place'], { stage: 'encode', status: 'done', ms: 1 })).toEqual(['place']);
  });

  it('counts a stage that runs twice once per run', () => {
    let running: VisibleStage[] = ['decode'];
    running = trackStages(running, { stage: 'decode', status: 'start' });
    running = trackStages(running, { stage: 'decode', status: 'done', ms: 1 });
    expect(running).toEqual(['decode']);
  });
});
