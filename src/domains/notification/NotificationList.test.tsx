import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../contract/notification.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { NotificationList } from './NotificationList.tsx';
import { internalPath, notificationLink } from './notificationMessage.ts';
import { useUnreadStore } from './unreadStore.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const items: NotificationItem[] = [
  { id: '00000000-0000-4000-8000-000000000001', type: 'milestone', read: false, createdAt: minutesAgo(5), campaign: { uri: 'hari-bumi', title: 'Hari Bumi' }, data: { milestone: 1000 } },
  { id: '00000000-0000-4000-8000-000000000002', type: 'trending', read: true, createdAt: minutesAgo(60 * 26), campaign: { uri: 'wisuda', title: 'Wisuda' }, data: { rank: 3, week: '2026-W48' } },
  {
    id: '00000000-0000-4000-8000-000000000003',
    type: 'campaignRecap',
    read: false,
    createdAt: minutesAgo(60 * 24 * 3),
    campaign: null,
    data: { week: '2026-W47', supports: 12, visits: 40, campaigns: [{ uri: 'hari-bumi', title: 'Hari Bumi', supports: 12, visits: 30 }] },
  },
  { id: '00000000-0000-4000-8000-000000000004', type: 'comments', read: true, createdAt: minutesAgo(1), campaign: null, data: { name: 'Sari' } },
];

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/notifications'] });
  return render(<RouterProvider router={router} />);
}

accountTestLifecycle({ uuid: 'u-1', username: 'ayu' }, 'token');
beforeEach(() => useUnreadStore.setState({ unread: null }));

describe('NotificationList', () => {
  it('shows each notification’s localized message, type, time and link, marks unread ones, and marks one or all read', async () => {
    let unread = 2;
    const server = fakeAccountServer((call) => {
      if (call.url.pathname === '/api/v2/notifications') return json({ data: { items: items.map((item) => ({ ...item, read: unread === 0 || item.read })), page: 1, limit: 10, total: 4, unread } });
      if (call.url.pathname.endsWith('/read')) return json({ data: { unread: --unread } });
      if (call.url.pathname === '/api/v2/notifications/read-all') {
        unread = 0;
        return json({ data: { unread: 0 } });
      }
      return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
    });
    renderAt(<NotificationList />);
    // The first call also loads the route schemas.
    const milestone = await screen.findByRole('link', { name: 'Your campaign “Hari Bumi” reached 1,000 supporters!' }, { timeout: 10_000 });
    expect(milestone.getAttribute('href')).toBe('/hari-bumi');
    expect(screen.getByRole('link', { name: '“Wisuda” is #3 on this week\'s worldwide leaderboard.' }).getAttribute('href')).toBe('/wisuda');
    expect(screen.getByRole('link', { name: 'Your weekly recap (2026-W47): 12 supports and 40 visits on your campaigns.' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: '“Hari Bumi”: 12 supports, 30 visits' }).getAttribute('href')).toBe('/hari-bumi');
    // A campaign deleted since: the message says so and links nowhere.
    expect(screen.getByText('Sari commented on “a deleted campaign”.').tagName).toBe('P');
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getByText('a day ago')).toBeTruthy();
    expect(screen.getByText('Milestone')).toBeTruthy();
    expect(screen.getByText('Weekly recap')).toBeTruthy();
    expect(screen.getByTestId('notification-unread-summary').textContent).toBe('2 unread');
    expect(screen.getAllByText('Unread')).toHaveLength(2);
    await waitFor(() => expect(useUnreadStore.getState().unread).toBe(2));

    await clickButton('Mark “Your campaign “Hari Bumi” reached 1,000 supporters!” as read');
    await waitFor(() => expect(useUnreadStore.getState().unread).toBe(1));
    expect(server.to(`/notifications/${items[0]!.id}/read`)).toHaveLength(1);
    expect(server.to(`/notifications/${items[0]!.id}/read`)[0]!.method).toBe('POST');
    const list = screen.getByTestId('notification-list');
    expect(within(list).getAllByText('Unread')).toHaveLength(1);

    await clickButton('Mark all as read');
    await waitFor(() => expect(screen.queryAllByText('Unread')).toHaveLength(0));
    expect(server.to('/notifications/read-all')).toHaveLength(1);
    expect(useUnreadStore.getState().unread).toBe(0);
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(missingKeys.size).toBe(0);
  });

  it('says so when there are none, and offers a retry when loading fails', async () => {
    let fail = true;
    fakeAccountServer(() => (fail ? json({ message: 'down', code: 'INTERNAL' }, 500) : json({ data: { items: [], page: 1, limit: 10, total: 0, unread: 0 } })));
    renderAt(<NotificationList />);
    expect(await screen.findByText('We couldn\'t load your notifications.')).toBeTruthy();
    fail = false;
    await clickButton('Try again');
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(missingKeys.size).toBe(0);
  });
});

describe('NotificationBell', () => {
  it('links to the notifications with the unread count in its label and badge', async () => {
    const server = fakeAccountServer(() => json({ data: { unread: 3 } }));
    renderAt(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: '3 unread notifications' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
    expect(server.to('/notifications/unread-count')[0]!.headers.get('authorization')).toBe('Bearer token');
  });

  it('has a plain label without unread ones, and refreshes when the window gets focus', async () => {
    let unread = 0;
    const server = fakeAccountServer(() => json({ data: { unread } }));
    renderAt(<NotificationBell />);
    await waitFor(() => expect(server.to('/notifications/unread-count')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    unread = 120;
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByRole('link', { name: '120 unread notifications' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
  });
});

describe('notification links', () => {
  it('keeps stored paths on the site', () => {
    expect(internalPath('/blog/1/hello')).toBe('/blog/1/hello');
    for (const path of ['//evil.test/x', 'https://evil.test', 'javascript:alert(1)', '/\\evil.test', '', undefined]) expect(internalPath(path)).toBeNull();
    expect(notificationLink({ ...items[3]!, type: 'article', data: { title: 'x', path: '//evil.test' } })).toBeNull();
  });
});
