import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Campaign } from '../../../contract/campaign.ts';
import { fetchResultUnlocks } from '../../api/credits.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useOrderStatus } from '../commerce/public.ts';
import { setSupportResult } from '../support/public.ts';
import { deletePendingResult, loadPendingResult, type PendingResult } from './pendingResultDb.ts';
import { renderOnDevice } from './renderOnDevice.ts';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Phase = { kind: 'failed' } | { kind: 'gone' };

/**
 * Back from the one-off payment (/{uri}/support?action=nowatermark&order=…): waits for the order to be paid, then
 * renders the result this device kept for it again, without the watermark, and opens the result page to download
 * it. When the device no longer has the photo, or the payment did not go through, it says so and shows `children`
 * (the editor) to pick a photo again.
 */
export function NowatermarkReturn({ campaign, orderId, children }: { campaign: Campaign; orderId: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const validOrder = orderId && ORDER_ID.test(orderId) ? orderId : null;
  const watch = useOrderStatus(validOrder);
  const [pending, setPending] = useState<PendingResult | null | undefined>(undefined);
  const [phase, setPhase] = useState<Phase | null>(null);
  const [attempt, setAttempt] = useState(0);
  const paid = watch.phase === 'settled' && watch.order.status === 'paid';
  const settledUnpaid = (watch.phase === 'settled' && !paid) || watch.phase === 'missing' || watch.phase === 'error' || !validOrder;

  useEffect(() => {
    let active = true;
    void loadPendingResult(campaign.uri).then((found) => active && setPending(found));
    return () => {
      active = false;
    };
  }, [campaign.uri]);

  useEffect(() => {
    if (!paid || !pending) return;
    let active = true;
    (async () => {
      const unlocks = await fetchResultUnlocks(campaign.uri, pending.recipe.resultKey);
      // The kept result is not the one this payment unlocked (another attempt since): it was not paid for.
      if (!unlocks.nowatermark?.paid) return active && setPhase({ kind: 'gone' });
      const blob = await renderOnDevice(campaign, pending.recipe, { outputScale: 1 });
      if (!active) return;
      setSupportResult({ uri: campaign.uri, blob, fileName: pending.fileName, format: pending.recipe.format, width: pending.width, height: pending.height, frameId: pending.recipe.frameId, watermarked: false, recipe: pending.recipe });
      await deletePendingResult(campaign.uri);
      void navigate(`/${campaign.uri}/result`, { replace: true });
    })().catch((failure: unknown) => {
      console.error('The paid result could not be rendered again', failure);
      if (active) setPhase({ kind: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [paid, pending, campaign, navigate, attempt]);

  if (settledUnpaid) {
    return (
      <>
        <p role="alert" className="mb-4 rounded-lg border border-destructive p-4">{t('credits.result.returnNotPaid')}</p>
        {children}
      </>
    );
  }
  if (phase?.kind === 'gone' || (paid && pending === null)) {
    return (
      <>
        <output className="mb-4 block rounded-lg border p-4" data-testid="nowatermark-gone">
          {t('credits.result.returnGone')}
        </output>
        {children}
      </>
    );
  }
  if (phase?.kind === 'failed') {
    return (
      <div role="alert" className="space-y-3 rounded-lg border border-destructive p-4">
        <p>{t('credits.result.returnFailed')}</p>
        <Button
          variant="outline"
          onClick={() => {
            setPhase(null);
            setAttempt((current) => current + 1);
          }}
        >
          {t('credits.result.retry')}
        </Button>
      </div>
    );
  }
  return (
    <output className="flex items-center gap-2 rounded-lg border p-4">
      <Spinner size="sm" />
      <span>{t(paid ? 'credits.result.returnRendering' : 'credits.result.returnWaiting')}</span>
    </output>
  );
}
