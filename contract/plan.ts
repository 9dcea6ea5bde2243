/** Plan tiers (seed §1): free (no subscription), supporter (plan contains 'premiumn'), creator (plan contains 'diamond'). */
export type PlanTier = 'free' | 'supporter' | 'creator';

export function planTier(plan: string | null | undefined): PlanTier {
  if (!plan) return 'free';
  if (plan.includes('diamond')) return 'creator';
  if (plan.includes('premiumn')) return 'supporter';
  return 'free';
}

export type PlanPeriod = 'monthly' | 'yearly';

/** How often a plan is billed, when its id says so ('diamond_monthly', 'premiumn-yearly'); null otherwise. */
export function planPeriod(plan: string | null | undefined): PlanPeriod | null {
  if (!plan) return null;
  if (/month/i.test(plan)) return 'monthly';
  if (/year|annual/i.test(plan)) return 'yearly';
  return null;
}

/** Several frames and unlisted/private visibility need the creator plan. */
export const hasCreatorPlan = (plan: string | null | undefined): boolean => planTier(plan) === 'creator';

/**
 * The watermark rule of the support flow: a creator-plan campaign never carries it; a free creator's
 * campaign carries it unless the supporter has a paid plan (a creator counts as premium too).
 */
export function resultWatermarked(campaignPremium: boolean, supporterPlan: string | null | undefined): boolean {
  if (campaignPremium) return false;
  return planTier(supporterPlan) === 'free';
}
