import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/campaign.ts';
import { creditPrices, type CreditPurchase } from '../../../contract/credits.ts';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { refundFailedRender, spendCredits } from '../../api/credits.ts';
import type { SupportResultData } from '../support/public.ts';
import { renderOnDevice } from './renderOnDevice.ts';

export type PurchaseNotice = { tone: 'done' | 'error'; text: string };

/**
 * Spending credits on a result and rendering what they bought on this device: without the watermark (the page's
 * result is replaced) or at twice the frame's size (handed to `onHighResolution` to download). A render that fails
 * after the spend asks for the credits back once and says so. An unlock already paid renders without spending.
 */
export function useResultPurchase({ campaign, result, onResult, onHighResolution, reload }: { campaign: Pick<Campaign, 'frames' | 'uri'>; result: SupportResultData; onResult: (result: SupportResultData) => void; onHighResolution: (blob: Blob) => void; reload: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<CreditPurchase | null>(null);
  const [notice, setNotice] = useState<PurchaseNotice | null>(null);
  const recipe = result.recipe;

  const render = (purchase: CreditPurchase) =>
    renderOnDevice(campaign, recipe!, purchase === 'nowatermark' ? { outputScale: 1 } : { outputScale: 2, ...(result.watermarked ? { watermark: t('support.watermark') } : {}) });

  const deliver = (purchase: CreditPurchase, blob: Blob) => {
    if (purchase === 'nowatermark') {
      onResult({ ...result, blob, watermarked: false });
      setNotice({ tone: 'done', text: t('credits.result.nowatermarkDone') });
    } else {
      onHighResolution(blob);
      setNotice({ tone: 'done', text: t('credits.result.highResolutionDone') });
    }
  };

  /** Spends the credits (charged once per result), then renders; a failed render gives the credits back. */
  const spend = async (purchase: CreditPurchase): Promise<void> => {
    if (!recipe || busy) return;
    setBusy(purchase);
    setNotice(null);
    try {
      let unlock;
      try {
        unlock = (await spendCredits(campaign.uri, { resultKey: recipe.resultKey, purchase })).unlock;
      } catch (failure) {
        setNotice({ tone: 'error', text: apiErrorMessage(t, failure, t('errors.UNKNOWN')) });
        return;
      }
      try {
        deliver(purchase, await render(purchase));
      } catch (failure) {
        console.error('The paid render failed', failure);
        const refundable = unlock.refundableUntil !== null && Date.now() < unlock.refundableUntil;
        const refunded = refundable && (await refundFailedRender(unlock.id).then(() => true, () => false));
        setNotice({ tone: 'error', text: refunded ? t('credits.result.refunded', { count: creditPrices[purchase] }) : t('credits.result.renderFailed') });
      }
    } finally {
      setBusy(null);
      reload();
    }
  };

  /** Renders a purchase already paid (earlier on this device, or by the one-off payment). */
  const renderPaid = async (purchase: CreditPurchase): Promise<void> => {
    if (!recipe || busy) return;
    setBusy(purchase);
    setNotice(null);
    try {
      deliver(purchase, await render(purchase));
    } catch (failure) {
      console.error('The render failed', failure);
      setNotice({ tone: 'error', text: t('credits.result.renderFailed') });
    } finally {
      setBusy(null);
    }
  };

  return { busy, notice, spend, renderPaid };
}
