import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyExponent } from '../../../contract/plan.ts';
import type { EarningsBalance } from '../../../contract/monetization.ts';
import { apiErrorMessage } from '../../api/index.ts';
import { requestPayout } from '../../api/monetization.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { FormError, TextField } from '../../ui/TextField.tsx';
import { formatMoney } from '../../lib/formatMoney.ts';

/** A major-unit amount as typed ("150000", "150.000,50", "10.5") in minor units, or null when it is not one. */
export function minorFromInput(text: string, currency: EarningsBalance['currency']): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d+([.,]\d{3})*([.,]\d{1,2})?$/.test(cleaned)) return null;
  const decimal = /[.,]\d{1,2}$/.exec(cleaned);
  const whole = (decimal ? cleaned.slice(0, decimal.index) : cleaned).replace(/[.,]/g, '');
  const fraction = decimal ? decimal[0].slice(1).padEnd(2, '0') : '00';
  const value = Number(whole) * 10 ** currencyExponent[currency] + Number(fraction);
  return Number.isSafeInteger(value) ? value : null;
}

/** Asks for a payout of at least the minimum and at most what is available, in one currency. */
export function PayoutRequestForm({ balance, onDone }: { balance: EarningsBalance; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const hintId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const minimum = formatMoney(balance.minimumPayout, balance.currency, locale);
  const available = formatMoney(balance.available, balance.currency, locale);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minor = minorFromInput(amount, balance.currency);
    if (minor === null || minor <= 0) return setError(t('monetization.payout.invalid'));
    if (minor < balance.minimumPayout) return setError(t('monetization.payout.belowMinimum', { minimum }));
    if (minor > balance.available) return setError(t('monetization.payout.aboveAvailable', { available }));
    setError(undefined);
    setFailure(null);
    setPending(true);
    try {
      await requestPayout({ currency: balance.currency, amount: minor });
      setAmount('');
      onDone();
    } catch (failed) {
      setFailure(apiErrorMessage(t, failed, t('monetization.payout.failed')));
    } finally {
      setPending(false);
    }
  }

  return (
    <form aria-label={t('monetization.payout.title', { currency: balance.currency })} className="space-y-2" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('monetization.payout.amount', { currency: balance.currency })}
        name={`payout-${balance.currency}`}
        inputMode="decimal"
        value={amount}
        onValueChange={setAmount}
        error={error}
        hint={<span id={hintId}>{t('monetization.payout.limits', { minimum, available })}</span>}
      />
      <FormError message={failure} />
      <SubmitButton pending={pending} size="sm">
        {t('monetization.payout.submit')}
      </SubmitButton>
    </form>
  );
}
