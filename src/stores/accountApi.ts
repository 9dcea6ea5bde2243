/**
 * Account-layer calls the guard needs (seed §4/§7). The endpoints arrive with the account layer
 * in a later issue: until then the server answers 404, which these functions treat as
 * "no answer" so callers keep their defaults. Any other failure is thrown.
 */
import { apiV2, isApiError } from '../lib/api/index.ts';
import { TOKEN_STORAGE_KEY, useAccountStore } from './accountStore.ts';

export interface GeneralPreference {
  country?: string | null;
  language?: string | null;
}

async function tolerate404<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

function dataOf(body: unknown): Record<string, unknown> | null {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** GET /ip/lookup → data.country, or null when unknown. */
export async function lookupIpCountry(): Promise<string | null> {
  const body = await tolerate404(() => apiV2.get<unknown>('/ip/lookup'));
  return text(dataOf(body)?.country);
}

/** POST /account/auth/refresh { profile: true }: stores the new token and profile flags. */
export async function refreshToken(): Promise<void> {
  const body = await tolerate404(() => apiV2.post<unknown>('/account/auth/refresh', { body: { profile: true, isMobile: false } }));
  const data = dataOf(body);
  if (!data) return;
  const idToken = text(data.idToken);
  if (idToken) localStorage.setItem(TOKEN_STORAGE_KEY, idToken);
  const profile = typeof data.profile === 'object' && data.profile !== null ? (data.profile as Record<string, unknown>) : {};
  const flag = typeof profile.flag === 'object' && profile.flag !== null ? (profile.flag as Record<string, unknown>) : {};
  useAccountStore.getState().patch({
    isSuspended: flag.suspended === true,
    appealStatus: text(flag.appealStatus) ?? 'NOT_YET',
    suspendedAt: typeof flag.suspendedAt === 'number' ? flag.suspendedAt : 0,
    emailUpdate: typeof profile.emailUpdate === 'object' ? (profile.emailUpdate as Record<string, unknown> | null) : null,
  });
}

/** GET /account/preference/get?general=true → generalPreference, or null. */
export async function fetchGeneralPreference(): Promise<GeneralPreference | null> {
  const body = await tolerate404(() => apiV2.get<unknown>('/account/preference/get', { query: { general: true, notification: false } }));
  const data = dataOf(body);
  const general = data && typeof data.generalPreference === 'object' && data.generalPreference !== null ? (data.generalPreference as Record<string, unknown>) : null;
  return general ? { country: text(general.country), language: text(general.language) } : null;
}

/** PATCH /account/preference/update, sending only the fields that are set. */
export async function saveGeneralPreference(preference: { country?: string; language?: string }): Promise<void> {
  const body: Record<string, string> = { type: 'general' };
  if (preference.country) body.country = preference.country;
  if (preference.language) body.language = preference.language;
  await tolerate404(() => apiV2.patch<unknown>('/account/preference/update', { body }));
}
