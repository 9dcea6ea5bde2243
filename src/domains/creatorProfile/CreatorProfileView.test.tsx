import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CreatorProfile } from '../../../contract/creatorProfile.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { demoPost, demoSummary } from '../../testing/apiMock.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { CreatorProfileView } from './CreatorProfileView.tsx';

const profile: CreatorProfile = {
  username: 'ayu',
  name: 'Ayu Lestari',
  avatarUrl: '/files/public/avatars/ayu.webp',
  bannerUrl: null,
  bio: 'Frames for good causes.',
  websiteLink: 'https://ayu.example/',
  country: 'ID',
  createdAt: '2025-03-04T05:06:07.000Z',
  totals: { campaigns: 12, supporters: 4321, posts: 1 },
  collections: [{ uri: 'ayu-picks', title: 'Ayu picks', description: '', coverUrl: null, campaignsCount: 3 }],
};

const campaignsOf = (page: number) => Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => ({ ...demoSummary, uri: `c-${page}-${i}`, title: `Campaign ${page}.${i}` }));

accountTestLifecycle();

/** The machine may be busy (two cores shared with other suites): wait longer than the default second. */
const slow = { timeout: 10_000 };

describe('CreatorProfileView', () => {
  it('shows the creator, pages through their campaigns with the page in the URL, and links collections and posts', async () => {
    const server = fakeAccountServer((call) => {
      const page = Number(call.url.searchParams.get('page'));
      if (call.url.pathname === '/api/v2/profiles/ayu/campaigns') return json({ data: { items: campaignsOf(page), page, limit: 10, total: 12 } });
      if (call.url.pathname === '/api/v2/profiles/ayu/posts') return json({ data: { items: [demoPost], page, limit: 10, total: 1 } });
      return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    const router = createMemoryRouter(
      [
        {
          path: '/u/:username',
          element: (
            <CreatorProfileView
              profile={profile}
              countryName="Indonesia"
              renderCampaigns={(items) => (
                <ul>
                  {items.map((c) => (
                    <li key={c.uri}>{c.title}</li>
                  ))}
                </ul>
              )}
            />
          ),
        },
      ],
      { initialEntries: ['/u/ayu'] },
    );
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ayu Lestari');
    const website = screen.getByRole('link', { name: 'ayu.example' });
    expect(website.getAttribute('href')).toBe('https://ayu.example/');
    expect(website.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(screen.getByText('Indonesia')).toBeTruthy();
    expect(screen.getByText('4,321')).toBeTruthy();
    expect(screen.getByAltText('Ayu Lestari\'s profile photo').getAttribute('src')).toBe('/files/public/avatars/ayu.webp');
    expect(screen.getByTestId('profile-banner').getAttribute('src')).toBe('/images/default-banner.svg');
    expect(screen.getByRole('link', { name: /Ayu picks/ }).getAttribute('href')).toBe('/c/ayu-picks');

    expect(await screen.findByText('Campaign 1.0', {}, slow)).toBeTruthy();
    expect(screen.getByText('Campaign 1.9')).toBeTruthy();
    await clickButton('Page 2');
    expect(await screen.findByText('Campaign 2.1', {}, slow)).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(server.to('/profiles/ayu/campaigns').map((call) => call.url.search)).toEqual(['?page=1&limit=10', '?page=2&limit=10']);

    const post = await screen.findByRole('link', { name: `A photo framed for “${demoPost.campaign.title}”` }, slow);
    expect(post.getAttribute('href')).toBe(`/p/${demoPost.uri}`);
    await act(async () => {
      await router.navigate(-1);
    });
    expect(await screen.findByText('Campaign 1.0', {}, slow)).toBeTruthy();
    expect(missingKeys.size).toBe(0);
  }, 30_000);
});
