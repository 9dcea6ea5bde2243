import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPipelineError } from '../../pipeline/index.ts';

/** What the editor is busy with: loading a photo, placing it in another frame, or rendering the result. */
export type SupportStep = 'photo' | 'frame' | 'render';

/** The newest failed step and what to tell the supporter about it. */
export interface StepError {
  step: SupportStep;
  message: string;
}

export interface LatestStep {
  busy: SupportStep | null;
  /** Counts the steps started: tells two runs of the same kind apart. */
  stepId: number;
  error: StepError | null;
  step: (kind: SupportStep, work: () => Promise<void>) => Promise<void>;
}

/**
 * Runs the editor's steps one after another in the supporter's eyes: each run takes a token, and a
 * newer step makes an older one's outcome irrelevant (its error and its end are ignored).
 * `busy` is the newest running step, `error` the newest failed one.
 */
export function useLatestStep(): LatestStep {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SupportStep | null>(null);
  const [stepId, setStepId] = useState(0);
  const [error, setError] = useState<StepError | null>(null);
  const run = useRef(0);

  const step = useCallback(
    async (kind: SupportStep, work: () => Promise<void>) => {
      const token = ++run.current;
      setBusy(kind);
      setStepId(token);
      setError(null);
      try {
        await work();
      } catch (failure) {
        if (isPipelineError(failure, 'CANCELLED') || token !== run.current) return;
        console.warn(`Support step "${kind}" failed`, failure);
        setError({ step: kind, message: isPipelineError(failure) ? t(`errors.pipeline.${failure.code}`) : t('support.failed') });
      } finally {
        if (token === run.current) setBusy(null);
      }
    },
    [t],
  );

  return { busy, stepId, error, step };
}
