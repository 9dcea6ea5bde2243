/**
 * Every account call (seed §7). Each one marks the store's request state (loading, then error
 * with the server's message or the network error's own) and rethrows the ApiError, so forms can
 * show `fields`. Calls that hand back an ID token store it and the account fields it carries.
 */
import { CAPTCHA_HEADER, type AccountDetails, type VerifyRequest } from '../../../contract/account.ts';
import { notificationKeys, type AccountUpdateBody, type AppealResponse, type NotificationPreference, type SocialProvider } from '../../../contract/accountProfile.ts';
import * as api from '../../api/account.ts';
import { ApiError, isApiError, putSignedUpload } from '../../api/index.ts';
import { accountFromIdToken, TOKEN_STORAGE_KEY, useAccountStore, type AccountData } from './accountStore.ts';
import { lookupIpCountry, tracked } from './accountCalls.ts';

export { CAPTCHA_HEADER, lookupIpCountry, type SocialProvider };

export interface GeneralPreference {
  country?: string | null;
  language?: string | null;
}

type Json = Record<string, unknown>;

function object(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function dataOf(body: unknown): Json | null {
  return object(object(body)?.data);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function patch(data: Partial<AccountData>): void {
  useAccountStore.getState().patch(data);
}

/** Stores an ID token and the account fields it carries; false when the body held none. */
export function applyIdToken(body: unknown): boolean {
  const idToken = text(dataOf(body)?.idToken) ?? text(object(body)?.idToken);
  if (!idToken) return false;
  const fields = accountFromIdToken(idToken);
  if (!fields) throw new ApiError({ status: 200, code: 'INTERNAL', message: 'The server sent an unreadable ID token' });
  localStorage.setItem(TOKEN_STORAGE_KEY, idToken);
  patch(fields);
  return true;
}

/** Profile fields the token does not carry; country and language only when the server has them (locale setup fills them otherwise). */
function applyAccountDetails(details: AccountDetails | undefined): void {
  if (!details) return;
  patch({
    bio: details.bio,
    banner: details.banner ?? '',
    websiteLink: details.websiteLink,
    ...(details.country ? { country: details.country } : {}),
    ...(details.language ? { language: details.language } : {}),
  });
}

/** Provider SDK sessions, when their scripts were ever loaded on this page. */
interface ProviderGlobals {
  google?: { accounts?: { id?: { disableAutoSelect?: () => void } } };
  FB?: { logout?: (callback?: () => void) => void; getAccessToken?: () => string | null };
  gtag?: (...args: unknown[]) => void;
}

function revokeProviderSessions(): void {
  const globals = globalThis as ProviderGlobals;
  try {
    globals.google?.accounts?.id?.disableAutoSelect?.();
    if (globals.FB?.getAccessToken?.()) globals.FB.logout?.();
  } catch (error) {
    console.error('Could not end the provider session', error);
  }
}

function logoutAnalyticsUser(): void {
  (globalThis as ProviderGlobals).gtag?.('set', { user_id: null });
}

/**
 * Seed §4 logout: token removed, every account field cleared, sign-in modal reset, provider and analytics sessions
 * ended. A signed-in device also ends its refresh family on the server (the cookie is HttpOnly: only the server can
 * drop it); best effort, since the local session is gone either way and the family expires on its own.
 */
export function logout(): void {
  const wasSignedIn = useAccountStore.getState().uuid !== '';
  useAccountStore.getState().logout();
  revokeProviderSessions();
  logoutAnalyticsUser();
  // Not awaited: a sign-in does not wait for it either. Its cookie-clearing answer could only wipe a newer cookie if
  // the user signed in again before this round trip ended, and then the new session merely ends at its next refresh.
  if (wasSignedIn) api.endSession().catch((error: unknown) => console.warn('Could not end the session on the server', error));
}

// Sign-in and registration

export async function signIn(credentials: { email: string; password: string; captcha?: string }): Promise<void> {
  await tracked(async () => {
    let body: unknown;
    try {
      body = await api.signInNative(credentials);
    } catch (error) {
      // The server mailed a fresh code: the next stop is /verification.
      if (isApiError(error) && error.code === 'ACCOUNT_NOT_VERIFIED') patch({ verifyPayload: { otp: '', email: credentials.email.trim().toLowerCase(), request: 'VERIFY_REGISTRATION' } });
      throw error;
    }
    if (!applyIdToken(body)) throw new ApiError({ status: 200, code: 'INTERNAL', message: 'The server did not sign you in' });
  });
  loadProfileInBackground();
}

/** POST /account with the ALTCHA payload as header; the code to verify goes out by mail. */
export async function register(account: { name: string; email: string; password: string }, captcha: string): Promise<void> {
  await tracked(async () => {
    const body = await api.registerAccount(account, captcha);
    const email = text(dataOf(body)?.email) ?? account.email.trim().toLowerCase();
    patch({ verifyPayload: { otp: '', email, request: 'VERIFY_REGISTRATION' } });
  });
}

function resendRequest(request: string): VerifyRequest {
  return request === 'VERIFY_EMAIL_UPDATE' ? 'RESEND_VERIFICATION_CODE_EMAIL_UPDATE' : 'RESEND_VERIFICATION_CODE_REGISTRATION';
}

/** POST /account/pending with the code for the pending request; clears it once verified. */
export async function verifyCode(verificationCode: string): Promise<void> {
  const { email, request } = useAccountStore.getState().verifyPayload;
  await tracked(async () => {
    const body = await api.sendPending({ email, request: request as VerifyRequest, verificationCode });
    applyIdToken(body);
    patch({ verifyPayload: { otp: '', email: '', request: '' }, ...(request === 'VERIFY_EMAIL_UPDATE' ? { emailUpdate: null } : {}) });
  });
  if (request === 'VERIFY_REGISTRATION') loadProfileInBackground();
}

/** Sends the code again; resolves to the seconds to wait before the next resend. */
export async function resendCode(): Promise<number> {
  const { email, request } = useAccountStore.getState().verifyPayload;
  const body = await tracked(() => api.sendPending({ email, request: resendRequest(request) }));
  return 'resendAfterSeconds' in body.data ? body.data.resendAfterSeconds : 0;
}

export async function signInWithProvider(provider: SocialProvider, token: string): Promise<void> {
  await tracked(async () => {
    const body = await api.signInWith(provider, token);
    if (!applyIdToken(body)) throw new ApiError({ status: 200, code: 'INTERNAL', message: 'The server did not sign you in' });
  });
  loadProfileInBackground();
}

export async function linkProvider(provider: SocialProvider, token: string): Promise<void> {
  await tracked(async () => {
    applyIdToken(await api.integrateProvider(provider, token));
  });
}

export async function unlinkProvider(provider: SocialProvider): Promise<void> {
  await tracked(async () => {
    applyIdToken(await api.revokeProvider(provider));
    patch({ associatedAccount: { ...useAccountStore.getState().associatedAccount, [provider]: null } });
  });
}

// Token refresh and the guard's calls

/**
 * POST /account/auth/refresh { profile: true }: the HttpOnly refresh cookie (sent with the same-origin fetch, rotated
 * by the answer) is the credential. Stores the new token, the account fields and the profile flags. A refresh the
 * server refuses logs the user out (seed §4).
 */
export async function refreshToken(): Promise<void> {
  let body: RefreshAnswer;
  try {
    body = await tracked(api.refreshSession);
  } catch (error) {
    // A refusal ends the session; no answer, or one this client cannot read, keeps it.
    if (!isApiError(error) || (error.status !== 0 && error.code !== 'MALFORMED_RESPONSE')) logout();
    throw error;
  }
  applyRefresh(body);
}

/** Stores a refresh answer: the token, then the profile fields and flags when it has them. */
type RefreshAnswer = Awaited<ReturnType<typeof api.refreshSession>>;

function applyRefresh(body: RefreshAnswer): void {
  const { data } = body;
  applyIdToken(body);
  const profile = data.profile;
  if (!profile) return;
  applyAccountDetails(profile.account);
  patch({
    isSuspended: profile.flag.suspended,
    appealStatus: profile.flag.appealStatus || 'NOT_YET',
    suspendedAt: profile.flag.suspendedAt ?? 0,
    emailUpdate: profile.emailUpdate,
    applyMonetization: profile.applyMonetization,
  });
}

/**
 * Right after a sign-in the token is all the client has: this fetches what it does not carry (bio, banner,
 * website, flags). Best effort and silent: a failure keeps the fresh session; the next page load retries.
 */
function loadProfileInBackground(): void {
  const uuid = useAccountStore.getState().uuid;
  api
    .refreshSession()
    // A sign-out (or another sign-in) meanwhile wins: the answer belongs to a session that is gone.
    .then((body) => useAccountStore.getState().uuid === uuid && applyRefresh(body))
    .catch((error: unknown) => console.warn('Could not load the profile after sign-in', error));
}

/** POST /account/auth/logout-all: ends every session of the account, then this one. */
export async function signOutEverywhere(): Promise<void> {
  await tracked(api.logoutAllSessions);
  logout();
}

export interface Preferences {
  general: GeneralPreference | null;
  notification: NotificationPreference | null;
}

/** GET /account/preference/get with the parts asked for. */
export async function fetchPreferences(parts: { general?: boolean; notification?: boolean } = { general: true, notification: true }): Promise<Preferences> {
  const { data } = await tracked(() => api.getPreferences({ general: parts.general === true, notification: parts.notification === true }));
  return { general: data.generalPreference ?? null, notification: data.notificationPreference ?? null };
}

export async function fetchGeneralPreference(): Promise<GeneralPreference | null> {
  return (await fetchPreferences({ general: true, notification: false })).general;
}

/** PATCH /account/preference/update, sending only the fields that are set (seed §5). */
export async function savePreference(type: 'general' | 'notification', preference: Partial<NotificationPreference> & { country?: string; language?: string }): Promise<void> {
  const body: Json = { type };
  for (const [key, value] of Object.entries(preference)) if (value !== undefined && value !== '' && (key === 'country' || key === 'language' || (notificationKeys as readonly string[]).includes(key))) body[key] = value;
  await tracked(() => api.updatePreference(body as Parameters<typeof api.updatePreference>[0]));
}

export async function saveGeneralPreference(preference: { country?: string; language?: string }): Promise<void> {
  await savePreference('general', preference);
}

// Profile

export type AccountUpdate = Omit<AccountUpdateBody, 'avatar' | 'banner'>;

/** PATCH /account/update; an email change leaves a code to verify at the new address. */
export async function updateAccount(update: AccountUpdate): Promise<void> {
  await tracked(async () => {
    const body = await api.updateAccountFields(update);
    applyIdToken(body);
    const { email, ...rest } = update;
    const fields: Partial<AccountData> = {};
    for (const [key, value] of Object.entries(rest)) if (typeof value === 'string') (fields as Record<string, string>)[key] = value.trim();
    patch(fields);
    applyAccountDetails(body.data.account);
    const started = object(dataOf(body)?.emailUpdate);
    if (email !== undefined) {
      const pending = text(started?.email) ?? email.trim().toLowerCase();
      patch({ emailUpdate: started ?? { email: pending }, verifyPayload: { otp: '', email: pending, request: 'VERIFY_EMAIL_UPDATE' } });
    }
  });
}

/** Presigned upload, then POST /account/photo-profile with the stored key. */
export async function uploadAvatar(file: File): Promise<void> {
  await tracked(async () => {
    const upload = (await api.presignAvatar(file.type)).data;
    await putSignedUpload(upload, file);
    const body = await api.setAvatar(upload.key);
    if (!applyIdToken(body)) patch({ avatar: upload.key });
  });
}

/** Presigned upload, then PATCH /account/update with the banner key. */
export async function uploadBanner(file: File): Promise<void> {
  await tracked(async () => {
    const upload = (await api.presignBanner(file.type)).data.banner;
    await putSignedUpload(upload, file);
    const body = await api.updateAccountFields({ banner: upload.key });
    applyIdToken(body);
    // The answer holds the banner's public URL (the upload key is gone once the server re-encoded it).
    applyAccountDetails(body.data.account);
  });
}

/** POST /account/reset-email?uuid&ticket: cancels a pending email change. */
export async function cancelEmailChange(uuid: string, ticket: string): Promise<void> {
  await tracked(() => api.cancelEmailChangeByLink(uuid, ticket));
  if (useAccountStore.getState().uuid === uuid) forgetEmailChange();
}

function forgetEmailChange(): void {
  patch({ emailUpdate: null });
  if (useAccountStore.getState().verifyPayload.request === 'VERIFY_EMAIL_UPDATE') patch({ verifyPayload: { otp: '', email: '', request: '' } });
}

/** DELETE /account/email-update: the signed-in owner cancels the pending change. "Nothing pending" also ends in no pending change. */
export async function cancelOwnEmailChange(): Promise<void> {
  try {
    await tracked(api.cancelPendingEmailChange);
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
    patch({ error: null });
  }
  forgetEmailChange();
}

// Passwords and deletion

export async function requestPasswordReset(email: string): Promise<void> {
  await tracked(() => api.forgotPassword(email));
}

export async function resetPassword(ticketId: string, newPassword: string): Promise<void> {
  await tracked(() => api.setNewPassword(ticketId, newPassword));
}

export async function deleteAccount(): Promise<void> {
  await tracked(api.deleteOwnAccount);
  logout();
}

// Mail links, appeal, captcha

export async function unsubscribe(link: { email: string; type: string; token: string }): Promise<void> {
  await tracked(() => api.unsubscribeByLink(link));
}

/** POST /account/auth/check/facebook { code } → data; nothing on error (seed §8). */
export async function checkFacebookDeletion(code: string): Promise<Awaited<ReturnType<typeof api.checkFacebookDeletionCode>>['data'] | null> {
  try {
    return (await tracked(() => api.checkFacebookDeletionCode(code))).data;
  } catch {
    return null;
  }
}

export type AppealState = AppealResponse['data'];

function applyAppeal(state: AppealState): AppealState {
  patch({ appealStatus: state.appealStatus, isSuspended: state.isSuspended, suspendedAt: state.suspendedAt ?? 0 });
  return state;
}

export async function fetchAppeal(): Promise<AppealState> {
  return applyAppeal((await tracked(api.getAppeal)).data);
}

/** Optional evidence image through a presigned upload, then POST /account/appeal with the captcha header. */
export async function submitAppeal(appeal: { message: string; file: File | null }, captcha: string): Promise<AppealState> {
  return tracked(async () => {
    let file: string | undefined;
    if (appeal.file) {
      const upload = (await api.presignAppealFile(appeal.file.type)).data;
      await putSignedUpload(upload, appeal.file);
      file = upload.key;
    }
    return applyAppeal((await api.sendAppeal({ message: appeal.message, ...(file ? { file } : {}) }, captcha)).data);
  });
}

/** GET /captcha/challenge: the ALTCHA challenge object. */
export function fetchCaptchaChallenge(): ReturnType<typeof api.getCaptchaChallenge> {
  return api.getCaptchaChallenge();
}

