import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

/** Console errors and requests that left the origin, collected per test and checked after it. */
export interface PageWatch {
  consoleErrors: string[];
  foreignRequests: string[];
  /** Console error patterns a test expects (for example a deliberate 404). */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ watch: PageWatch }>({
  watch: async ({ page, baseURL }, provide) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    const allowed: RegExp[] = [];
    const watch: PageWatch = { consoleErrors: [], foreignRequests: [], allow: (p) => allowed.push(p) };
    page.on('console', (message) => {
      if (message.type() === 'error') watch.consoleErrors.push(`${message.text()} [${message.location().url}]`);
    });
    page.on('pageerror', (error) => watch.consoleErrors.push(`pageerror: ${error.message}`));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) watch.foreignRequests.push(url);
    });
    await provide(watch);
    expect(watch.consoleErrors.filter((text) => !allowed.some((p) => p.test(text))), 'console errors').toEqual([]);
    expect(watch.foreignRequests, 'requests that left the origin').toEqual([]);
  },
});

export { expect };

/** Unique per test and run, for emails, links and titles: the workers share one server and database. */
export function uniqueId(testInfo: TestInfo): string {
  return `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.repeatEachIndex}`;
}

/** A second visitor: a new browser context (its own storage and cookies) with the dark-mode modal already closed. */
export async function freshPage(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  return { context, page };
}

/** Seeds local storage before any page script runs. */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
  }, entries);
}

/**
 * A seeded token is not one the server issued: its refresh is refused (401), which logs the
 * visitor out (seed §4) after the guard let the page open; locale setup and the page's own
 * account reads log the refusal.
 */
export function allowRejectedSeededToken(watch: PageWatch): void {
  // The seeded token is not one the server issued: whichever signed-in call a page makes first (account, unread count…)
  // is refused, and a non-staff account's staff-session check answers 404.
  watch.allow(/401 \(Unauthorized\) \[[^\]]*\/api\/v2\//);
  watch.allow(/404 \(Not Found\) \[[^\]]*\/api\/v2\/staff\/session\]/);
  watch.allow(/^(Locale setup|Country refresh) failed/);
  watch.allow(/^Request failed ApiError: /);
}

/** A persisted account store (zustand persist format) in the given state. */
export function accountState(state: Record<string, unknown>): string {
  return JSON.stringify({ state, version: 0 });
}
