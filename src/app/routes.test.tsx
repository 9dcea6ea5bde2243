import { createMemoryRouter, matchRoutes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountDefaults, useAccountStore } from '../domains/account/public.ts';
import { resetNavigationEffects } from './navigationEffects.ts';
import { createRoutes } from './routes.tsx';
import { PAGE_ROUTES } from './routeTable.ts';
import { createApiMock } from '../testing/apiMock.ts';
import { initTestI18n } from '../testing/i18n.ts';

const api = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createApiMock> }));
vi.mock(import('../api/clients.ts'), async (original) => {
  const { createApiMock: make } = await import('../testing/apiMock.ts');
  api.current = make();
  return { ...(await original()), apiV2: api.current as never };
});

function mockApi() {
  if (!api.current) throw new Error('api mock missing');
  return api.current;
}

function pageViews(): unknown[] {
  return mockApi()
    .post.mock.calls.filter(([path]) => path === '/analytics/page-view')
    .map(([, options]) => (options as { body: unknown }).body);
}

/** Loading a lazy route's module is an import, slow the first time on a busy machine: wait for it, not for 1 s. */
const ROUTE_LOAD = { timeout: 15_000 };

async function routerAt(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), ROUTE_LOAD);
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), ROUTE_LOAD);
  return router;
}

function login(extra: Partial<ReturnType<typeof accountDefaults>> = {}) {
  useAccountStore.setState({ uuid: 'u-1', country: 'ID', language: 'id', ...extra });
}

beforeAll(async () => {
  await initTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  useAccountStore.setState(accountDefaults());
  resetNavigationEffects();
  mockApi().post.mockClear();
  mockApi().get.mockClear();
});

afterEach(() => vi.restoreAllMocks());

describe('route table', () => {
  const names = new Set(PAGE_ROUTES.map((r) => r.name));

  it('names every route of the conventions list', () => {
    const expected =
      'home twibbo create-campaign explore leaderboard creators public-profile collection profile-own profile-settings cancel-reset-email invoice edit-campaign post use-cases use-case testimonials testimonial blog blog-post pricing pricing-supporters pricing-creators checkout checkout-failed checkout-loading contact-us about personnel personnel-detail terms privacy-policy cookie-policy csae forgot-password reset-password what-is-a-twibbon verification unsubscribe maintenance coming-soon media-assets notifications site-map campaign campaign-support campaign-result ai-twibbon test appeal apply-monetization earnings credits delete-account-facebook staff unavailable not-found'.split(' ');
    expect([...names].sort()).toEqual([...expected].sort());
  });

  it('puts the navbar search on exactly home, media-assets, notifications, site-map and campaign', () => {
    expect(PAGE_ROUTES.filter((r) => r.navbarSearch).map((r) => r.name).sort()).toEqual(['campaign', 'home', 'media-assets', 'notifications', 'site-map']);
  });

  it('slides and fades exactly the campaign and post pages', () => {
    expect(PAGE_ROUTES.filter((r) => r.transition === 'slide-fade').map((r) => r.name).sort()).toEqual(['campaign', 'post']);
  });

  it('renders unsubscribe, maintenance and coming-soon without the main layout', () => {
    expect(PAGE_ROUTES.filter((r) => r.standalone).map((r) => r.name).sort()).toEqual(['coming-soon', 'maintenance', 'unsubscribe']);
    const root = createRoutes()[0];
    const layout = root?.children?.find((r) => r.id === 'layout');
    const standalonePaths = root?.children?.filter((r) => r.handle && (r.handle as { standalone?: boolean }).standalone).map((r) => r.path);
    expect(standalonePaths?.sort()).toEqual(['/coming-soon', '/maintenance', '/unsubscribe']);
    expect(layout?.children?.some((r) => r.path === '/maintenance')).toBe(false);
  });

  it('loads every page lazily and guards every page', () => {
    const root = createRoutes()[0];
    const pages = [...(root?.children ?? []), ...(root?.children?.find((r) => r.id === 'layout')?.children ?? [])].filter((r) => r.handle);
    expect(pages).toHaveLength(PAGE_ROUTES.length);
    for (const page of pages) {
      expect(typeof page.lazy).toBe('function');
      expect(typeof page.loader).toBe('function');
      expect(page.Component ?? page.element).toBeUndefined();
    }
  });

  it.each([
    ['/', 'home'],
    ['/some-frame', 'campaign'],
    ['/some-frame/support', 'campaign-support'],
    ['/some-frame/result', 'campaign-result'],
    ['/about', 'about'],
    ['/about/personnel', 'personnel'],
    ['/about/personnel/ayu-lestari', 'personnel-detail'],
    ['/explore', 'explore'],
    ['/explore/creator', 'explore'],
    ['/create/frame', 'create-campaign'],
    ['/create/background/f-1', 'create-campaign'],
    ['/campaign/my-frame', 'edit-campaign'],
    ['/campaign/my-frame/f-2', 'edit-campaign'],
    ['/p/abc', 'post'],
    ['/u/ayu', 'public-profile'],
    ['/c/graduation', 'collection'],
    ['/blog/12/hello', 'blog-post'],
    ['/pricing/creators', 'pricing-creators'],
    ['/checkout/failed/o-1', 'checkout-failed'],
    ['/checkout/loading/o-1', 'checkout-loading'],
    ['/test/test/test', 'test'],
    ['/delete-account/facebook', 'delete-account-facebook'],
    ['/403', 'unavailable'],
    ['/404', 'not-found'],
    ['/a/b/c/d', 'not-found'],
    ['/reset-password', 'reset-password'],
    ['/profile/profile-settings', 'profile-settings'],
  ])('%s is the %s route', (path, name) => {
    const matches = matchRoutes(createRoutes(), path);
    const handle = matches?.at(-1)?.route.handle as { name?: string } | undefined;
    expect(handle?.name).toBe(name);
  });
});

describe('redirects through the router', () => {
  it('sends /billing to the billing tab for a logged-in user', async () => {
    login();
    const router = await routerAt('/billing');
    expect(router.state.location.pathname).toBe('/profile/profile-settings');
    expect(router.state.location.search).toBe('?tab=billing');
  });

  it('then sends a logged-out visitor home from there', async () => {
    const router = await routerAt('/billing');
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/reset-password/T-9', '/reset-password', '?ticket=T-9'],
    ['/donation-success/demo-campaign', '/demo-campaign', '?action=donation'],
    ['/nowatermark-success/demo-campaign', '/demo-campaign', '?action=nowatermark'],
    ['/nowatermark-success-support/demo-campaign', '/demo-campaign/support', '?action=nowatermark&support=1'],
    ['/nowatermark-success-support/demo-campaign?order=o-1', '/demo-campaign/support', '?action=nowatermark&support=1&order=o-1'],
  ])('%s → %s%s', async (from, pathname, search) => {
    const router = await routerAt(from);
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
  });
});

describe('guard wiring', () => {
  it('confines a suspended account to /appeal', async () => {
    login({ isSuspended: true });
    const router = await routerAt('/explore');
    expect(router.state.location.pathname).toBe('/appeal');
    await router.navigate('/about');
    expect(router.state.location.pathname).toBe('/appeal');
  });

  it.each(['/profile', '/profile/profile-settings', '/campaign/x', '/checkout', '/checkout/loading/o-1'])('sends a logged-out visitor from %s home', async (path) => {
    const router = await routerAt(path);
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens account routes for a logged-in user', async () => {
    login();
    const router = await routerAt('/profile');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('sends verification home unless a request is pending', async () => {
    expect((await routerAt('/verification')).state.location.pathname).toBe('/');
    useAccountStore.setState({ verifyPayload: { otp: '', email: 'a@b.c', request: 'VERIFY_REGISTRATION' } });
    expect((await routerAt('/verification')).state.location.pathname).toBe('/verification');
  });

  it('tracks a page view per navigation, except on the campaign route', async () => {
    const router = await routerAt('/about');
    await router.navigate('/demo-campaign');
    await router.navigate('/demo-campaign/support');
    await router.navigate('/terms?x=1');
    expect(pageViews()).toEqual([
      { path: '/about', routeName: 'about' },
      { path: '/demo-campaign/support', routeName: 'campaign-support', referrer: '/demo-campaign' },
      { path: '/terms?x=1', routeName: 'terms', referrer: '/demo-campaign/support' },
    ]);
  });

  it('tracks the redirect target once, not the redirecting route', async () => {
    await routerAt('/profile');
    expect(pageViews()).toEqual([{ path: '/', routeName: 'home' }]);
  });

  it('logs page-view failures without breaking navigation', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi().post.mockRejectedValueOnce(new Error('offline'));
    const router = await routerAt('/about');
    expect(router.state.location.pathname).toBe('/about');
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Page view tracking failed', expect.any(Error)));
  });

  it('runs locale setup on the first navigation: unknown country falls back to the browser region', async () => {
    await routerAt('/about');
    await vi.waitFor(() => expect(useAccountStore.getState().country).toBe(navigator.language.split('-')[1]?.toUpperCase() ?? 'WW'));
    expect(mockApi().get).toHaveBeenCalledWith('/ip/lookup');
    expect(useAccountStore.getState().language).toBe('en');
  });

  it('uses the IP lookup when it answers', async () => {
    mockApi().get.mockImplementation(async (path: string) => (path === '/ip/lookup' ? { data: { country: 'SG' } } : { data: { items: [], page: 1, limit: 10, total: 0 } }));
    await routerAt('/terms');
    await vi.waitFor(() => expect(useAccountStore.getState().country).toBe('SG'));
  });

  it('runs locale setup again only when going to profile-own', async () => {
    login();
    const router = await routerAt('/about');
    await vi.waitFor(() => expect(mockApi().post).toHaveBeenCalledWith('/account/auth/refresh', expect.anything()));
    mockApi().post.mockClear();
    await router.navigate('/terms');
    await router.navigate('/profile');
    await vi.waitFor(() => expect(mockApi().post).toHaveBeenCalledWith('/account/auth/refresh', expect.anything()));
    expect(mockApi().post.mock.calls.filter(([p]) => p === '/account/auth/refresh')).toHaveLength(1);
  });
});
