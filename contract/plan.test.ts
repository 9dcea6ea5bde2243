import { describe, expect, it } from 'vitest';
import { hasCreatorPlan, planPeriod, planTier } from './plan.ts';

describe('plans', () => {
  it('reads the tier from the plan id (seed §1)', () => {
    expect(planTier(null)).toBe('free');
    expect(planTier('basic')).toBe('free');
    expect(planTier('premiumn-monthly')).toBe('supporter');
    expect(planTier('diamond_monthly')).toBe('creator');
    expect(hasCreatorPlan('creator-diamond')).toBe(true);
  });

  it('reads how often a plan is billed, when its id says so', () => {
    expect(planPeriod('diamond_monthly')).toBe('monthly');
    expect(planPeriod('premiumn-yearly')).toBe('yearly');
    expect(planPeriod('diamond-annual')).toBe('yearly');
    expect(planPeriod('creator-diamond')).toBeNull();
    expect(planPeriod(undefined)).toBeNull();
  });
});
