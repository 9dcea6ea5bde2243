/** Legacy and payment-return URLs (seed §2), as pure functions of the route params. */

type Params = Readonly<Record<string, string | undefined>>;

export interface RedirectRoute {
  path: string;
  to: (params: Params) => string;
}

const seg = (value: string | undefined) => encodeURIComponent(value ?? '');

export const REDIRECT_ROUTES: readonly RedirectRoute[] = [
  { path: '/billing', to: () => '/profile/profile-settings?tab=billing' },
  { path: '/reset-password/:ticketId', to: (p) => `/reset-password?ticket=${seg(p.ticketId)}` },
  { path: '/donation-success/:uri', to: (p) => `/${seg(p.uri)}?action=donation` },
  { path: '/nowatermark-success/:uri', to: (p) => `/${seg(p.uri)}?action=nowatermark` },
  { path: '/nowatermark-success-support/:uri', to: (p) => `/${seg(p.uri)}/support?action=nowatermark&support=1` },
];
