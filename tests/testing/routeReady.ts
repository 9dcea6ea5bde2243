import { expect, type Locator, type Page } from '@playwright/test';

/**
 * How long a route may take to become ready after a navigation: its lazy chunk, its data and its
 * first render, while e2e workers, Chromium and the server share two busy cores. Only the wait for
 * readiness gets this long; checks on a ready page keep the default expect time-out.
 */
export const ROUTE_READY_TIMEOUT = 30_000;

/**
 * The root of route `name` once it is ready. A page marks itself with `data-route` on its root and
 * says it is still loading with aria-busy (PageStatus and the support page while their data loads,
 * CampaignList while it fetches, a busy Spinner while a lazy part such as the frame designer loads):
 * ready means the root is visible and neither it nor anything in it is aria-busy.
 */
export async function expectRouteReady(page: Page, name: string, timeout = ROUTE_READY_TIMEOUT): Promise<Locator> {
  const root = page.locator(`[data-route="${name}"]`);
  await expect(root.and(page.locator(':not([aria-busy="true"])')).filter({ hasNot: page.locator('[aria-busy="true"]') }), `route ${name} ready`).toBeVisible({ timeout });
  return root;
}
