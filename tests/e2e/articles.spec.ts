import { expect, seedStorage, test } from '../testing/pageFixture.ts';
import { expectRouteReady } from '../testing/routeReady.ts';

/** What each language shows of the blog: the newest post (content/blog, id 6) and the way back to the list. */
const LANGUAGES = [
  { locale: 'en', newest: 'Graduation season: a twibbon for every class', section: 'One campaign, several frames', back: 'All blog posts' },
  { locale: 'id', newest: 'Musim wisuda: satu twibbon untuk setiap kelas', section: 'Satu kampanye, beberapa bingkai', back: 'Semua tulisan blog' },
] as const;

for (const { locale, newest, section, back } of LANGUAGES) {
  test(`the blog in ${locale}: list → post → back`, async ({ page, watch }) => {
    void watch;
    await seedStorage(page, { 'dark-mode-modal-closed': '1', 'user-locale': locale });
    await page.goto('/blog');
    const list = await expectRouteReady(page, 'blog');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const cards = list.getByRole('article');
    await expect(cards).toHaveCount(6);
    await expect(cards.first().getByRole('img')).toHaveAttribute('src', '/images/articles/blog-school-graduation-season.jpg');

    await cards.first().getByRole('link', { name: newest }).click();
    const post = await expectRouteReady(page, 'blog-post');
    await expect(page).toHaveURL(/\/blog\/6\/school-graduation-season$/);
    await expect(post.getByRole('heading', { level: 1 })).toHaveText(newest);
    await expect(post.getByRole('heading', { level: 2, name: section })).toBeVisible();
    // The cover was loaded from the site itself (pageFixture fails a test whose page asks another origin).
    await expect(post.getByRole('img').first()).toHaveJSProperty('complete', true);

    await post.getByRole('link', { name: back }).click();
    await expectRouteReady(page, 'blog');
    await expect(page).toHaveURL(/\/blog$/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: newest })).toBeVisible();
  });
}

test('a use case and a testimonial open from their lists; an unknown one is the 404 page', async ({ page, watch }) => {
  watch.allow(/404/);
  await seedStorage(page, { 'dark-mode-modal-closed': '1' });
  await page.goto('/use-cases');
  const useCases = await expectRouteReady(page, 'use-cases');
  await useCases.getByRole('link', { name: 'Schools and campuses' }).click();
  await expectRouteReady(page, 'use-case');
  await expect(page).toHaveURL(/\/use-cases\/schools$/);

  await page.goto('/testimonials');
  const testimonials = await expectRouteReady(page, 'testimonials');
  await testimonials.getByRole('link', { name: 'Customers posted our anniversary, not our logo' }).click();
  await expectRouteReady(page, 'testimonial');
  await expect(page.getByText(/Andreas Wibowo/)).toBeVisible();

  await page.goto('/testimonials/nobody');
  await expectRouteReady(page, 'not-found');
});
