/**
 * Donations to a campaign (docs/DONATIONS.md): the creator's settings, a visitor's donation (an order of kind
 * 'donation', paid through the same providers as plans) and the donor wall. Money is integer minor units.
 */
import { z } from 'zod';
import { campaignUriParams } from './campaign.ts';
import { checkoutProvider, orderCheckout, paymentProviderSchema } from './order.ts';
import { currencySchema, type Currency } from './plan.ts';

export const DONATION_LIMITS = {
  causeMin: 3,
  causeMax: 280,
  nameMax: 60,
  messageMax: 280,
  emailMax: 254,
  /** The donor wall's page size (the seed's pagination). */
  wallPageSize: 10,
} as const;

/** The smallest donation per currency unless the server is configured otherwise (IDR 10,000.00; USD 1.00). */
export const DEFAULT_DONATION_MINIMUM: Record<Currency, number> = { IDR: 1_000_000, USD: 100 };

/** The largest donation and goal per currency: amounts are 32-bit integers in the database (IDR 20,000,000.00; USD 10,000.00). */
export const DONATION_MAXIMUM: Record<Currency, number> = { IDR: 2_000_000_000, USD: 1_000_000 };

/** Fees in basis points: floor(amount × bps / 10000) goes to the platform, the rest to the creator. */
export function donationFee(amount: number, feeBps: number): number {
  return Math.floor((amount * feeBps) / 10_000);
}

/** Text a donor or creator writes: shown as plain text, so no markup and no control characters. */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !/[<>]/.test(value), { message: 'No HTML, please: remove < and >' })
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), { message: 'Control characters are not allowed' });

const minorAmount = z.number().int().positive();

export const donationSettingsBody = z
  .strictObject({
    enabled: z.boolean(),
    cause: plainText(DONATION_LIMITS.causeMax),
    /** Minor units of `currency`; null for no goal. */
    goalAmount: minorAmount.nullable(),
    currency: currencySchema,
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.cause.length < DONATION_LIMITS.causeMin) {
      ctx.addIssue({ code: 'custom', path: ['cause'], message: `Say what the donations are for (at least ${DONATION_LIMITS.causeMin} characters)` });
    }
    if (value.goalAmount !== null && value.goalAmount > DONATION_MAXIMUM[value.currency]) {
      ctx.addIssue({ code: 'custom', path: ['goalAmount'], message: `The goal can be at most ${DONATION_MAXIMUM[value.currency]} (minor units of ${value.currency})` });
    }
  });
export type DonationSettingsBody = z.infer<typeof donationSettingsBody>;

/** A campaign's donations as anyone who may read the campaign sees them. */
export const donationSummary = z.object({
  /** False also when the creator never set donations up (cause '' then). */
  enabled: z.boolean(),
  cause: z.string(),
  goalAmount: z.number().int().nullable(),
  currency: currencySchema,
  /** The smallest donation in `currency`. */
  minimum: z.number().int(),
  maximum: z.number().int(),
  /** Paid donations, refunds taken out. */
  raised: z.number().int(),
  donors: z.number().int(),
  /** Who can take a donation in `currency`. */
  providers: z.array(checkoutProvider),
});
export type DonationSummary = z.infer<typeof donationSummary>;
export const donationSummaryResponse = z.object({ data: donationSummary });

export const donationCreateBody = z.strictObject({
  amount: minorAmount,
  currency: currencySchema,
  provider: paymentProviderSchema,
  /** For the receipt and the provider; a signed-in donor's own is prefilled. */
  email: z.email().max(DONATION_LIMITS.emailMax),
  /** Shown on the wall unless anonymous; empty is "Anonymous" too. */
  name: plainText(DONATION_LIMITS.nameMax).default(''),
  message: plainText(DONATION_LIMITS.messageMax).default(''),
  anonymous: z.boolean().default(false),
  /** One per attempt (the client makes it): the same key answers the same order. */
  idempotencyKey: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export type DonationCreateBody = z.input<typeof donationCreateBody>;

export const donationCreated = z.object({ orderId: z.uuid(), checkout: orderCheckout.nullable() });
export type DonationCreated = z.infer<typeof donationCreated>;
export const donationCreatedResponse = z.object({ data: donationCreated });

export const donationWallQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });

export const donationWallItem = z.object({
  id: z.uuid(),
  /** Null when the donor gave anonymously (the wall shows "Anonymous"). */
  name: z.string().nullable(),
  message: z.string().nullable(),
  amount: z.number().int(),
  currency: currencySchema,
  createdAt: z.number(),
});
export type DonationWallItem = z.infer<typeof donationWallItem>;
export const donationWallResponse = z.object({ data: z.object({ items: z.array(donationWallItem), page: z.number(), limit: z.number(), total: z.number() }) });
export type DonationWall = z.infer<typeof donationWallResponse>['data'];

/** The creator's list: every paid donation, hidden ones marked. */
export const managedDonation = donationWallItem.extend({ hidden: z.boolean() });
export type ManagedDonation = z.infer<typeof managedDonation>;
export const managedDonationListResponse = z.object({ data: z.object({ items: z.array(managedDonation), page: z.number(), limit: z.number(), total: z.number() }) });
export type ManagedDonationList = z.infer<typeof managedDonationListResponse>['data'];

export const donationParams = campaignUriParams.extend({ donationId: z.uuid() });
export const donationVisibilityBody = z.strictObject({ hidden: z.boolean() });
export const managedDonationResponse = z.object({ data: managedDonation });

/** The page a provider sends a donor back to: it redirects to the campaign with this action, which thanks them once. */
export const DONATION_ACTION = 'donation';
export const donationReturnPath = (uri: string) => `/donation-success/${encodeURIComponent(uri)}`;
