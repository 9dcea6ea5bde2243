import { currencyExponent, majorAmount, type Currency } from '../../../contract/plan.ts';
import { formatNumber } from '../../lib/format.ts';

/**
 * A price kept in minor units (contract/plan.ts: IDR 49,000 is 4,900,000) in the locale's currency format:
 * "$29.90", "Rp 49.000". Rupiah goes without decimals when the amount is whole, as it is always written.
 */
export function formatPrice(amountMinor: number, currency: Currency, locale: string): string {
  const amount = majorAmount(amountMinor, currency);
  // Intl's own default for IDR (no decimals) would round sen away: a part amount keeps them.
  const digits = currency === 'IDR' && Number.isInteger(amount) ? 0 : currencyExponent[currency];
  return formatNumber(amount, locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
}
