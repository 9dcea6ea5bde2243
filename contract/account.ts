import { z } from 'zod';

/** Limits shared by the forms and the server. */
export const ACCOUNT_LIMITS = {
  nameMax: 60,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  codeLength: 6,
  ticketMax: 200,
} as const;

/** Trimmed and lower-cased before it is checked, so "  Ana@Example.COM " and "ana@example.com" are one account. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(ACCOUNT_LIMITS.emailMax, `Email must be at most ${ACCOUNT_LIMITS.emailMax} characters`)
  .pipe(z.email({ error: 'Email address is not valid' }));

/** 8 to 128 characters with at least one letter and one digit. */
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(ACCOUNT_LIMITS.passwordMin, `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters`)
  .max(ACCOUNT_LIMITS.passwordMax, `Password must be at most ${ACCOUNT_LIMITS.passwordMax} characters`)
  .refine((value) => /\p{L}/u.test(value) && /\p{Nd}/u.test(value), 'Password must contain at least one letter and one digit');

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(ACCOUNT_LIMITS.nameMax, `Name must be at most ${ACCOUNT_LIMITS.nameMax} characters`);

export const verificationCodeField = z.string().regex(/^\d{6}$/, 'The verification code is 6 digits');

const isMobile = z.boolean().optional();

export const verifyRequests = ['VERIFY_REGISTRATION', 'VERIFY_EMAIL_UPDATE', 'RESEND_VERIFICATION_CODE_REGISTRATION', 'RESEND_VERIFICATION_CODE_EMAIL_UPDATE'] as const;
export type VerifyRequest = (typeof verifyRequests)[number];

export const deviceTypes = ['WEB', 'ANDROID', 'IOS'] as const;

/** Values of accounts.appeal_status: NOT_YET → PENDING (appeal sent) → ACCEPTED (suspension lifted) or REJECTED. */
export const appealStatuses = ['NOT_YET', 'PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type AppealStatus = (typeof appealStatuses)[number];
/** Values of accounts.apply_monetization: FORM (not applied yet) → PENDING → APPROVED or REJECTED. */
export const monetizationStates = ['FORM', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export type MonetizationState = (typeof monetizationStates)[number];

export const CAPTCHA_HEADER = 'x-altcha';
export const CAPTCHA_CHALLENGE_PATH = '/captcha/challenge';

// POST /account (header x-altcha)
export const registerRequest = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
  isMobile,
  deviceType: z.enum(deviceTypes).default('WEB'),
});
export type RegisterRequest = z.input<typeof registerRequest>;
export const registerResponse = z.object({ data: z.object({ email: z.string(), request: z.literal('VERIFY_REGISTRATION') }) });

// POST /account/pending
export const pendingRequest = z
  .object({
    email: emailField,
    request: z.enum(verifyRequests, { error: `request must be one of ${verifyRequests.join(', ')}` }),
    verificationCode: verificationCodeField.optional(),
    isMobile,
  })
  .refine((body) => !body.request.startsWith('VERIFY_') || body.verificationCode !== undefined, {
    path: ['verificationCode'],
    message: 'The verification code is required',
  });
export type PendingRequest = z.input<typeof pendingRequest>;
/** Verifying answers with a token; resending answers with the address the code went to. */
export const pendingResponse = z.object({
  data: z.union([z.object({ idToken: z.string() }), z.object({ email: z.string(), request: z.enum(verifyRequests), resendAfterSeconds: z.number() })]),
});

// POST /account/auth/native
export const nativeSignInRequest = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(ACCOUNT_LIMITS.passwordMax, 'Password is too long'),
  isMobile,
  /** The solved ALTCHA payload (as in the x-altcha header); required once the server answered CAPTCHA_REQUIRED. */
  captcha: z.string().max(4096, 'The captcha is too long').optional(),
});
export type NativeSignInRequest = z.input<typeof nativeSignInRequest>;
export const idTokenResponse = z.object({ data: z.object({ idToken: z.string() }) });

// POST /account/auth/refresh (refresh cookie, rotated on each call; a bearer ID token is not a credential here)
export const refreshRequest = z.object({ profile: z.boolean().optional(), isMobile });
export const accountFlag = z.object({ suspended: z.boolean(), appealStatus: z.enum(appealStatuses), suspendedAt: z.number().nullable() });

/** A pending email change: the new address waits for its code (POST /account/pending, VERIFY_EMAIL_UPDATE). */
export const emailUpdate = z.object({
  email: z.string(),
  requestedAt: z.number().int(),
  expiresAt: z.number().int(),
});
export type EmailUpdate = z.infer<typeof emailUpdate>;

/** Profile data the token does not carry (seed §3): filled into the store after sign-in and after each update. */
export const accountDetails = z.object({
  bio: z.string(),
  /** Public URL of the banner, or null for the default one. */
  banner: z.string().nullable(),
  /** http(s) address, or '' when none. */
  websiteLink: z.string(),
  /** From the general preference; null when never saved. */
  country: z.string().nullable(),
  language: z.string().nullable(),
});
export type AccountDetails = z.infer<typeof accountDetails>;

export const refreshProfile = z.object({
  flag: accountFlag,
  /** Missing from early servers. */
  account: accountDetails.optional(),
  /** The pending email change, or null. Early servers sent the bare address; it still reads as { email }. */
  emailUpdate: z.union([emailUpdate, z.string().transform((email) => ({ email }))]).nullable(),
  /** Missing from early servers: reads as FORM. */
  applyMonetization: z.enum(monetizationStates).default('FORM'),
});
export const refreshResponse = z.object({
  data: z.object({ idToken: z.string(), profile: refreshProfile.optional() }),
});

// POST /account/auth/logout-all (bearer): kills every token of the account.
export const logoutAllResponse = z.object({ data: z.object({ signedOut: z.literal(true) }) });
// POST /account/auth/logout (refresh cookie, optional): ends this device's session and clears the cookie.
export const logoutResponse = logoutAllResponse;

// POST / PATCH /account/forgot-password
export const forgotPasswordRequest = z.object({ email: emailField });
export const forgotPasswordResponse = z.object({ data: z.object({ sent: z.literal(true) }) });
export const resetPasswordRequest = z.object({
  ticketId: z.string({ error: 'The reset ticket is required' }).min(1, 'The reset ticket is required').max(ACCOUNT_LIMITS.ticketMax, 'The reset ticket is not valid'),
  newPassword: passwordField,
});
export const resetPasswordResponse = z.object({ data: z.object({ updated: z.literal(true) }) });

// DELETE /account/delete (bearer)
export const deleteAccountResponse = z.object({ data: z.object({ deleted: z.literal(true) }) });

/** Claims of the ES256 ID token (times in ms since epoch, like the client store). */
export const idTokenClaims = z.object({
  sub: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.number(),
  avatar: z.string().nullable(),
  subscription: z.object({ plan: z.string() }).nullable(),
  isPassword: z.boolean(),
  isVerified: z.boolean(),
  lastPasswordUpdate: z.number().nullable(),
  associatedAccount: z.array(z.object({ provider: z.enum(['google', 'facebook', 'apple']), name: z.string(), email: z.string() })),
  /** accounts.token_version when issued. */
  ver: z.number().int(),
  iat: z.number(),
  exp: z.number(),
});
export type IdTokenClaims = z.infer<typeof idTokenClaims>;

// GET /captcha/challenge: an ALTCHA v2 challenge.
export const captchaChallengeResponse = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
