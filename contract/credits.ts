/**
 * Credits: a balance per account, bought in packs and spent on what the result page offers (server/domain/credits.ts
 * keeps it as ledger entries). Prices in integer minor units of each currency, priced on the server only.
 */
import type { Currency } from './plan.ts';

/** Raised whenever a price or a pack changes; orders record the version that priced them. */
export const CREDITS_CATALOG_VERSION = 1;

export interface CreditPack {
  id: string;
  credits: number;
  prices: Record<Currency, number>;
}

export const creditPacks: readonly CreditPack[] = [
  { id: 'credits_10', credits: 10, prices: { IDR: 1_500_000, USD: 100 } },
  { id: 'credits_50', credits: 50, prices: { IDR: 6_500_000, USD: 450 } },
  { id: 'credits_120', credits: 120, prices: { IDR: 14_000_000, USD: 990 } },
];

export function creditPackById(id: string | null | undefined): CreditPack | undefined {
  return creditPacks.find((pack) => pack.id === id);
}

/** What credits buy, in credits. */
export const creditPrices = {
  /** One result without the watermark. */
  nowatermark: 5,
  /** One result at twice the frame's size. */
  highResolution: 3,
} as const;
export type CreditPurchase = keyof typeof creditPrices;

/** A result without the watermark, paid in money instead of credits (a one-off order). */
export const nowatermarkPrices: Record<Currency, number> = { IDR: 1_000_000, USD: 99 };
