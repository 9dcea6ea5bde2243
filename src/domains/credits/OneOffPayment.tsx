import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nowatermarkPrices } from '../../../contract/credits.ts';
import type { NowatermarkOrderBody } from '../../../contract/creditsApi.ts';
import { apiErrorMessage } from '../../api/ApiError.ts';
import { createNowatermarkOrder } from '../../api/credits.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatMoney } from '../../lib/formatMoney.ts';
import { goToProvider, ProviderChoice, useAttemptKey, useCheckoutOptions } from '../commerce/public.ts';
import type { SupportResultData } from '../support/public.ts';
import { savePendingResult } from './pendingResultDb.ts';

/**
 * The one-off payment for a result without the watermark: priced in the account's currency, through the same
 * providers as the plan checkout. The result (photos and placement) is kept on this device first, so the return
 * from the provider can render it again; then the hosted payment page takes over.
 */
export function OneOffPayment({ uri, result, returnTo }: { uri: string; result: SupportResultData; returnTo: NowatermarkOrderBody['returnTo'] }) {
  const { t, i18n } = useTranslation();
  const termsId = useId();
  const { options, provider, setProvider, loadError } = useCheckoutOptions(t('credits.packs.loadError'));
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const currency = options?.currency ?? 'USD';
  const attemptKey = useAttemptKey(`${result.recipe?.resultKey ?? ''}:${currency}:${provider ?? ''}`);

  const pay = async () => {
    const recipe = result.recipe;
    if (busy || !recipe) return;
    if (!provider) return setError(t('credits.buy.providerRequired'));
    if (!accepted) return setError(t('credits.buy.termsRequired'));
    setError(null);
    setBusy(true);
    try {
      await savePendingResult({ uri, recipe, fileName: result.fileName, width: result.width, height: result.height, savedAt: Date.now() });
      const order = await createNowatermarkOrder(uri, { resultKey: recipe.resultKey, currency, provider, idempotencyKey: attemptKey(), returnTo, acceptTerms: true });
      if (goToProvider(order)) return;
      setError(t('credits.buy.notRedirect'));
    } catch (failure) {
      setError(apiErrorMessage(t, failure, t('errors.UNKNOWN')));
    }
    setBusy(false);
  };

  if (!options) return loadError ? <p role="alert">{loadError}</p> : <Spinner size="sm" label={t('credits.packs.loading')} />;
  const price = formatMoney(nowatermarkPrices[currency], currency, i18n.language || 'en');
  return (
    <div className="space-y-3 rounded-md border p-3" data-testid="nowatermark-one-off">
      <p className="text-sm">{t('credits.result.oneOffLead', { price })}</p>
      <ProviderChoice providers={options.providers} currency={currency} value={provider} onChange={setProvider} />
      <label htmlFor={termsId} className="flex items-start gap-2 text-sm">
        <input id={termsId} type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} className="mt-1" />
        <span>{t('credits.buy.terms')}</span>
      </label>
      <Button onClick={() => void pay()} disabled={busy}>
        {busy ? t('credits.result.working') : t('credits.result.oneOffPay', { price })}
      </Button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
