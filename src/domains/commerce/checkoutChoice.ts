import { currencies, planPeriods, type Currency, type PaidTier, type PlanPeriod } from '../../../contract/plan.ts';

/** What a checkout buys: read from and written to the URL (/checkout?plan=creator&period=yearly&currency=IDR). */
export interface CheckoutChoice {
  tier: PaidTier;
  period: PlanPeriod;
  currency: Currency;
}

export type CheckoutParam = 'plan' | 'period' | 'currency';

const paidTiers: readonly PaidTier[] = ['supporter', 'creator'];

export function parseTier(value: string | null | undefined): PaidTier | null {
  return paidTiers.find((tier) => tier === value) ?? null;
}

export function parsePeriod(value: string | null | undefined): PlanPeriod | null {
  return planPeriods.find((period) => period === value) ?? null;
}

/** A currency code as written in a URL; case does not matter ("usd" is USD). */
export function parseCurrency(value: string | null | undefined): Currency | null {
  const code = value?.trim().toUpperCase();
  return currencies.find((currency) => currency === code) ?? null;
}

/** The checkout's choice from its query, or the parameters that are missing or wrong. */
export function parseCheckoutChoice(search: URLSearchParams): { ok: true; choice: CheckoutChoice } | { ok: false; invalid: CheckoutParam[] } {
  const tier = parseTier(search.get('plan'));
  const period = parsePeriod(search.get('period'));
  const currency = parseCurrency(search.get('currency'));
  if (tier && period && currency) return { ok: true, choice: { tier, period, currency } };
  const invalid: CheckoutParam[] = [];
  if (!tier) invalid.push('plan');
  if (!period) invalid.push('period');
  if (!currency) invalid.push('currency');
  return { ok: false, invalid };
}

export function checkoutPath(choice: CheckoutChoice): string {
  return `/checkout?${new URLSearchParams({ plan: choice.tier, period: choice.period, currency: choice.currency }).toString()}`;
}

/** An order id from a URL, when it has an order id's shape (a UUID); anything else names no order. */
export function parseOrderId(value: string | null | undefined): string | null {
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value.toLowerCase() : null;
}
