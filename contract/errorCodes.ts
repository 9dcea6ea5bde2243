// Plain constants without zod, so the client's API layer can use them without loading the schema library.
/**
 * Machine-readable error codes, each with the HTTP status the server answers it with. The client maps each
 * code to a translated message; `message` is the English fallback.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  REQUEST_TOKEN_MISSING: 401,
  REQUEST_TOKEN_INVALID: 401,
  REQUEST_TOKEN_EXPIRED: 401,
  REQUEST_TOKEN_REPLAYED: 409,
  REQUEST_KEY_EXPIRED: 401,
  FINGERPRINT_MISSING: 401,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  // Account layer (issue 4).
  TOKEN_EXPIRED: 401,
  ACCOUNT_SUSPENDED: 403,
  ACCOUNT_NOT_VERIFIED: 403,
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  CAPTCHA_INVALID: 400,
  /** Sign-in after repeated failures: solve the captcha and send it with the next attempt. */
  CAPTCHA_REQUIRED: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_TOO_MANY_ATTEMPTS: 400,
  TICKET_INVALID: 400,
  // Campaign loop (issue 5).
  URI_TAKEN: 409,
  URI_RESERVED: 400,
  PLAN_REQUIRED: 403,
  ACCESS_CODE_REQUIRED: 403,
  ACCESS_CODE_INVALID: 403,
  FRAME_INVALID: 400,
  ALREADY_REPORTED: 409,
  // Frame designer drafts (issue 6).
  DESIGN_INVALID: 400,
  DESIGN_CONFLICT: 409,
  DESIGN_DRAFTS_FULL: 409,
  // Commerce: orders and payment webhooks (issue 16, server/domain/orders.ts).
  /** The chosen payment provider is not configured on this server. */
  PAYMENT_PROVIDER_UNAVAILABLE: 400,
  /** The chosen provider does not charge this currency. */
  CURRENCY_NOT_SUPPORTED: 400,
  /** An idempotency key already used for a different order. */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** The payment provider refused or could not be reached; the order is failed and may be tried again. */
  PAYMENT_PROVIDER_FAILED: 502,
  /** A webhook's signature is missing or wrong. */
  WEBHOOK_SIGNATURE_INVALID: 401,
  /** A webhook's amount or currency is not the order's: recorded, the order is not moved. */
  PAYMENT_AMOUNT_MISMATCH: 400,
  // Commerce II: balances (server/domain/ledger.ts).
  /** A debit larger than the balance (credits, earnings): nothing is written. */
  INSUFFICIENT_BALANCE: 409,
  // Monetization (server/domain/payouts.ts, docs/MONETIZATION.md).
  /** Earnings can be paid out only to an approved creator. */
  MONETIZATION_NOT_APPROVED: 403,
  /** A payout below the currency's minimum. */
  PAYOUT_BELOW_MINIMUM: 400,
  /** A payout request in this currency is still being processed. */
  PAYOUT_ALREADY_OPEN: 409,
  /** Credits (server/domain/watermarkUnlocks.ts): the no-watermark purchase where this buyer sees no mark. */
  NOT_WATERMARKED: 409,
  /** A one-off no-watermark payment for a result that is already unlocked. */
  ALREADY_UNLOCKED: 409,
  /** A refund of a failed render that is not paid with credits, or past its window. */
  NOT_REFUNDABLE: 409,
  /** Donations (server/domain/donations.ts): this campaign takes none now (turned off, taken down, its creator suspended). */
  DONATIONS_CLOSED: 409,
  /** A refund of a donation whose earnings were already paid out: nothing is refunded. */
  DONATION_REFUND_BLOCKED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/**
 * The code that names a bare HTTP status, for an answer without an envelope (a framework's 413, a proxy's 503):
 * the server's error handler and the client's API layer read this one table. Several codes share a status, so
 * this is not errorStatus reversed; undefined for a status it does not name.
 */
const codeByStatus: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

export function codeForStatus(status: number): ErrorCode | undefined {
  return codeByStatus[status];
}
