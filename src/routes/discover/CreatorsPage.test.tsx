import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { demoSummary } from '../../testing/apiMock.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import CreatorsPage from './CreatorsPage.tsx';
import { fullText } from '../../testing/fullText.ts';

accountTestLifecycle();

const top: CampaignSummary[] = [
  { ...demoSummary, uri: 'hut-ri-81', title: 'HUT RI ke-81', supportersCount: 12_345 },
  { ...demoSummary, uri: 'hari-guru', title: 'Hari Guru', supportersCount: 980 },
  { ...demoSummary, uri: 'wisuda', title: 'Wisuda 2026', supportersCount: 77 },
  { ...demoSummary, uri: 'ramadan', title: 'Ramadan', supportersCount: 12 },
  { ...demoSummary, uri: 'fifth', title: 'The fifth', supportersCount: 1 },
];

function renderPage() {
  render(<RouterProvider router={createMemoryRouter([{ path: '/for-creators', element: <CreatorsPage /> }], { initialEntries: ['/for-creators'] })} />);
}

describe('the for-creators page', () => {
  it('explains the steps, the designer and the plans, with calls to create and design', async () => {
    fakeAccountServer(() => json({ data: { tab: 'campaign', items: top, page: 1, limit: 10, total: 5, sort: 'popular' } }));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Run a photo-frame campaign people love to share' })).toBeTruthy();
    for (const name of ['From idea to campaign in four steps', 'No frame yet? Design one here', 'Plans and monetization', 'Campaigns that took off', 'Your campaign could be next']) {
      expect(screen.getByRole('region', { name })).toBeTruthy();
    }
    expect(screen.getAllByRole('link', { name: 'Create a campaign' }).every((link) => link.getAttribute('href') === '/create/frame')).toBe(true);
    expect(screen.getAllByRole('link', { name: 'Design a frame' }).map((link) => link.getAttribute('href'))).toEqual(['/create/frame', '/create/frame']);
    expect(screen.getByRole('link', { name: 'Compare creator plans' }).getAttribute('href')).toBe('/pricing/creators');
    expect(screen.getByRole('link', { name: 'Apply for monetization' }).getAttribute('href')).toBe('/apply-monetization');
    await screen.findByText('HUT RI ke-81', undefined, { timeout: 10_000 });
    expect([...missingKeys]).toEqual([]);
  });

  it('shows the most-supported public campaigns as examples, with their supporter counts', async () => {
    const server = fakeAccountServer(() => json({ data: { tab: 'campaign', items: top, page: 1, limit: 10, total: 5, sort: 'popular' } }));
    renderPage();
    const examples = screen.getByRole('region', { name: 'Campaigns that took off' });
    const first = await within(examples).findByRole('link', { name: /HUT RI ke-81/ }, { timeout: 10_000 });
    expect(first.getAttribute('href')).toBe('/hut-ri-81');
    expect(within(first).getByText(fullText('12,345 supporters'))).toBeTruthy();
    expect(within(examples).getAllByRole('listitem')).toHaveLength(4);
    expect(within(examples).queryByText('The fifth')).toBeNull();
    const call = server.to('/explore/campaign').at(-1);
    expect(call?.url.searchParams.get('sort')).toBe('popular');
  });

  it('offers a retry when the examples cannot be loaded', async () => {
    let fail = true;
    fakeAccountServer(() => (fail ? json({ message: 'Down', code: 'UNAVAILABLE' }, 503) : json({ data: { tab: 'campaign', items: top.slice(0, 1), page: 1, limit: 10, total: 1, sort: 'popular' } })));
    renderPage();
    const examples = screen.getByRole('region', { name: 'Campaigns that took off' });
    await within(examples).findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await clickButton('Try again');
    expect(await within(examples).findByText('HUT RI ke-81', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
