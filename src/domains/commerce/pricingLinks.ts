import { tierFor, type PaidTier, type PlanUnlock } from '../../../contract/plan.ts';

/** The page that goes deeper on one tier. */
export const tierPricingPage: Record<PaidTier, string> = { supporter: '/pricing/supporters', creator: '/pricing/creators' };

/** Where a plan lock sends people: the pricing page of the cheapest tier that unlocks it, with that plan preselected. */
export function pricingPathFor(unlock: PlanUnlock): string {
  const tier = tierFor(unlock);
  return `${tierPricingPage[tier]}?plan=${tier}`;
}
