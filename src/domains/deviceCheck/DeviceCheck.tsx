import { ImagePlus } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner.tsx';
import { DeviceCheckResultView } from './DeviceCheckResultView.tsx';
import { DeviceCheckTimings } from './DeviceCheckTimings.tsx';
import { BACKGROUNDS, useDeviceCheck, type BackgroundName } from './useDeviceCheck.ts';

/** Runs the whole pipeline on a picked photo and shows each stage's time, the faces and the result. */
export function DeviceCheck() {
  const { t } = useTranslation();
  const id = useId();
  const check = useDeviceCheck();
  const [dragging, setDragging] = useState(false);

  if (!check.supported) {
    return (
      <p role="alert" className="mt-6 rounded-md border border-destructive p-4 text-destructive">
        {t('pipeline.unsupported')}
      </p>
    );
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void check.run(file);
  };

  return (
    <>
      <p className="mt-4 flex items-center gap-2 text-sm" data-testid="warm-status" data-state={check.warm}>
        {check.warm === 'loading' && <Spinner size="sm" />}
        {t(`pipeline.warm.${check.warm}`)}
      </p>

      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-6 grid gap-4 rounded-lg border-2 border-dashed p-6 sm:grid-cols-2 ${dragging ? 'border-primary bg-accent' : 'border-border'}`}
      >
        <div>
          <label htmlFor={`${id}-photo`} className="mb-2 flex items-center gap-2 font-medium">
            <ImagePlus className="size-5" aria-hidden="true" />
            {t('pipeline.photo')}
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/*"
            className="block w-full text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void check.run(file);
            }}
          />
          <p className="mt-1 text-sm text-muted-foreground">{t('pipeline.drop')}</p>
        </div>
        <div>
          <label htmlFor={`${id}-frame`} className="mb-2 block font-medium">
            {t('pipeline.frame')}
          </label>
          <input
            id={`${id}-frame`}
            type="file"
            accept="image/png,image/webp"
            className="block w-full text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void check.chooseFrame(file);
            }}
          />
          <p className="mt-1 text-sm text-muted-foreground" data-testid="frame-name" data-state={check.frameState}>
            {check.frameState === 'failed' ? t('pipeline.frameFailed') : check.frameName ? t('pipeline.frameCurrent', { name: check.frameName }) : t('pipeline.frameBundled')}
          </p>
        </div>
      </div>

      <div className="mt-4 flex items-center gap-2">
        <label htmlFor={`${id}-background`} className="font-medium">
          {t('pipeline.background.label')}
        </label>
        <select
          id={`${id}-background`}
          value={check.background}
          className="rounded-md border border-input bg-background px-2 py-1"
          onChange={(event) => check.chooseBackground(event.target.value as BackgroundName)}
        >
          {(Object.keys(BACKGROUNDS) as BackgroundName[]).map((name) => (
            <option key={name} value={name}>
              {t(`pipeline.background.${name}`)}
            </option>
          ))}
        </select>
      </div>

      <div aria-live="polite" className="mt-4 min-h-6" data-testid="run-status" data-state={check.status}>
        {check.status === 'running' && (
          <span className="flex items-center gap-2">
            <Spinner size="sm" /> {t('pipeline.running')}
          </span>
        )}
        {check.status === 'error' && (
          <p role="alert" className="text-destructive">
            {check.error}
          </p>
        )}
        {check.status !== 'error' && check.error && <p className="text-destructive">{check.error}</p>}
      </div>

      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <DeviceCheckTimings headingId={`${id}-timings`} timings={check.timings} status={check.status} longTasks={check.longTasks} />
        <DeviceCheckResultView headingId={`${id}-result`} result={check.result} onMeasured={check.measureResult} />
      </div>
    </>
  );
}
