/** Navigation guard decisions (seed §4). Pure: the router wiring lives in guardLoader.ts. */

export interface GuardTarget {
  name: string;
  pathname: string;
}

export interface GuardState {
  loggedIn: boolean;
  isSuspended: boolean;
  /** Pending verification request; '' (or missing) when nothing is pending. */
  pendingVerificationRequest: string | null | undefined;
}

export interface GuardResult {
  redirect?: string;
  trackPageView: boolean;
}

/** Routes that send a logged-out visitor home. */
export const AUTH_ONLY_ROUTES: ReadonlySet<string> = new Set(['profile-own', 'profile-settings', 'edit-campaign', 'checkout', 'checkout-loading']);

/** The campaign page counts its own views, so the generic page view skips it. */
export const UNTRACKED_ROUTES: ReadonlySet<string> = new Set(['campaign']);

function redirectFor(target: GuardTarget, state: GuardState): string | undefined {
  if (state.isSuspended) {
    return target.name === 'appeal' || target.pathname === '/appeal' ? undefined : '/appeal';
  }
  if (!state.loggedIn && AUTH_ONLY_ROUTES.has(target.name)) return '/';
  if (target.name === 'verification' && (state.pendingVerificationRequest ?? '') === '') return '/';
  return undefined;
}

export function resolveGuard(target: GuardTarget, state: GuardState): GuardResult {
  const redirect = redirectFor(target, state);
  // A redirected navigation is tracked once, when it reaches its real target.
  if (redirect !== undefined) return { redirect, trackPageView: false };
  return { trackPageView: !UNTRACKED_ROUTES.has(target.name) };
}

/** Locale setup runs on the first navigation and whenever the own profile opens. */
export function shouldRunLocaleSetup(name: string, firstNavigation: boolean): boolean {
  return firstNavigation || name === 'profile-own';
}

/** Pricing, checkout and creator pages refresh a free-plan user's country (seed §4). */
export function shouldRefreshPlanCountry(name: string, loggedIn: boolean, freePlan: boolean): boolean {
  return loggedIn && freePlan && /pricing|checkout|creator/.test(name);
}
