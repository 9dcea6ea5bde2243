// Plain constants without zod, so the client's API layer can use them without loading the schema library.
/** Machine-readable error codes. The client maps each to a translated message; `message` is the English fallback. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'REQUEST_TOKEN_MISSING',
  'REQUEST_TOKEN_INVALID',
  'REQUEST_TOKEN_EXPIRED',
  'REQUEST_TOKEN_REPLAYED',
  'REQUEST_KEY_EXPIRED',
  'FINGERPRINT_MISSING',
  'INTERNAL',
  'UNAVAILABLE',
  // Account layer (issue 4).
  'TOKEN_EXPIRED',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_NOT_VERIFIED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'CAPTCHA_INVALID',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_TOO_MANY_ATTEMPTS',
  'TICKET_INVALID',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
