/**
 * Five interface languages end to end (issue 19): the seeded campaign page, the support page with a photo placed and
 * the result page, in Arabic, Japanese, Russian, Hindi and Spanish, show no English message: no text node, label,
 * alternative text or placeholder equals an English message the locale words differently, nor holds the fixed
 * words of one (tests/testing/messages.ts). The campaign's own title and description are the creator's words.
 */
import type { Page } from '@playwright/test';
import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { englishNeedles, message } from '../testing/messages.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

const CAMPAIGN = 'merdeka-80';
const PHOTO = 'tests/fixtures/generated/sample1.jpg';

/** Every string a person sees or hears on the page: text nodes and the labels, alternatives and placeholders. */
async function shownStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [hidden]')) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
      for (const name of ['aria-label', 'alt', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    // The sentence of a text split by <bdi> values, too.
    for (const element of document.body.querySelectorAll('p, h1, h2, h3, label, button, a, li, span')) {
      if (element.querySelector('bdi')) found.push((element.textContent ?? '').trim());
    }
    return found;
  });
}

async function expectNoEnglish(page: Page, locale: string, where: string): Promise<void> {
  const { whole, parts } = englishNeedles(locale);
  const shown = await shownStrings(page);
  const english = shown.filter((text) => whole.has(text) || [...parts].some((part) => text.includes(part)));
  expect(english, `${locale} ${where}`).toEqual([]);
}

for (const locale of ['ar', 'ja', 'ru', 'hi', 'es']) {
  test(`the campaign, support and result pages speak ${locale} only`, async ({ page, watch }) => {
    void watch;
    test.setTimeout(150_000);
    await seedStorage(page, { 'dark-mode-modal-closed': '1', 'user-locale': locale });
    await page.goto(`/${CAMPAIGN}`);
    await expectRouteReady(page, 'campaign');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectNoEnglish(page, locale, 'campaign page');

    await page.getByRole('link', { name: message(locale, 'pages.campaign.choosePhoto') }).click();
    await expectRouteReady(page, 'campaign-support');
    await expectNoEnglish(page, locale, 'support page');
    await page.getByLabel(message(locale, 'support.picker.choose')).setInputFiles(PHOTO);
    await expect(page.getByRole('application', { name: message(locale, 'support.adjuster.label') })).toBeVisible({ timeout: 90_000 });
    const next = page.getByRole('button', { name: message(locale, 'support.next') });
    await expect(next).toBeEnabled({ timeout: 60_000 });
    await expectNoEnglish(page, locale, 'support page with the photo placed');

    await next.click();
    await expect(page).toHaveURL(new RegExp(`/${CAMPAIGN}/result$`), { timeout: 60_000 });
    await expectRouteReady(page, 'campaign-result');
    await expectNoEnglish(page, locale, 'result page');
  });
}
