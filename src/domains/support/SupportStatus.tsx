import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VisibleStage } from './supportStages.ts';
import type { SupportStep } from './useLatestStep.ts';
import { useProgressKey } from './useProgressKey.ts';

interface SupportStatusProps {
  busy: SupportStep | null;
  /** Which run of a step `busy` is (useLatestStep). */
  stepId: number;
  /** The newest pipeline stage still running. */
  stage: VisibleStage | null;
  /** The models are still loading and no photo is placed yet. */
  warming: boolean;
  /** The placed photo has no face (it was centred). */
  noFace: boolean;
}

/** The editor's progress line (live region); it only moves forward while a step runs. Errors show at the picker (PickerAlert). */
export function SupportStatus({ busy, stepId, stage, warming, noFace }: SupportStatusProps) {
  const { t } = useTranslation();
  const progress = useProgressKey(busy, stepId, stage);
  const working = busy !== null;
  const statusText = progress ? t(`support.progress.${progress}`) : warming ? t('support.progress.warm') : '';
  return (
    <output aria-live="polite" className="flex min-h-6 items-center justify-center gap-2 text-sm" data-testid="support-status" data-busy={working ? busy : undefined}>
      {statusText && (
        <>
          <LoaderCircle className="size-4 animate-spin text-primary-ink motion-reduce:animate-none" aria-hidden="true" />
          <span>{statusText}</span>
        </>
      )}
      {!working && noFace && <span>{t('support.noFace')}</span>}
    </output>
  );
}
