/**
 * The account calls every first page load may make. They need no schema library, so a visitor who
 * never opens the account layer does not load zod with accountApi.ts, which re-exports them.
 */
import { apiV2 } from './index.ts';
import { useAccountStore } from '../domains/account/accountStore.ts';

/** Runs one account call with the store's request state around it. */
export async function tracked<T>(run: () => Promise<T>): Promise<T> {
  useAccountStore.getState().patch({ loading: true, error: null });
  try {
    const result = await run();
    useAccountStore.getState().patch({ loading: false });
    return result;
  } catch (error) {
    useAccountStore.getState().patch({ loading: false, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** GET /ip/lookup → data.country; null when unknown or unreachable, so the browser's region can stand in. */
export async function lookupIpCountry(): Promise<string | null> {
  try {
    const body = await tracked(() => apiV2.get<{ data?: { country?: unknown } } | null>('/ip/lookup'));
    const country = body?.data?.country;
    return typeof country === 'string' && country.trim() !== '' ? country.trim() : null;
  } catch (error) {
    console.warn('IP lookup failed', error);
    return null;
  }
}
