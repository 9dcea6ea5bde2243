import { useState } from 'react';
import { forwardProgress, type ProgressKey, type VisibleStage } from './supportStages.ts';
import type { SupportStep } from './useLatestStep.ts';

/**
 * What the progress line names while step `stepId` runs: the furthest point it has reached so far
 * (supportStages.ts forwardProgress), so it never steps backwards; a new step starts afresh. Null when idle.
 */
export function useProgressKey(busy: SupportStep | null, stepId: number, stage: VisibleStage | null): ProgressKey | null {
  const [shown, setShown] = useState<{ stepId: number; key: ProgressKey } | null>(null);
  if (busy === null) return null;
  const key = forwardProgress(shown?.stepId === stepId ? shown.key : null, stage ?? busy);
  // Remembered during render (React's pattern for state derived from earlier renders); it settles at once.
  if (shown?.stepId !== stepId || shown.key !== key) setShown({ stepId, key });
  return key;
}
