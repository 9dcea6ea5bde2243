/** Legacy and payment-return URLs (seed §2), as pure functions of the route params. */

type Params = Readonly<Record<string, string | undefined>>;

export interface RedirectRoute {
  path: string;
  to: (params: Params) => string;
  /** Query parameters carried over to the target (a payment return's `order`, which the page waits for). */
  keep?: readonly string[];
}

const seg = (value: string | undefined) => encodeURIComponent(value ?? '');

export const REDIRECT_ROUTES: readonly RedirectRoute[] = [
  { path: '/billing', to: () => '/profile/profile-settings?tab=billing' },
  { path: '/reset-password/:ticketId', to: (p) => `/reset-password?ticket=${seg(p.ticketId)}` },
  { path: '/donation-success/:uri', to: (p) => `/${seg(p.uri)}?action=donation` },
  { path: '/nowatermark-success/:uri', to: (p) => `/${seg(p.uri)}?action=nowatermark`, keep: ['order'] },
  { path: '/nowatermark-success-support/:uri', to: (p) => `/${seg(p.uri)}/support?action=nowatermark&support=1`, keep: ['order'] },
];

/** Where a redirect route sends `search`'s visitor: its target, plus the query parameters it keeps. */
export function redirectTarget(route: RedirectRoute, params: Params, search: URLSearchParams): string {
  const target = route.to(params);
  const kept = (route.keep ?? []).flatMap((name) => {
    const value = search.get(name);
    return value === null ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  return kept.length === 0 ? target : `${target}${target.includes('?') ? '&' : '?'}${kept.join('&')}`;
}
