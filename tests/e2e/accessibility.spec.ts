/**
 * axe-core on every route (issue 19): no serious or critical violation in the light theme, the dark theme and a
 * right-to-left locale (Arabic). `npm run test:e2e:full` checks every route in all three (about 170 page loads,
 * 12 minutes on the 2-core CI machine); the fast default checks the pages most people see, each in one mode
 * (FAST), and a creator's own pages (the create page signed in, the campaign's manage page, the profile) in all
 * three. src/app/pages.test.tsx renders every page on each run too.
 */
import type { Page } from '@playwright/test';
import { loggedIn, privateRoutes, publicRoutes } from '../testing/appRoutes.ts';
import { registerAndVerify } from '../testing/accounts.ts';
import { seriousViolations } from '../testing/axe.ts';
import { message } from '../testing/messages.ts';
import { allowRejectedSeededToken, expect, seedStorage, test, uniqueId } from '../testing/pageFixture.ts';
import { publishCampaign } from '../testing/publishCampaign.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

// axe-core is injected as a script tag, which the app's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const MODES = ['light', 'dark', 'rtl'] as const;
type Mode = (typeof MODES)[number];

/** Theme and locale as a returning visitor who chose them. */
function modeStorage(mode: Mode): Record<string, string> {
  return { 'dark-mode-modal-closed': '1', 'theme-mode': mode === 'dark' ? 'dark' : 'light', 'user-locale': mode === 'rtl' ? 'ar' : 'en' };
}

async function expectAccessible(page: Page, route: string, mode: Mode): Promise<void> {
  await expectRouteReady(page, route);
  await expect(page.locator('html')).toHaveAttribute('dir', mode === 'rtl' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  expect(await seriousViolations(page)).toEqual([]);
}

/** A client-side navigation (the router follows history), keeping what this page load has set up. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const pages: Array<[path: string, route: string]> = [...publicRoutes, ['/merdeka-80', 'campaign'], ['/merdeka-80/support', 'campaign-support']];

/** The default run's pages, each in one mode: where shared links land, the support flow, creating, buying, browsing. */
const FAST: Readonly<Record<string, Mode>> = { '/': 'light', '/merdeka-80': 'rtl', '/merdeka-80/support': 'dark', '/create/frame': 'dark', '/pricing/creators': 'rtl', '/explore': 'light' };

for (const [path, route] of pages) {
  for (const mode of MODES) {
    const fast = FAST[path] === mode;
    test(`${path} in ${mode}: no serious or critical axe violation${fast ? '' : ' @full'}`, async ({ page, watch }) => {
      void watch;
      await seedStorage(page, modeStorage(mode));
      await page.goto(path);
      await expectAccessible(page, route, mode);
    });
  }
}

for (const [path, route] of privateRoutes) {
  for (const mode of MODES) {
    test(`${path} signed in, in ${mode}: no serious or critical axe violation @full`, async ({ page, watch }) => {
      allowRejectedSeededToken(watch);
      await seedStorage(page, { ...modeStorage(mode), 'bingkai-account': loggedIn, 'bingkai-token': 'e2e-token' });
      await page.goto(path);
      await expectAccessible(page, route, mode);
    });
  }
}

test('a creator’s create page, campaign manage page and profile have no serious or critical axe violation in any mode', async ({ page, watch }, testInfo) => {
  void watch;
  test.setTimeout(180_000);
  const id = uniqueId(testInfo);
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await registerAndVerify(page, 'Axe Creator', `axe-${id}@example.test`, 'axe-password-1');
  const uri = `axe-${id}`.toLowerCase().slice(0, 40);
  await publishCampaign(page, 'Accessible frame', uri);
  for (const mode of MODES) {
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, modeStorage(mode));
    // A signed-in person's language comes from the account on each load: in Arabic they switch in the menu and move
    // around inside the app, as a visitor who chose Arabic for this visit would.
    if (mode === 'rtl') {
      await page.goto('/profile');
      await expectRouteReady(page, 'profile-own');
      // The account's own language may still be applied after the page is ready: choose again until Arabic holds.
      const menu = page.getByRole('combobox', { name: new RegExp(`^(${message('en', 'nav.language')}|${message('ar', 'nav.language')})$`) }).first();
      await expect(async () => {
        await menu.selectOption('ar');
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    }
    for (const [path, route] of [['/create/frame', 'create-campaign'], [`/campaign/${uri}`, 'edit-campaign'], ['/profile', 'profile-own']] as const) {
      if (mode === 'rtl') await navigateInApp(page, path);
      else await page.goto(path);
      await expectAccessible(page, route, mode);
    }
  }
});
