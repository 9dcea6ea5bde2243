import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPipelineError } from '../../pipeline/index.ts';

/** What the editor is busy with: loading a photo, placing it in another frame, or rendering the result. */
export type SupportStep = 'photo' | 'frame' | 'render';

/**
 * Runs the editor's steps one after another in the supporter's eyes: each run takes a token, and a
 * newer step makes an older one's outcome irrelevant (its error and its end are ignored).
 * `busy` is the newest running step, `error` the message of the newest failed one.
 */
export function useLatestStep(): { busy: SupportStep | null; error: string; step: (kind: SupportStep, work: () => Promise<void>) => Promise<void> } {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SupportStep | null>(null);
  const [error, setError] = useState('');
  const run = useRef(0);

  const step = useCallback(
    async (kind: SupportStep, work: () => Promise<void>) => {
      const token = ++run.current;
      setBusy(kind);
      setError('');
      try {
        await work();
      } catch (failure) {
        if (isPipelineError(failure, 'CANCELLED') || token !== run.current) return;
        console.warn(`Support step "${kind}" failed`, failure);
        setError(isPipelineError(failure) ? t(`errors.pipeline.${failure.code}`) : t('support.failed'));
      } finally {
        if (token === run.current) setBusy(null);
      }
    },
    [t],
  );

  return { busy, error, step };
}
