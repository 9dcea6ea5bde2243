import { recordPageView } from '../api/site.ts';
import { changeLocale, currentLocale, guessLocale, isSupportedLocale } from '../lib/i18n/index.ts';
import { isFreePlan, isLoggedIn, loadAccountActions as accountApi, lookupIpCountry, useAccountStore } from '../domains/account/public.ts';
import { resolveGuard, shouldRefreshPlanCountry, shouldRunLocaleSetup } from './guard.ts';
import { runLocaleSetup } from './localeSetup.ts';


let firstNavigation = true;
let previousPath: string | null = null;

/** For tests: forget that a navigation happened. */
export function resetNavigationEffects(): void {
  firstNavigation = true;
  previousPath = null;
}

export function sendPageView(path: string, routeName: string, referrer?: string): void {
  const body: { path: string; routeName: string; referrer?: string } = { path, routeName };
  if (referrer) body.referrer = referrer;
  recordPageView(body).catch((error: unknown) => console.error('Page view tracking failed', error));
}

export async function setupLocale(): Promise<void> {
  const account = useAccountStore.getState();
  const { country, language } = await runLocaleSetup(
    {
      loggedIn: isLoggedIn(account),
      storedLanguage: account.language,
      storedCountry: account.country,
      guessedLanguage: guessLocale(),
      browserLanguage: typeof navigator === 'undefined' ? '' : navigator.language,
      isSupported: isSupportedLocale,
    },
    {
      lookupIpCountry,
      refreshToken: async () => (await accountApi()).refreshToken(),
      getGeneralPreference: async () => (await accountApi()).fetchGeneralPreference(),
      saveGeneralPreference: async (preference) => (await accountApi()).saveGeneralPreference(preference),
    },
  );
  useAccountStore.getState().patch({ country, language });
  if (language !== currentLocale()) await changeLocale(language);
}

async function refreshPlanCountry(): Promise<void> {
  const { refreshToken, saveGeneralPreference } = await accountApi();
  await refreshToken();
  const country = await lookupIpCountry();
  if (country) useAccountStore.getState().patch({ country });
  await saveGeneralPreference({ country: country ?? useAccountStore.getState().country, language: currentLocale() });
}

/**
 * Runs the guard for a navigation to `url` on route `name`. Returns the redirect target, or
 * undefined after starting the side effects (page view, locale setup), which never block it.
 */
export function guardNavigation(name: string, url: URL): string | undefined {
  const account = useAccountStore.getState();
  const loggedIn = isLoggedIn(account);
  const decision = resolveGuard(
    { name, pathname: url.pathname },
    { loggedIn, isSuspended: account.isSuspended, pendingVerificationRequest: account.verifyPayload?.request },
  );
  if (decision.redirect !== undefined) return decision.redirect;

  const path = url.pathname + url.search;
  const referrer = previousPath ?? (typeof document === 'undefined' ? '' : document.referrer);
  if (decision.trackPageView) sendPageView(path, name, referrer || undefined);
  previousPath = path;

  // In a task of their own: the router runs this guard while the app starts, and the locale setup's first steps
  // (3-11 ms on the bench machine) would lengthen that task.
  if (shouldRunLocaleSetup(name, firstNavigation)) {
    setTimeout(() => setupLocale().catch((error: unknown) => console.error('Locale setup failed', error)));
  }
  firstNavigation = false;
  if (shouldRefreshPlanCountry(name, loggedIn, isFreePlan(account))) {
    setTimeout(() => refreshPlanCountry().catch((error: unknown) => console.error('Country refresh failed', error)));
  }
  return undefined;
}
