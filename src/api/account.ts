/**
 * The account endpoints as plain calls: each sends one request of contract/routes.ts and resolves to its
 * parsed answer. What an answer changes on this device (token, store fields) is domains/account's business.
 */
import { CAPTCHA_HEADER } from '../../contract/account.ts';
import type { SocialProvider } from '../../contract/accountProfile.ts';
import { callRoute, type RouteBody } from './callRoute.ts';

export { CAPTCHA_HEADER };

const web = { isMobile: false } as const;

export const signInNative = (credentials: { email: string; password: string; captcha?: string }) => callRoute('POST /account/auth/native', { body: { ...credentials, ...web } });

export const registerAccount = (account: { name: string; email: string; password: string }, captcha: string) =>
  callRoute('POST /account', { body: { ...account, ...web, deviceType: 'WEB' }, headers: { [CAPTCHA_HEADER]: captcha } });

export const sendPending = (body: Omit<RouteBody<'POST /account/pending'>, 'isMobile'>) => callRoute('POST /account/pending', { body: { ...body, ...web } as RouteBody<'POST /account/pending'> });

/** Sign-in with a provider's token (Google: ID token, Facebook: access token). */
export const signInWith = (provider: SocialProvider, token: string) =>
  provider === 'facebook' ? callRoute('POST /account/auth/facebook', { body: { accessToken: token, ...web } }) : callRoute('POST /account/auth/google', { body: { idToken: token, ...web } });

export const integrateProvider = (provider: SocialProvider, token: string) =>
  callRoute('POST /account/auth/integrate/:provider', { params: { provider }, body: provider === 'facebook' ? { accessToken: token, ...web } : { idToken: token, ...web } });

export const revokeProvider = (provider: SocialProvider) => callRoute('POST /account/auth/revoke', { body: { provider, ...web } });

/** The credential is the HttpOnly refresh cookie, which the same-origin fetch sends along (and the answer rotates). */
export const refreshSession = () => callRoute('POST /account/auth/refresh', { body: { profile: true, ...web } });

/** Ends this device's refresh family on the server and clears its cookie. */
export const endSession = () => callRoute('POST /account/auth/logout', {});

export const logoutAllSessions = () => callRoute('POST /account/auth/logout-all', {});

const flag = (on: boolean) => (on ? 'true' : 'false');

export const getPreferences = (parts: { general: boolean; notification: boolean }) =>
  callRoute('GET /account/preference/get', { query: { general: flag(parts.general), notification: flag(parts.notification) } });

export const updatePreference = (body: RouteBody<'PATCH /account/preference/update'>) => callRoute('PATCH /account/preference/update', { body });

export const updateAccountFields = (body: RouteBody<'PATCH /account/update'>) => callRoute('PATCH /account/update', { body });

export const presignAvatar = (contentType: string) => callRoute('POST /account/presigned/photo-profile', { body: { contentType } as RouteBody<'POST /account/presigned/photo-profile'> });

export const setAvatar = (avatar: string) => callRoute('POST /account/photo-profile', { body: { avatar } });

export const presignBanner = (contentType: string) => callRoute('POST /account/presigned/banner', { body: { banner: contentType } as RouteBody<'POST /account/presigned/banner'> });

/** The mail link that cancels a pending email change (no session needed). */
export const cancelEmailChangeByLink = (uuid: string, ticket: string) => callRoute('POST /account/reset-email', { query: { uuid, ticket } });

export const cancelPendingEmailChange = () => callRoute('DELETE /account/email-update', {});

export const forgotPassword = (email: string) => callRoute('POST /account/forgot-password', { body: { email } });

export const setNewPassword = (ticketId: string, newPassword: string) => callRoute('PATCH /account/forgot-password', { body: { ticketId, newPassword } });

export const deleteOwnAccount = () => callRoute('DELETE /account/delete', {});

export const unsubscribeByLink = (link: { email: string; type: string; token: string }) => callRoute('POST /account/preference/unsubscribe', { body: link as RouteBody<'POST /account/preference/unsubscribe'> });

export const checkFacebookDeletionCode = (code: string) => callRoute('POST /account/auth/check/facebook', { body: { code } });

export const getAppeal = () => callRoute('GET /account/appeal', {});

export const presignAppealFile = (contentType: string) => callRoute('POST /account/presigned/appeal', { body: { contentType } as RouteBody<'POST /account/presigned/appeal'> });

export const sendAppeal = (appeal: { message: string; file?: string }, captcha: string) => callRoute('POST /account/appeal', { body: appeal, headers: { [CAPTCHA_HEADER]: captcha } });

export const getCaptchaChallenge = () => callRoute('GET /captcha/challenge', {});
