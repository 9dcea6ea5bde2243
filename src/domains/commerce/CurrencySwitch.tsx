import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currencies, type Currency } from '../../../contract/plan.ts';
import { cn } from '../../lib/cn.ts';
import { parseCurrency } from './checkoutChoice.ts';

/** A labelled native select of the currencies the catalog prices in. */
export function CurrencySwitch({ value, onChange, className }: { value: Currency; onChange: (currency: Currency) => void; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className="font-medium">
        {t('commerce.currencyLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const currency = parseCurrency(event.target.value);
          if (currency) onChange(currency);
        }}
        className="h-9 rounded-md border border-input bg-background px-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {currencies.map((currency) => (
          <option key={currency} value={currency}>
            {t(`commerce.currencyName.${currency}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
