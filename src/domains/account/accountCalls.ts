/**
 * The account calls every first page load may make, kept apart from accountActions.ts so that the app
 * shell can use them without loading the whole account layer.
 */
import { lookupIp } from '../../api/site.ts';
import { useAccountStore } from './accountStore.ts';

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
    const country = (await tracked(lookupIp)).country.trim();
    return country !== '' ? country : null;
  } catch (error) {
    console.warn('IP lookup failed', error);
    return null;
  }
}
