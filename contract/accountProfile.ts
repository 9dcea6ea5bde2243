import { z } from 'zod';
import { ACCOUNT_LIMITS, accountDetails, appealStatuses, emailField, emailUpdate, idTokenResponse, type AccountDetails, type AppealStatus, type EmailUpdate } from './account.ts';

/**
 * Account profile API (all under /api/v2, signed): update, photos and presigned uploads, preferences,
 * unsubscribe, email-change cancel, social sign-in and linking, Facebook deletion status, appeal.
 * Auth, register, pending, refresh, password and delete live in contract/account.ts.
 */

/** Top-level route names and paths a username may not take (they would shadow pages or look official). */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'about', 'account', 'admin', 'ai-twibbon', 'api', 'appeal', 'apply-monetization', 'billing', 'blog', 'bingkai', 'c',
  'campaign', 'checkout', 'coming-soon', 'contact-us', 'cookie-policy', 'create', 'creators', 'credits', 'csae',
  'delete-account', 'donation-success', 'explore', 'files', 'for-creators', 'forgot-password', 'help', 'invoice',
  'leaderboard', 'locales', 'login', 'logout', 'maintenance', 'media-assets', 'me', 'moderator', 'notifications',
  'nowatermark-success', 'nowatermark-success-support', 'p', 'post', 'pricing', 'privacy-policy', 'profile',
  'register', 'reset-email', 'reset-password', 'root', 'settings', 'sign-in', 'sign-up', 'site-map', 'staff',
  'support', 'system', 'terms', 'test', 'testimonials', 'twibbo', 'u', 'unsubscribe', 'use-cases', 'verification',
  'what-is-a-twibbon', 'www',
]);

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const NAME_MAX = ACCOUNT_LIMITS.nameMax;
export const BIO_MAX = 300;
export const WEBSITE_LINK_MAX = 200;

function isWebAddress(value: string): boolean {
  if (!URL.canParse(value) || /\s/.test(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username && !url.password;
}

/** An http(s) address with a dotted host and no credentials; '' clears it. */
export const websiteLink = z
  .string()
  .trim()
  .max(WEBSITE_LINK_MAX, `Website must be at most ${WEBSITE_LINK_MAX} characters`)
  .refine((value) => value === '' || isWebAddress(value), 'Website must be a full http:// or https:// address, such as https://example.com');

/** Lower-case letters, digits, `_` and `.`; no leading, trailing or doubled dot. Reserved words refused. */
export const username = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[a-z0-9_.]+$/, 'Username may only contain letters a–z, digits, "_" and "."')
  .refine((value) => !value.startsWith('.') && !value.endsWith('.') && !value.includes('..'), 'Username may not start or end with "." or repeat it')
  .refine((value) => !RESERVED_USERNAMES.has(value), 'This username is reserved');

/** Same rule as registration (trimmed, lower-cased). */
export const email = emailField;

/** Storage key of an upload made through a presigned URL of this API. */
export const uploadKey = z
  .string()
  .max(300)
  .regex(/^uploads(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/, 'Not an upload key of this site');

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Image types accepted for avatar, banner and appeal evidence (checked again by content on use). */
export const uploadImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const uploadImageType = z.enum(uploadImageTypes, 'Images must be PNG, JPEG or WebP');

/** PATCH /account/update: any of the fields; unknown fields are refused. */
export const accountUpdateBody = z
  .strictObject({
    email: email.optional(),
    username: username.optional(),
    name: z.string().trim().min(1, 'Name may not be empty').max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`).optional(),
    bio: z.string().trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`).optional(),
    /** '' removes the link. */
    websiteLink: websiteLink.optional(),
    /** An avatar upload key, or null to remove the avatar. */
    avatar: uploadKey.nullable().optional(),
    /** A banner upload key, or null to go back to the default banner. */
    banner: uploadKey.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to update');
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

export { accountDetails, emailUpdate, type AccountDetails, type EmailUpdate };

export const accountUpdateResponse = z.object({
  data: z.object({
    /** A fresh ID token when a field other than email changed. */
    idToken: z.string().optional(),
    /** The account's pending email change after this update (the one just started, if any), or null. */
    emailUpdate: emailUpdate.nullable(),
    /** The profile after this update (banner as its public URL); missing from early servers. */
    account: accountDetails.optional(),
  }),
});
export type AccountUpdateResponse = z.infer<typeof accountUpdateResponse>;

export { idTokenResponse };
export type IdTokenResponse = z.infer<typeof idTokenResponse>;

/** Where and how the client PUTs the file, and the key to hand back afterwards. */
export const presignedUpload = z.object({
  url: z.string(),
  key: z.string(),
  method: z.literal('PUT'),
  headers: z.object({ 'content-type': z.string() }),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type PresignedUpload = z.infer<typeof presignedUpload>;

/** POST /account/presigned/photo-profile (body optional; PNG by default). */
export const presignedPhotoBody = z.strictObject({ contentType: uploadImageType.default('image/png') }).default({ contentType: 'image/png' });
export const presignedPhotoResponse = z.object({ data: presignedUpload });

/** POST /account/presigned/banner: `banner` is the content type of the file to upload. */
export const presignedBannerBody = z.strictObject({ banner: uploadImageType });
export const presignedBannerResponse = z.object({ data: z.object({ banner: presignedUpload }) });

/** POST /account/presigned/appeal: evidence image for an appeal. */
export const presignedAppealBody = z.strictObject({ contentType: uploadImageType });
export const presignedAppealResponse = z.object({ data: presignedUpload });

/** POST /account/photo-profile */
export const photoProfileBody = z.strictObject({ avatar: uploadKey });

// Preferences

export const LANGUAGE_DEFAULT = 'en';
export const COUNTRY_DEFAULT = 'WW';
export const notificationKeys = ['milestone', 'whatsNew', 'article', 'submission', 'campaignRecap', 'comments', 'trending'] as const;
export type NotificationKey = (typeof notificationKeys)[number];

export const countryField = z.string().regex(/^[A-Z]{2}$/, 'Country must be a two-letter code (WW for worldwide)');
export const languageField = z.string().regex(/^[a-z]{2,3}([_-][A-Za-z]{2,4})?$/, 'Language must be a locale code such as en or id');

/** Null parts were never saved; the client then saves its own guess (seed §4). */
export const generalPreference = z.object({ country: countryField.nullable(), language: languageField.nullable() });
export type GeneralPreference = z.infer<typeof generalPreference>;
export const notificationPreference = z.object(Object.fromEntries(notificationKeys.map((key) => [key, z.boolean()])) as Record<NotificationKey, z.ZodBoolean>);
export type NotificationPreference = z.infer<typeof notificationPreference>;

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** GET /account/preference/get?general=true&notification=true */
export const preferenceGetQuery = z.strictObject({ general: flag.optional(), notification: flag.optional() });
export const preferenceGetResponse = z.object({
  data: z.object({ generalPreference: generalPreference.optional(), notificationPreference: notificationPreference.optional() }),
});
export type PreferenceGetResponse = z.infer<typeof preferenceGetResponse>;

/** PATCH /account/preference/update: the type plus only the fields being set. */
export const preferenceUpdateBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('general'), country: countryField.optional(), language: languageField.optional() }),
  z.strictObject({ type: z.literal('notification'), ...Object.fromEntries(notificationKeys.map((key) => [key, z.boolean().optional()])) } as {
    type: z.ZodLiteral<'notification'>;
  } & Record<NotificationKey, z.ZodOptional<z.ZodBoolean>>),
]);
export type PreferenceUpdateBody = z.infer<typeof preferenceUpdateBody>;
export const preferenceUpdateResponse = preferenceGetResponse;

/** POST /account/preference/unsubscribe: from the link in a mail, which carries the signed token. */
export const unsubscribeTypes = [...notificationKeys, 'all'] as const;
export const unsubscribeBody = z.strictObject({
  email,
  type: z.enum(unsubscribeTypes),
  token: z.string().min(1, 'The unsubscribe link is incomplete').max(200),
});
export const unsubscribeResponse = z.object({ data: z.object({ email: z.string(), type: z.enum(unsubscribeTypes), unsubscribed: z.literal(true) }) });

/** POST /account/reset-email?uuid=…&ticket=… cancels a pending email change. */
export const resetEmailQuery = z.strictObject({ uuid: z.uuid('Invalid account id'), ticket: z.string().min(16).max(200) });
export const resetEmailResponse = z.object({ data: z.object({ cancelled: z.literal(true), email: z.string() }) });
/** DELETE /account/email-update (bearer, no body): the signed-in account cancels its own pending change; 404 when none. */
export const emailUpdateCancelResponse = resetEmailResponse;

// Social sign-in

export const socialProviders = ['google', 'facebook'] as const;
export type SocialProvider = (typeof socialProviders)[number];
export const socialProviderParams = z.strictObject({ provider: z.enum(socialProviders, 'Provider must be google or facebook') });

const isMobile = z.boolean().optional();
export const googleAuthBody = z.strictObject({ idToken: z.string().min(1).max(8192), isMobile });
export const facebookAuthBody = z.strictObject({ accessToken: z.string().min(1).max(4096), isMobile });
export const socialAuthBody = z.union([googleAuthBody, facebookAuthBody]);

/** POST /account/auth/revoke */
export const revokeBody = z.strictObject({ provider: z.enum([...socialProviders, 'apple']), isMobile, accessToken: z.string().max(4096).optional() });

/** POST /account/auth/check/facebook: status of a data-deletion request made through Facebook. */
export const facebookDeletionStatuses = ['DELETED', 'NOT_FOUND_ACCOUNT'] as const;
export const facebookCheckBody = z.strictObject({ code: z.string().min(8).max(100) });
export const facebookCheckResponse = z.object({
  data: z.object({ code: z.string(), status: z.enum(facebookDeletionStatuses), requestedAt: z.number().int() }),
});

/** Facebook's data-deletion callback answer. */
export const facebookDeletionCallbackResponse = z.object({ url: z.string(), confirmation_code: z.string() });

// Appeal

export { appealStatuses, type AppealStatus };
export const APPEAL_MESSAGE_MAX = 2000;

export const appealBody = z.strictObject({
  message: z.string().trim().min(20, 'Tell us in at least 20 characters why the suspension should be lifted').max(APPEAL_MESSAGE_MAX),
  /** Evidence image uploaded through POST /account/presigned/appeal. */
  file: uploadKey.optional(),
});
export const appealResponse = z.object({
  data: z.object({
    appealStatus: z.enum(appealStatuses),
    isSuspended: z.boolean(),
    suspendedAt: z.number().int().nullable(),
    appeal: z.object({ message: z.string(), fileUrl: z.string().nullable(), createdAt: z.number().int() }).nullable(),
  }),
});
export type AppealResponse = z.infer<typeof appealResponse>;
