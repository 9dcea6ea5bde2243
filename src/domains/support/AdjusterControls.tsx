import { RotateCcw, RotateCcwSquare, RotateCwSquare, ZoomIn, ZoomOut } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { KEY_ZOOM_FACTOR } from './adjusterMath.ts';

interface AdjusterControlsProps {
  onZoom: (factor: number) => void;
  onRotate: (degrees: number) => void;
  /** The rotation slider: uncontrolled, so a gesture can move it without a React render; it commits on release. */
  slider: RefObject<HTMLInputElement | null>;
  /** The slider's value when it is first shown. */
  rotation: number;
  onSlide: (degrees: number) => void;
  onReset: () => void;
}

/** The adjuster's buttons: zoom, ±45° turns, the rotation slider and Reset (all acting on the edited hole). */
export function AdjusterControls({ onZoom, onRotate, slider, rotation, onSlide, onReset }: AdjusterControlsProps) {
  const { t } = useTranslation();
  return (
    // Phones: zoom and rotate buttons on one row, the slider and Reset on the next; wider screens: one row.
    <div className="flex flex-col items-center gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.zoomOut')} title={t('support.adjuster.zoomOut')} onClick={() => onZoom(1 / KEY_ZOOM_FACTOR)}>
          <ZoomOut aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.zoomIn')} title={t('support.adjuster.zoomIn')} onClick={() => onZoom(KEY_ZOOM_FACTOR)}>
          <ZoomIn aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.rotateLeft')} title={t('support.adjuster.rotateLeft')} onClick={() => onRotate(-45)}>
          <RotateCcwSquare aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" size="icon" aria-label={t('support.adjuster.rotateRight')} title={t('support.adjuster.rotateRight')} onClick={() => onRotate(45)}>
          <RotateCwSquare aria-hidden="true" />
        </Button>
      </div>
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
          <span>{t('support.adjuster.rotate')}</span>
          <input
            ref={slider}
            type="range"
            min={-180}
            max={180}
            step={1}
            defaultValue={Math.round(rotation)}
            className="min-w-0 flex-1 accent-primary sm:w-44 sm:flex-none"
            onChange={(event) => onSlide(Number(event.currentTarget.value))}
          />
        </label>
        <Button type="button" variant="outline" onClick={onReset}>
          <RotateCcw aria-hidden="true" />
          {t('support.adjuster.reset')}
        </Button>
      </div>
    </div>
  );
}
