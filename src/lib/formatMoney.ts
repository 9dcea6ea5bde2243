import { currencyExponent, majorAmount, type Currency } from '../../contract/plan.ts';
import { formatNumber } from './format.ts';

/**
 * Money kept in minor units (contract/plan.ts: IDR 49,000 is 4,900,000), in the locale's currency format: "$29.90",
 * "Rp 49.000". Rupiah goes without decimals when the amount is whole, as it is always written; a part amount keeps
 * its sen (Intl's own default for IDR would round them away). Every price, payment, donation and payout shows so.
 * Kept apart from format.ts: contract/plan.ts brings zod, which a page that shows no money (the campaign page) must not load.
 */
export function formatMoney(amountMinor: number, currency: Currency, locale: string): string {
  const amount = majorAmount(amountMinor, currency);
  const digits = currency === 'IDR' && Number.isInteger(amount) ? 0 : currencyExponent[currency];
  return formatNumber(amount, locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
}
