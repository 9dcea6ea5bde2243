import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Size } from '../../../core/geometry.ts';
import { Button } from '../../ui/Button.tsx';
import type { DeviceCheckResult } from './useDeviceCheck.ts';

/** The rendered result with its real size, the photo's size and the faces found. */
export function DeviceCheckResultView({ headingId, result, onMeasured }: { headingId: string; result: DeviceCheckResult | null; onMeasured: (size: Size) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        {t('pipeline.result')}
      </h2>
      {result ? (
        <div data-testid="result">
          <img
            src={result.url}
            alt={t('pipeline.resultAlt')}
            className="w-full rounded-md border border-border"
            onLoad={(event) => onMeasured({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          />
          {result.size && (
            <p className="mt-2 text-sm" data-testid="result-size" data-width={result.size.width} data-height={result.size.height}>
              {t('pipeline.resultSize', { width: result.size.width, height: result.size.height, kb: Math.round(result.bytes / 1024) })}
            </p>
          )}
          <p className="text-sm">{t('pipeline.photoSize', { width: result.photoSize.width, height: result.photoSize.height })}</p>
          <p className="mt-2 text-sm font-medium" data-testid="face-count" data-count={result.faces.length}>
            {t('pipeline.faces', { count: result.faces.length })}
          </p>
          <ul className="text-sm tabular-nums text-muted-foreground">
            {result.faces.map((face, index) => (
              <li key={index}>
                {t('pipeline.face', {
                  x: Math.round(face.box.x),
                  y: Math.round(face.box.y),
                  width: Math.round(face.box.width),
                  height: Math.round(face.box.height),
                  score: Math.round(face.score * 100),
                })}
              </li>
            ))}
          </ul>
          <Button asChild className="mt-4">
            <a href={result.url} download="bingkai-device-check.jpg">
              <Download className="size-4" aria-hidden="true" />
              {t('pipeline.download')}
            </a>
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('pipeline.noResult')}</p>
      )}
    </section>
  );
}
