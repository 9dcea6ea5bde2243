import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OwnCampaignSummary } from '../../../contract/campaignWrite.ts';
import { demoSummary } from '../../testing/apiMock.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { OwnCampaigns } from './OwnCampaigns.tsx';
import { fullText } from '../../testing/fullText.ts';

const own = (n: number): OwnCampaignSummary => ({ ...demoSummary, uri: `mine-${n}`, title: `Mine ${n}`, visibility: n === 1 ? 'private' : 'public', visitsCount: n * 10, supportersCount: n });

function renderList() {
  const router = createMemoryRouter([{ path: '/profile', element: <OwnCampaigns /> }], { initialEntries: ['/profile'] });
  return render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: 'u-1', username: 'ayu' }, 'token');

describe('OwnCampaigns', () => {
  it('lists every own campaign with its visibility and counters, links to its edit page, and pages through them', async () => {
    const server = fakeAccountServer((call) => {
      const page = Number(call.url.searchParams.get('page'));
      return json({ data: { items: page === 1 ? [own(1), { ...own(2), takenDown: true }] : [own(11)], page, limit: 10, total: 11 } });
    });
    renderList();
    expect((await screen.findByRole('link', { name: 'Manage “Mine 1”' })).getAttribute('href')).toBe('/campaign/mine-1');
    expect(screen.getByRole('link', { name: 'Mine 2' }).getAttribute('href')).toBe('/mine-2');
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.getByText(fullText('20 visits'))).toBeTruthy();
    // A campaign staff took down stays in its creator's list, marked (and only that one).
    expect(screen.getAllByText('Taken down by our moderators')).toHaveLength(1);
    expect(server.to('/account/campaigns')[0]?.headers.get('authorization')).toBe('Bearer token');
    await clickButton('Page 2');
    expect(await screen.findByRole('link', { name: 'Mine 11' })).toBeTruthy();
    expect(missingKeys.size).toBe(0);
  });

  it('invites a creator without campaigns to make one, and offers a retry when loading fails', async () => {
    let fail = true;
    fakeAccountServer(() => (fail ? json({ message: 'down', code: 'INTERNAL' }, 500) : json({ data: { items: [], page: 1, limit: 10, total: 0 } })));
    renderList();
    expect(await screen.findByText('Your campaigns could not be loaded.')).toBeTruthy();
    fail = false;
    await clickButton('Try again');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Create a campaign' }).getAttribute('href')).toBe('/create/frame'));
  });
});
