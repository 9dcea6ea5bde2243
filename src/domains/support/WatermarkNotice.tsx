import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pricingPathFor, rememberReturnPath } from '../commerce/public.ts';

/** Tells a supporter that the result carries the watermark, and where plans without it are. */
export function WatermarkNotice() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm" data-testid="watermark-notice">
      <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span>{t('support.watermarkNotice', { text: t('support.watermark') })}</span>{' '}
        <Link to={pricingPathFor('noWatermark')} onClick={() => rememberReturnPath(pathname + search)} className="font-medium underline underline-offset-4">
          {t('support.watermarkLink')}
        </Link>
      </span>
    </p>
  );
}
