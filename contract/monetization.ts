/**
 * Creator monetization (docs/MONETIZATION.md): the application, earnings and payouts (all under /api/v2, signed,
 * bearer), and their staff console routes (404 to anyone who is not staff now, like contract/staff.ts).
 *
 *   GET  /account/monetization                → MonetizationResponse   the state and the application sent, if any
 *   POST /account/monetization                { MonetizationApplyBody } → MonetizationResponse   FORM or REJECTED → PENDING
 *   GET  /account/earnings                    → EarningsResponse       per currency: balance, pending, available; per campaign; payouts
 *   POST /account/payouts                     { currency, amount } → PayoutResponse   one open request per currency
 *   GET  /staff/applications?page&limit        → StaffApplicationList   pending, oldest first
 *   POST /staff/applications/:uuid/approve     { reason } → StaffApplicationResponse
 *   POST /staff/applications/:uuid/reject      { reason } → StaffApplicationResponse   the reason is shown to the creator
 *   GET  /staff/payouts?page&limit             → StaffPayoutList        requested, oldest first
 *   POST /staff/payouts/:id/pay                { reference } → StaffPayoutResponse
 *   POST /staff/payouts/:id/reject             { reason } → StaffPayoutResponse     the amount returns to earnings
 */
import { z } from 'zod';
import { monetizationStates } from './account.ts';
import { staffAccount, staffReasonBody } from './staff.ts';

export { staffReasonBody };

/** Currencies creators earn and are paid in (the earnings book). */
export const earningCurrencies = ['IDR', 'USD'] as const;
export type EarningCurrency = (typeof earningCurrencies)[number];

/** The smallest payout per currency, in minor units (server config MonetizationConfig.payoutMinimum mirrors it). */
export const PAYOUT_MINIMUM: Readonly<Record<EarningCurrency, number>> = { IDR: 10_000_000, USD: 1000 };

/** The platform's share of a donation when the server configures none (payments.platformFeeBps), in basis points. */
export const PLATFORM_FEE_BPS_DEFAULT = 1000;

export const MONETIZATION_LIMITS = { legalNameMax: 120, accountNameMax: 120, bankNameMax: 80, campaignsMax: 50, referenceMax: 120 } as const;

export const ewalletProviders = ['gopay', 'ovo', 'dana', 'shopeepay', 'linkaja', 'paypal'] as const;
export type EwalletProvider = (typeof ewalletProviders)[number];

const text = (max: number, message: string) => z.string().trim().min(2, message).max(max);

export const payoutMethod = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('bank'),
    bankName: text(MONETIZATION_LIMITS.bankNameMax, 'Enter the bank'),
    accountName: text(MONETIZATION_LIMITS.accountNameMax, 'Enter the account holder'),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9][0-9 -]{3,32}[0-9]$/, 'Enter the account number: digits, spaces or dashes'),
  }),
  z.strictObject({
    type: z.literal('ewallet'),
    provider: z.enum(ewalletProviders),
    accountName: text(MONETIZATION_LIMITS.accountNameMax, 'Enter the account holder'),
    /** The phone number or email the e-wallet is registered to. */
    handle: z
      .string()
      .trim()
      .regex(/^(\+?[0-9][0-9 -]{6,18}[0-9]|[^\s@]+@[^\s@]+\.[^\s@]+)$/, 'Enter the phone number or email of the e-wallet')
      .max(254),
  }),
]);
export type PayoutMethod = z.infer<typeof payoutMethod>;

export const monetizationApplyBody = z.strictObject({
  legalName: text(MONETIZATION_LIMITS.legalNameMax, 'Enter your legal name'),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country'),
  payoutMethod,
  /** Links (URIs) of the applicant's own campaigns to monetize. */
  campaigns: z.array(z.string().min(1).max(120)).min(1, 'Choose at least one of your campaigns').max(MONETIZATION_LIMITS.campaignsMax),
  agreeToTerms: z.literal(true, 'Agree to the monetization terms'),
});
export type MonetizationApplyBody = z.input<typeof monetizationApplyBody>;

const campaignRef = z.object({ uri: z.string(), title: z.string() });

export const monetizationApplication = z.object({
  legalName: z.string(),
  country: z.string(),
  payoutMethod,
  campaigns: z.array(campaignRef),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Staff's reason for a rejection (null otherwise). */
  reason: z.string().nullable(),
});
export type MonetizationApplication = z.infer<typeof monetizationApplication>;

export const monetizationResponse = z.object({
  data: z.object({ state: z.enum(monetizationStates), application: monetizationApplication.nullable() }),
});
export type MonetizationView = z.infer<typeof monetizationResponse>['data'];

export const payoutStates = ['requested', 'paid', 'rejected'] as const;
export type PayoutState = (typeof payoutStates)[number];

export const payoutView = z.object({
  id: z.uuid(),
  currency: z.enum(earningCurrencies),
  amount: z.number().int().positive(),
  state: z.enum(payoutStates),
  /** The transfer reference once paid. */
  reference: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type PayoutView = z.infer<typeof payoutView>;

export const earningsBalance = z.object({
  currency: z.enum(earningCurrencies),
  /** Everything earned, less what was paid out or is requested (minor units). */
  balance: z.number().int(),
  /** Within the refund hold, or everything while the creator is not approved. */
  pending: z.number().int(),
  /** What may be requested now: balance − pending (never below zero). */
  available: z.number().int(),
  minimumPayout: z.number().int(),
  /** The request in progress for this currency, if any (one at a time). */
  openPayout: payoutView.nullable(),
});
export type EarningsBalance = z.infer<typeof earningsBalance>;

export const campaignEarnings = z.object({
  /** Null for earnings whose campaign was deleted. */
  uri: z.string().nullable(),
  title: z.string().nullable(),
  currency: z.enum(earningCurrencies),
  /** Net of the platform fee and refunds. */
  amount: z.number().int(),
  donations: z.number().int().nonnegative(),
});
export type CampaignEarnings = z.infer<typeof campaignEarnings>;

export const earningsResponse = z.object({
  data: z.object({
    state: z.enum(monetizationStates),
    holdDays: z.number().int().nonnegative(),
    balances: z.array(earningsBalance),
    campaigns: z.array(campaignEarnings),
    /** The latest payouts, newest first. */
    payouts: z.array(payoutView),
  }),
});
export type EarningsView = z.infer<typeof earningsResponse>['data'];

export const payoutRequestBody = z.strictObject({
  currency: z.enum(earningCurrencies),
  amount: z.number().int('Whole minor units').positive('Enter an amount'),
});
export type PayoutRequestBody = z.input<typeof payoutRequestBody>;
export const payoutResponse = z.object({ data: payoutView });

// Staff.
export const staffApplication = monetizationApplication.extend({
  account: staffAccount,
  state: z.enum(monetizationStates),
});
export type StaffApplication = z.infer<typeof staffApplication>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() }) });

export const staffApplicationListResponse = page(staffApplication);
export type StaffApplicationList = z.infer<typeof staffApplicationListResponse>['data'];
export const staffApplicationResponse = z.object({ data: staffApplication });

export const staffPayout = payoutView.extend({ account: staffAccount, method: payoutMethod });
export type StaffPayout = z.infer<typeof staffPayout>;
export const staffPayoutListResponse = page(staffPayout);
export type StaffPayoutList = z.infer<typeof staffPayoutListResponse>['data'];
export const staffPayoutResponse = z.object({ data: staffPayout });

export const staffPayoutParams = z.strictObject({ id: z.uuid('Not a payout id') });
export const staffPayBody = z.strictObject({
  reference: z.string().trim().min(3, 'Enter the transfer reference').max(MONETIZATION_LIMITS.referenceMax),
});
export type StaffPayBody = z.input<typeof staffPayBody>;
