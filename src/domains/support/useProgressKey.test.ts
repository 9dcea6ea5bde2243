import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VisibleStage } from './supportStages.ts';
import type { SupportStep } from './useLatestStep.ts';
import { useProgressKey } from './useProgressKey.ts';

interface Props {
  busy: SupportStep | null;
  stepId: number;
  stage: VisibleStage | null;
}

const start = (props: Props) => renderHook((p: Props) => useProgressKey(p.busy, p.stepId, p.stage), { initialProps: props });

describe('useProgressKey', () => {
  it('only moves forward while the editor loads a photo', () => {
    const { result, rerender } = start({ busy: 'photo', stepId: 1, stage: null });
    const seen = [result.current];
    for (const stage of ['decode', null, 'face', 'analyze', null, 'place'] as const) {
      rerender({ busy: 'photo', stepId: 1, stage });
      seen.push(result.current);
    }
    expect(seen).toEqual(['photo', 'decode', 'decode', 'face', 'face', 'face', 'place']);
  });

  it('is null when idle and starts afresh with the next step, also one of the same kind', () => {
    const { result, rerender } = start({ busy: 'photo', stepId: 1, stage: 'face' });
    expect(result.current).toBe('face');
    rerender({ busy: 'photo', stepId: 2, stage: null });
    expect(result.current).toBe('photo');
    rerender({ busy: null, stepId: 2, stage: null });
    expect(result.current).toBeNull();
    rerender({ busy: 'render', stepId: 3, stage: 'segment' });
    expect(result.current).toBe('segment');
    rerender({ busy: 'render', stepId: 3, stage: null });
    expect(result.current).toBe('segment');
  });
});
