/**
 * The credits API (server/routes/credits.ts, docs/CREDITS.md): the balance and its history, a top-up order for a
 * pack, spending credits on one result (no watermark, or twice the frame's size), the refund of a failed render,
 * and the one-off payment for a result without the watermark. Prices come from contract/credits.ts, on the server.
 */
import { z } from 'zod';
import { creditPrices } from './credits.ts';
import { paymentProviderSchema } from './order.ts';
import { currencySchema } from './plan.ts';

/** The client's id of one result: one placement of one photo in one frame (never the photo itself). */
export const resultKeySchema = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);

const idempotencyKey = z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/);

export const creditPurchases = Object.keys(creditPrices) as [keyof typeof creditPrices, ...(keyof typeof creditPrices)[]];
export const creditPurchaseSchema = z.enum(creditPurchases);

/** Why a credits balance moved. */
export const creditEntryKinds = ['topup', 'spend', 'refund', 'revoke'] as const;
export const creditEntryKindSchema = z.enum(creditEntryKinds);
export type CreditEntryKind = z.infer<typeof creditEntryKindSchema>;

export const creditsBalanceResponse = z.object({ data: z.object({ balance: z.number().int() }) });

export const creditEntryView = z.object({
  id: z.number().int(),
  kind: creditEntryKindSchema,
  /** Signed whole credits. */
  amount: z.number().int(),
  /** The credit pack of a top-up or revoke, or what a spend or refund bought. */
  item: z.string().nullable(),
  createdAt: z.number(),
});
export type CreditEntryView = z.infer<typeof creditEntryView>;

export const creditsHistoryQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const creditsHistoryResponse = z.object({ data: z.array(creditEntryView), meta: z.object({ page: z.number(), hasMore: z.boolean() }) });

export const creditsOrderBody = z.strictObject({
  pack: z.string().min(1).max(40),
  currency: currencySchema,
  provider: paymentProviderSchema,
  /** One per attempt (the client makes it): the same key returns the same order. */
  idempotencyKey,
  acceptTerms: z.literal(true),
});
export type CreditsOrderBody = z.infer<typeof creditsOrderBody>;

/** One bought result: `paid` once the credits were spent or the order paid. */
export const unlockView = z.object({
  id: z.uuid(),
  purchase: creditPurchaseSchema,
  resultKey: z.string(),
  method: z.enum(['credits', 'payment']),
  paid: z.boolean(),
  /** Until when a failed render may still be refunded (ms), null when it cannot be (a payment, or not paid). */
  refundableUntil: z.number().nullable(),
});
export type UnlockView = z.infer<typeof unlockView>;

export const campaignResultParams = z.object({ uri: z.string().min(1).max(100), resultKey: resultKeySchema });
export const unlockIdParams = z.object({ unlockId: z.uuid() });

export const resultUnlocksResponse = z.object({
  data: z.object({
    /** Whether this account sees the watermark on this campaign at all (contract/plan.ts resultWatermarked). */
    watermarked: z.boolean(),
    nowatermark: unlockView.nullable(),
    highResolution: unlockView.nullable(),
  }),
});
export type ResultUnlocks = z.infer<typeof resultUnlocksResponse>['data'];

export const spendBody = z.strictObject({ resultKey: resultKeySchema, purchase: creditPurchaseSchema });
export type SpendBody = z.infer<typeof spendBody>;
export const unlockResponse = z.object({ data: z.object({ unlock: unlockView, balance: z.number().int() }) });

/** Where the one-off payment returns: the campaign page, or its support page (the seed's two success routes). */
export const nowatermarkReturns = ['campaign', 'support'] as const;
export const nowatermarkOrderBody = z.strictObject({
  resultKey: resultKeySchema,
  currency: currencySchema,
  provider: paymentProviderSchema,
  idempotencyKey,
  returnTo: z.enum(nowatermarkReturns),
  acceptTerms: z.literal(true),
});
export type NowatermarkOrderBody = z.infer<typeof nowatermarkOrderBody>;
