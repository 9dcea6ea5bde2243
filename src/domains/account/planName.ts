import type { TFunction } from 'i18next';
import { planPeriod, planTier } from '../../../contract/plan.ts';

/** A plan as the account holder knows it ("Creator plan, billed monthly"), never its raw id. */
export function planName(t: TFunction, plan: string | null | undefined): string {
  const tier = planTier(plan);
  const name = t(`profile.planName.${tier}`);
  const period = tier === 'free' ? null : planPeriod(plan);
  return period ? t(`profile.planPeriod.${period}`, { name }) : name;
}
