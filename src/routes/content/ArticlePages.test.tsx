import { act, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArticleSummary } from '../../../contract/article.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { demoArticle } from '../../testing/apiMock.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import BlogPage from './BlogPage.tsx';
import BlogPostPage from './BlogPostPage.tsx';
import TestimonialPage from './TestimonialPage.tsx';
import UseCasePage from './UseCasePage.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog', element: <BlogPage /> },
      { path: '/blog/:id/:slug', element: <BlogPostPage /> },
      { path: '/use-cases/:slug', element: <UseCasePage /> },
      { path: '/testimonials/:slug', element: <TestimonialPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Twelve blog posts, newest first, as the server pages them. */
const posts: ArticleSummary[] = Array.from({ length: 12 }, (_, i) => {
  const { html: _html, ...summary } = demoArticle('blog', String(12 - i));
  return { ...summary, slug: `post-${12 - i}`, path: `/blog/${12 - i}/post-${12 - i}`, title: `Post number ${12 - i}`, date: `2026-01-${String(20 - i).padStart(2, '0')}` };
});

function articleServer() {
  return fakeAccountServer((call) => {
    const path = call.url.pathname.replace('/api/v2', '');
    if (path === '/articles/blog') {
      const page = Number(call.url.searchParams.get('page'));
      const limit = Number(call.url.searchParams.get('limit'));
      return json({ data: { items: posts.slice((page - 1) * limit, page * limit), page, limit, total: posts.length } });
    }
    if (path === '/articles/blog/7') return json({ data: { ...demoArticle('blog', '7'), slug: 'post-7', path: '/blog/7/post-7', title: 'Post number 7' } });
    if (path === '/articles/use-cases/schools') return json({ data: demoArticle('use-cases', 'schools') });
    return json({ message: 'No such article', code: 'NOT_FOUND' }, 404);
  });
}

accountTestLifecycle();
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the article pages', () => {
  it('list the newest posts with cover, title, byline and date, ten a page', async () => {
    const server = articleServer();
    const router = renderAt('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(10);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Post number 12' }).getAttribute('href')).toBe('/blog/12/post-12');
    expect(first.getByRole('img', { name: 'A white card with a round portrait' }).getAttribute('src')).toBe('/images/articles/use-cases-schools.jpg');
    expect(first.getByText(/By Bingkai Team/)).toBeTruthy();
    expect(cards[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-20');
    expect(server.to('/articles/blog')[0]!.url.searchParams.get('locale')).toBe('en');

    await clickButton('Page 2');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByRole('link', { name: 'Post number 2' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(server.to('/articles/blog').at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('shows an article: cover, title, byline, the body the server rendered, and the way back', async () => {
    articleServer();
    renderAt('/use-cases/schools');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frames for every class' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Why' })).toBeTruthy();
    expect(screen.getByText('Every class wanted its own frame.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A white card with a round portrait' })).toBeTruthy();
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe('2026-01-20');
    expect(screen.getByRole('link', { name: 'All use cases' }).getAttribute('href')).toBe('/use-cases');
    expect(screen.queryByText(/has not been translated/)).toBeNull();
    expect([...missingKeys]).toEqual([]);
  });

  it('finds a blog post by its id and moves an old slug to the post’s own path', async () => {
    articleServer();
    const router = renderAt('/blog/7/an-old-title');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 7' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/7/post-7'));
    expect(screen.getByRole('link', { name: 'All blog posts' }).getAttribute('href')).toBe('/blog');
  });

  it('shows the 404 page for an unknown article', async () => {
    articleServer();
    renderAt('/testimonials/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('asks in the reader’s language and says so when the article is only in English', async () => {
    await act(async () => {
      await i18next.changeLanguage('id');
    });
    const server = articleServer();
    renderAt('/use-cases/schools');
    await screen.findByRole('heading', { level: 1, name: 'Frames for every class' });
    expect(server.to('/articles/use-cases/schools')[0]!.url.searchParams.get('locale')).toBe('id');
    expect(screen.getByText('Artikel ini belum diterjemahkan ke bahasa Anda, jadi kami tampilkan dalam bahasa Inggris.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Semua contoh penggunaan' })).toBeTruthy();
  });
});
