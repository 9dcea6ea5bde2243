import { ImageDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Rect } from '../../../core/geometry.ts';
import type { PhotoTransform } from '../../pipeline/index.ts';
import { cn } from '../../lib/cn.ts';
import { holeResolution } from './photoResolution.ts';

interface LowResolutionNoticeProps {
  /** The hole the photo fills, in frame pixels; none before a photo is placed. */
  hole: Rect | undefined;
  /** The committed placement (so the notice follows zooming, not every pointer move). */
  transform: PhotoTransform | undefined;
  outputScale?: number;
}

/**
 * A polite notice, not an error: the photo has fewer pixels under the hole than the result, so it will
 * be upscaled. The live region stays mounted (out of the layout while empty) so that it is announced (output: role status).
 */
export function LowResolutionNotice({ hole, transform, outputScale = 1 }: LowResolutionNoticeProps) {
  const { t } = useTranslation();
  const resolution = hole && transform ? holeResolution(hole, transform, outputScale) : null;
  const low = resolution?.low === true;
  return (
    <output data-testid="low-resolution" className={cn(low ? 'flex items-start gap-2 rounded-md bg-muted p-3 text-sm' : 'sr-only')}>
      {low && resolution && (
        <>
          <ImageDown className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t('support.lowResolution', {
              photoWidth: resolution.photo.width,
              photoHeight: resolution.photo.height,
              outputWidth: resolution.output.width,
              outputHeight: resolution.output.height,
            })}
          </span>
        </>
      )}
    </output>
  );
}
