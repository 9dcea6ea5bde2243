import { findOffer, type Currency, type PaidTier } from '../../../contract/plan.ts';

/** What paying yearly saves against twelve monthly payments, in minor units and whole percent. */
export function yearlySaving(tier: PaidTier, currency: Currency): { amount: number; percent: number } {
  const twelveMonths = findOffer(tier, 'monthly').prices[currency] * 12;
  const amount = twelveMonths - findOffer(tier, 'yearly').prices[currency];
  return { amount: Math.max(0, amount), percent: twelveMonths > 0 ? Math.max(0, Math.round((amount / twelveMonths) * 100)) : 0 };
}
