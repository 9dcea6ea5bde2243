import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { demoPost } from '../../testing/apiMock.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { accountDefaults, useAccountStore } from '../../domains/account/accountStore.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import PostPage from './PostPage.tsx';

function renderPost(uri = 'demo-post') {
  const router = createMemoryRouter(
    [
      { path: '/p/:uri', element: <PostPage /> },
      { path: '/:uri', element: <h1>Campaign page</h1> },
    ],
    { initialEntries: [`/p/${uri}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function postServer(onDelete: () => Response = () => new Response(null, { status: 204 })) {
  return fakeAccountServer((call) => {
    if (call.url.pathname !== '/api/v2/posts/demo-post') return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    return call.method === 'DELETE' ? onDelete() : json({ data: demoPost });
  });
}

accountTestLifecycle();

describe('the post page', () => {
  it('shows the picture, caption, author, date and campaign to a visitor, without Delete', async () => {
    postServer();
    renderPost();
    expect(await screen.findByRole('heading', { level: 1, name: 'Twibbon for “Demo Campaign”' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Budi’s twibbon for “Demo Campaign”' }).getAttribute('src')).toBe(demoPost.imageUrl);
    expect(screen.getByText('Join Budi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Budi' }).getAttribute('href')).toBe('/u/budi');
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe(demoPost.createdAt);
    const campaign = screen.getByRole('region', { name: 'Campaign' });
    expect(within(campaign).getByRole('link', { name: /Demo Campaign/ }).getAttribute('href')).toBe('/demo-campaign');
    expect(within(campaign).getByRole('link', { name: 'Use this twibbon' }).getAttribute('href')).toBe('/demo-campaign/support');
    expect(screen.getByRole('button', { name: 'Report post' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
  });

  it('does not offer Delete to another signed-in account', async () => {
    useAccountStore.setState({ ...accountDefaults(), uuid: 'u-2', username: 'ayu' });
    postServer();
    renderPost();
    await screen.findByRole('heading', { level: 1, name: 'Twibbon for “Demo Campaign”' });
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
  });

  it('lets the author delete after confirming, then goes to the campaign', async () => {
    useAccountStore.setState({ ...accountDefaults(), uuid: 'u-1', username: 'budi' });
    const server = postServer();
    const router = renderPost();
    await screen.findByRole('heading', { level: 1, name: 'Twibbon for “Demo Campaign”' });
    await clickButton('Delete post');
    await screen.findByRole('dialog', { name: 'Delete this post?' });
    await clickButton('Keep it');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('/posts/demo-post').filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await clickButton('Delete post');
    await screen.findByRole('dialog', { name: 'Delete this post?' });
    await clickButton('Delete');
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-campaign'));
    expect(server.to('/posts/demo-post').filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps the post and shows why when the delete fails', async () => {
    useAccountStore.setState({ ...accountDefaults(), uuid: 'u-1', username: 'budi' });
    postServer(() => json({ message: 'Down', code: 'UNAVAILABLE' }, 503));
    const router = renderPost();
    await screen.findByRole('heading', { level: 1, name: 'Twibbon for “Demo Campaign”' });
    await clickButton('Delete post');
    await screen.findByRole('dialog');
    await clickButton('Delete');
    expect((await screen.findByRole('alert')).textContent).toBe('The service is temporarily unavailable. Please try again later.');
    expect(router.state.location.pathname).toBe('/p/demo-post');
  });

  it('shows the 404 page for an unknown post', async () => {
    postServer();
    renderPost('gone-post');
    await waitFor(() => expect(document.querySelector('[data-route="not-found"]')).not.toBeNull());
  });
});
