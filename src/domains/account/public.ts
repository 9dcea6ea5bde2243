import { lazy } from 'react';

/** What other domains and the app shell use of domains/account; everything else in the folder is private to it. */
export { TOKEN_STORAGE_KEY, accountDefaults, isFreePlan, isLoggedIn, useAccountStore } from './accountStore.ts';
export { lookupIpCountry } from './accountCalls.ts';
export { countryOptions } from './countryOptions.ts';

/** The account layer's calls (sign-in, refresh, preferences) load only when a navigation needs them. */
export const loadAccountActions = () => import('./accountActions.ts');

/** The account menu and the sign-in dialog load on first use, keeping them out of the first-load bundle. */
export const LazyAccountMenu = lazy(async () => ({ default: (await import('./AccountMenu.tsx')).AccountMenu }));
export const LazySignInDialog = lazy(() => import('./SignInDialog.tsx'));
