import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { FACE_SAMPLE_URLS } from '../create/public.ts';
import { cn } from '../../lib/cn.ts';
import { useDesignStore } from './designStore.ts';
import type { SamplePreviewStatus } from './useSamplePreview.ts';

export interface SamplePreviewControlsProps {
  status: SamplePreviewStatus;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  /** Index into FACE_SAMPLE_URLS. */
  sample: number;
  onSampleChange: (sample: number) => void;
  /** The pipeline can run in this browser. */
  supported: boolean;
}

/** The live preview's switch ("Show sample photo"), the choice of face sample and what the preview is doing. */
export function SamplePreviewControls({ status, enabled, onEnabledChange, sample, onSampleChange, supported }: SamplePreviewControlsProps) {
  const kind = useDesignStore((state) => state.document?.kind);
  const { t } = useTranslation();
  const id = useId();
  if (!supported) return <p className="text-sm text-muted-foreground">{t('design.designer.preview.unsupported')}</p>;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border px-3 py-2" data-testid="sample-preview-controls">
      <h2 id={`${id}-title`} className="sr-only">
        {t('design.designer.preview.title')}
      </h2>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        <input type="checkbox" role="switch" aria-checked={enabled} checked={enabled} onChange={(event) => onEnabledChange(event.target.checked)} className="size-4 accent-primary" />
        {t('design.designer.preview.show')}
      </label>
      <fieldset className="flex items-center gap-1" disabled={!enabled}>
        <legend className="sr-only">{t('design.designer.preview.choose')}</legend>
        {FACE_SAMPLE_URLS.map((url, index) => (
          <label
            key={url}
            className={cn(
              'cursor-pointer rounded-md border px-2 py-1 text-xs has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              sample === index ? 'border-primary bg-primary/10 font-medium' : 'border-input',
              !enabled && 'cursor-not-allowed opacity-50',
            )}
          >
            <input type="radio" name={`${id}-sample`} className="sr-only" checked={sample === index} onChange={() => onSampleChange(index)} />
            {t('design.designer.preview.sample', { number: index + 1 })}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="sample-preview-status" data-status={status}>
        {status === 'loading' && (
          <span className="inline-flex items-center gap-1">
            <Spinner size="sm" label={t('design.designer.preview.loading')} />
          </span>
        )}
        {status === 'no-hole' && t('design.designer.preview.noHole', { context: kind })}
        {status === 'failed' && <span className="text-destructive">{t('design.designer.preview.failed')}</span>}
      </p>
    </section>
  );
}
