import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/**
 * Spending credits in two steps: the offer names the price, the confirm step names what stays of the balance.
 * Focus moves to the confirm button when it appears and back to the offer when it is cancelled.
 */
export function CreditSpend({ label, price, balance, busy, disabled, onConfirm }: { label: string; price: number; balance: number; busy: boolean; disabled: boolean; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const offerRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) offerRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <Button ref={offerRef} onClick={() => setConfirming(true)} disabled={disabled || busy}>
        {busy ? t('credits.result.working') : label}
      </Button>
    );
  }
  return (
    <fieldset className="space-y-2 rounded-md border p-3">
      <legend className="sr-only">{t('credits.result.confirmLabel')}</legend>
      <p className="text-sm">{t('credits.result.confirm', { count: price, left: balance - price })}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmRef}
          onClick={() => {
            setConfirming(false);
            onConfirm();
          }}
        >
          {t('credits.result.confirmSpend', { count: price })}
        </Button>
        <Button variant="outline" onClick={() => setConfirming(false)}>
          {t('credits.result.cancel')}
        </Button>
      </div>
    </fieldset>
  );
}
