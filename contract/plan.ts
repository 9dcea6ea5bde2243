import { z } from 'zod';

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
export const hasCreatorPlan = (plan: string | null | undefined): boolean => planAllows(plan, 'severalFrames');

/**
 * The watermark rule of the support flow: a creator-plan campaign never carries it; a free creator's
 * campaign carries it unless the supporter has a paid plan (a creator counts as premium too).
 */
export function resultWatermarked(campaignPremium: boolean, supporterPlan: string | null | undefined): boolean {
  if (campaignPremium) return false;
  return !planAllows(supporterPlan, 'noWatermark');
}

/**
 * What can be bought, as data, in one place: the pricing pages, the plan locks of the UI and the
 * server's checks all read this. Bump PLAN_CATALOG_VERSION whenever a price or an unlock changes;
 * an order records the version it was priced with.
 */
export const PLAN_CATALOG_VERSION = 1;

export const currencies = ['IDR', 'USD'] as const;
export type Currency = (typeof currencies)[number];
export const currencySchema = z.enum(currencies);

/** ISO 4217 minor-unit exponent: every amount is an integer count of minor units (IDR 49,000 is 4,900,000). */
export const currencyExponent: Record<Currency, number> = { IDR: 2, USD: 2 };

export type PaidTier = Exclude<PlanTier, 'free'>;
export const planPeriods = ['monthly', 'yearly'] as const satisfies readonly PlanPeriod[];
export const planPeriodSchema = z.enum(planPeriods);
export const paidTierSchema = z.enum(['supporter', 'creator']);

/** What a tier unlocks. A creator has everything a supporter has (seed §1: a creator counts as premium). */
export const planUnlocks = ['noWatermark', 'severalFrames', 'restrictedVisibility'] as const;
export type PlanUnlock = (typeof planUnlocks)[number];

const tierUnlocks: Record<PlanTier, readonly PlanUnlock[]> = {
  free: [],
  supporter: ['noWatermark'],
  creator: ['noWatermark', 'severalFrames', 'restrictedVisibility'],
};

export function planUnlocksOf(tier: PlanTier): readonly PlanUnlock[] {
  return tierUnlocks[tier];
}

/** Whether an account's plan (its subscription's plan id, or null) unlocks a capability. */
export function planAllows(plan: string | null | undefined, unlock: PlanUnlock): boolean {
  return tierUnlocks[planTier(plan)].includes(unlock);
}

/** The cheapest tier that unlocks a capability: where a plan lock sends people. */
export function tierFor(unlock: PlanUnlock): PaidTier {
  return tierUnlocks.supporter.includes(unlock) ? 'supporter' : 'creator';
}

export interface PlanOffer {
  /** The plan id written to the subscription and the ID token ('premiumn_monthly' is a supporter plan, seed §1). */
  id: string;
  tier: PaidTier;
  period: PlanPeriod;
  /** Price per period in minor units. */
  prices: Record<Currency, number>;
  /** Length of one period in whole months. */
  months: number;
}

export const planOffers: readonly PlanOffer[] = [
  { id: 'premiumn_monthly', tier: 'supporter', period: 'monthly', months: 1, prices: { USD: 299, IDR: 4_900_000 } },
  { id: 'premiumn_yearly', tier: 'supporter', period: 'yearly', months: 12, prices: { USD: 2_990, IDR: 49_000_000 } },
  { id: 'diamond_monthly', tier: 'creator', period: 'monthly', months: 1, prices: { USD: 999, IDR: 14_900_000 } },
  { id: 'diamond_yearly', tier: 'creator', period: 'yearly', months: 12, prices: { USD: 9_990, IDR: 149_000_000 } },
];

export function findOffer(tier: PaidTier, period: PlanPeriod): PlanOffer {
  const offer = planOffers.find((o) => o.tier === tier && o.period === period);
  if (!offer) throw new Error(`no offer for ${tier} ${period}`);
  return offer;
}

export function offerById(id: string): PlanOffer | undefined {
  return planOffers.find((o) => o.id === id);
}

/**
 * The currency a person sees first: IDR for Indonesia (by the account's country, else by the Indonesian
 * language), USD otherwise (seed: `en` shows USD, `id` shows IDR). They may switch.
 */
export function defaultCurrency(country: string | null | undefined, language: string | null | undefined): Currency {
  if (country) return country.toUpperCase() === 'ID' ? 'IDR' : 'USD';
  return language?.toLowerCase().startsWith('id') ? 'IDR' : 'USD';
}

/** A minor-unit amount as the decimal number Intl formats (4,900,000 IDR minor → 49000). */
export function majorAmount(amount: number, currency: Currency): number {
  return amount / 10 ** currencyExponent[currency];
}
