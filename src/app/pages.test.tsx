import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNavigationEffects } from './navigationEffects.ts';
import { createRoutes } from './routes.tsx';
import { PAGE_ROUTES } from './routeTable.ts';
import { createApiMock } from '../testing/apiMock.ts';
import { initTestI18n, missingKeys } from '../testing/i18n.ts';
import { accountDefaults, useAccountStore } from '../domains/account/public.ts';
import { apiV2 } from '../api/index.ts';
import { demoSummary } from '../testing/apiMock.ts';
import { clearSupportResult, setSupportResult } from '../domains/support/public.ts';
import { fullText } from '../testing/fullText.ts';

vi.mock(import('../api/clients.ts'), async (original) => {
  const { createApiMock: make } = await import('../testing/apiMock.ts');
  return { ...(await original()), apiV2: make() as ReturnType<typeof createApiMock> as never };
});

/** One concrete URL per route name. */
const SAMPLE_PATHS: Record<string, string> = {
  home: '/',
  twibbo: '/twibbo/demo-campaign',
  'create-campaign': '/create/frame',
  explore: '/explore',
  leaderboard: '/leaderboard',
  creators: '/for-creators',
  'public-profile': '/u/ayu',
  collection: '/c/graduation',
  'profile-own': '/profile',
  'profile-settings': '/profile/profile-settings',
  earnings: '/profile/earnings',
  'cancel-reset-email': '/reset-email/t-1',
  invoice: '/invoice/o-1',
  'edit-campaign': '/campaign/demo-campaign',
  post: '/p/demo-post',
  'use-cases': '/use-cases',
  'use-case': '/use-cases/school',
  testimonials: '/testimonials',
  testimonial: '/testimonials/ayu',
  blog: '/blog',
  'blog-post': '/blog/1/hello',
  pricing: '/pricing',
  'pricing-supporters': '/pricing/supporters',
  'pricing-creators': '/pricing/creators',
  checkout: '/checkout',
  'checkout-failed': '/checkout/failed/o-1',
  'checkout-loading': '/checkout/loading/o-1',
  'contact-us': '/contact-us',
  about: '/about',
  personnel: '/about/personnel',
  'personnel-detail': '/about/personnel/ayu-lestari',
  terms: '/terms',
  'privacy-policy': '/privacy-policy',
  'cookie-policy': '/cookie-policy',
  csae: '/csae',
  'forgot-password': '/forgot-password',
  'reset-password': '/reset-password',
  'what-is-a-twibbon': '/what-is-a-twibbon',
  verification: '/verification',
  unsubscribe: '/unsubscribe?email=a%40b.c',
  maintenance: '/maintenance',
  'coming-soon': '/coming-soon',
  'media-assets': '/media-assets',
  notifications: '/notifications',
  'site-map': '/site-map',
  campaign: '/demo-campaign',
  'campaign-support': '/demo-campaign/support',
  'campaign-result': '/demo-campaign/result',
  'ai-twibbon': '/ai-twibbon',
  test: '/test/test/test',
  appeal: '/appeal',
  'apply-monetization': '/apply-monetization',
  credits: '/credits',
  'delete-account-facebook': '/delete-account/facebook',
  staff: '/staff',
  unavailable: '/403',
  'not-found': '/404',
};

const NAVBAR_SEARCH = new Set(['home', 'media-assets', 'notifications', 'site-map', 'campaign']);
const STANDALONE = new Set(['unsubscribe', 'maintenance', 'coming-soon']);

beforeAll(() => {
  window.scrollTo = vi.fn() as never;
  // jsdom has no object URLs; the result page shows its picture through one.
  URL.createObjectURL = vi.fn(() => 'blob:result');
  URL.revokeObjectURL = vi.fn();
  setSupportResult({ uri: 'demo-campaign', blob: new Blob(['result'], { type: 'image/jpeg' }), fileName: 'demo-campaign.jpg', format: 'jpeg', width: 1080, height: 1080, frameId: 'f1', watermarked: true });
});

beforeEach(() => {
  localStorage.clear();
  // Closed already: keeps the dark-mode dialog out of these page checks.
  localStorage.setItem('dark-mode-modal-closed', '1');
  resetNavigationEffects();
  useAccountStore.setState({
    ...accountDefaults(),
    uuid: 'u-1',
    country: 'ID',
    verifyPayload: { otp: '', email: 'a@b.c', request: 'VERIFY_REGISTRATION' },
  });
});

afterEach(() => cleanup());
afterAll(() => {
  useAccountStore.setState(accountDefaults());
  clearSupportResult();
});

async function show(path: string, name: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const root = await waitFor(
    () => {
      const found = document.querySelector(`[data-route="${name}"]`);
      if (!found) throw new Error(`no [data-route="${name}"] at ${path}`);
      if (found.getAttribute('aria-busy') === 'true' || found.querySelector('[aria-busy="true"]')) throw new Error('still loading');
      return found;
    },
    // A lazy route's module loads in a few hundred ms alone, in seconds on a loaded CI machine: wait for it.
    { timeout: 30_000 },
  );
  return { router, root };
}

describe.each(['en', 'id'] as const)('every page in %s', (lng) => {
  beforeAll(async () => {
    await initTestI18n(lng);
    missingKeys.clear();
  });

  it.each(PAGE_ROUTES.filter((r) => r.path !== '*').map((r) => [r.name, SAMPLE_PATHS[r.name] ?? '?']))('%s (%s) renders one h1 in its landmark structure', async (name, path) => {
    const { root } = await show(path, name);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(root.textContent?.trim().length).toBeGreaterThan(20);
    expect(document.body.textContent).not.toMatch(/\bTODO\b|pages\.|nav\.|theme\./);
    expect(document.querySelectorAll('main')).toHaveLength(1);
    if (STANDALONE.has(name)) {
      expect(document.querySelector('header nav')).toBeNull();
    } else {
      expect(screen.getByRole('navigation', { name: lng === 'en' ? 'Main' : 'Utama' })).toBeTruthy();
      expect(document.querySelector('footer')).toBeTruthy();
      // The navbar's search, not a page's own (explore has one in the page).
      expect(document.querySelector('header search') !== null).toBe(NAVBAR_SEARCH.has(name));
    }
  });

  it('has every key it rendered', () => {
    expect([...missingKeys]).toEqual([]);
  });
});

describe('page behaviour', () => {
  beforeAll(async () => {
    await initTestI18n('en');
  });

  it('home lists the newest campaigns as cards linking to the campaign', async () => {
    await show('/', 'home');
    const link = await screen.findByRole('link', { name: /Demo Campaign/ });
    expect(link.getAttribute('href')).toBe('/demo-campaign');
    expect(link.textContent).toContain('1,234 supporters');
  });

  it('the campaign page shows the campaign and links to the support flow', async () => {
    await show('/demo-campaign', 'campaign');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Demo Campaign');
    expect(screen.getByRole('link', { name: /Choose photo/ }).getAttribute('href')).toBe('/demo-campaign/support');
    expect(screen.getByText(fullText('by Ayu'))).toBeTruthy();
  });

  it('an unknown campaign renders the 404 page', async () => {
    await show('/no-such-campaign', 'not-found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });

  it('an unknown person renders the 404 page', async () => {
    await show('/about/personnel/nobody', 'not-found');
  });

  it('navbar search goes to /explore/campaign?q=…', async () => {
    const { router } = await show('/', 'home');
    const input = screen.getByRole('combobox', { name: 'Search campaigns' }) as HTMLInputElement;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, 'reef & sea');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      input.form?.requestSubmit();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore/campaign'));
    expect(router.state.location.search).toBe('?q=reef%20%26%20sea');
  });

  it('explore pages through the campaigns with ?page=', async () => {
    const { fakeGet } = await import('../testing/apiMock.ts');
    const get = vi.mocked(apiV2.get);
    get.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
      if (path !== '/explore/campaign') return fakeGet(path);
      const page = Number(options?.query?.page ?? 1);
      return { data: { tab: 'campaign', items: [{ ...demoSummary, uri: `c-${page}`, title: `Campaign on page ${page}` }], page, limit: 10, total: 30, sort: 'trending' } };
    });
    const { router } = await show('/explore/campaign', 'explore');
    await screen.findByText('Campaign on page 1');
    await act(async () => {
      screen.getByRole('button', { name: 'Page 2' }).click();
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await screen.findByText('Campaign on page 2');
    expect(get).toHaveBeenLastCalledWith('/explore/campaign', expect.objectContaining({ query: expect.objectContaining({ page: 2 }) }));
    get.mockImplementation(fakeGet as never);
  });

  it('the language switcher lists the 54 locales of the 57 seed codes (second spellings once)', async () => {
    await show('/about', 'about');
    const select = screen.getAllByRole('combobox', { name: 'Language' })[0] as HTMLSelectElement;
    expect(select.options).toHaveLength(54);
  });

  it('what-is-a-twibbon offers Frame or Background and navigates to /create/<type>', async () => {
    const { router } = await show('/what-is-a-twibbon', 'what-is-a-twibbon');
    await act(async () => {
      screen.getByRole('button', { name: 'Create a campaign' }).click();
    });
    const background = await screen.findByRole('button', { name: /^Background/ });
    expect(screen.getByRole('button', { name: /^Frame/ })).toBeTruthy();
    await act(async () => {
      background.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/background'));
  });

  it('the contact form shows validation messages and composes a mailto link', async () => {
    await show('/contact-us', 'contact-us');
    await act(async () => {
      screen.getByRole('button', { name: 'Send message' }).click();
    });
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please enter your email address.')).toBeTruthy();
    expect(screen.getByText('Please write a message.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@bingkai.app' }).getAttribute('href')).toBe('mailto:support@bingkai.app');
  });
});
