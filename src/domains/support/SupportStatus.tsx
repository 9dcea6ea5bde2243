import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VisibleStage } from './supportStages.ts';
import type { SupportStep } from './useLatestStep.ts';

interface SupportStatusProps {
  busy: SupportStep | null;
  /** The newest pipeline stage still running. */
  stage: VisibleStage | null;
  /** The models are still loading and no photo is placed yet. */
  warming: boolean;
  /** The placed photo has no face (it was centred). */
  noFace: boolean;
  error: string;
}

/** The editor's progress line (live region) and its error message. */
export function SupportStatus({ busy, stage, warming, noFace, error }: SupportStatusProps) {
  const { t } = useTranslation();
  const working = busy !== null;
  const statusText = working ? t(stage ? `support.progress.${stage}` : `support.progress.${busy}`) : warming ? t('support.progress.warm') : '';
  return (
    <>
      <output aria-live="polite" className="flex min-h-6 items-center justify-center gap-2 text-sm" data-testid="support-status" data-busy={working ? busy : undefined}>
        {statusText && (
          <>
            <LoaderCircle className="size-4 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
            <span>{statusText}</span>
          </>
        )}
        {!working && noFace && <span>{t('support.noFace')}</span>}
      </output>
      {error && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-center text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}
