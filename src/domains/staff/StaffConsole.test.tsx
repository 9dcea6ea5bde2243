import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffAccount, StaffAppeal, StaffAuditEntry, StaffReportGroup } from '../../../contract/staff.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { StaffConsole } from './StaffConsole.tsx';

const group: StaffReportGroup = {
  target: 'campaign',
  uri: 'bad-frame',
  title: 'Bad frame',
  owner: 'budi',
  hidden: false,
  count: 3,
  reasons: [
    { reason: 'spam', count: 2 },
    { reason: 'hate', count: 1 },
  ],
  details: ['Selling followers'],
  firstReportedAt: '2026-11-01T08:00:00.000Z',
  lastReportedAt: '2026-11-02T08:00:00.000Z',
};
const sari: StaffAccount = {
  uuid: '5b0a0f1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  username: 'sari',
  name: 'Sari',
  email: 'sari@example.test',
  createdAt: '2026-01-01T00:00:00.000Z',
  suspendedAt: null,
  appealStatus: 'NOT_YET',
  staff: false,
};
const suspended = { ...sari, suspendedAt: '2026-11-03T00:00:00.000Z', appealStatus: 'PENDING' as const };
const appeal: StaffAppeal = { account: suspended, message: 'It was a school event.', fileUrl: '/files/appeals/x.webp?sig=1', createdAt: '2026-11-04T00:00:00.000Z' };
const entry: StaffAuditEntry = {
  id: 7,
  staffEmail: 'mod@example.test',
  action: 'hide',
  targetType: 'campaign',
  targetId: 'bad-frame',
  reason: 'Spam campaign',
  data: {},
  createdAt: '2026-11-05T00:00:00.000Z',
};
const page = <T,>(items: T[]) => ({ data: { items, page: 1, limit: 20, total: items.length } });
const notFound = () => json({ message: 'Not found', code: 'NOT_FOUND' }, 404);

function renderConsole(tab: string) {
  const router = createMemoryRouter([{ path: '/staff', element: <StaffConsole /> }], { initialEntries: [`/staff?tab=${tab}`] });
  render(<RouterProvider router={router} />);
  return router;
}

accountTestLifecycle({ uuid: 'mod-1', username: 'mod' }, 'token');

describe('StaffConsole', () => {
  it('lists grouped reports; refuses a hide without a reason, then hides with one and reloads the queue', async () => {
    let hidden = false;
    const server = fakeAccountServer((call: Call) => {
      const path = call.url.pathname;
      if (path === '/api/v2/staff/reports') return json(page(hidden ? [] : [group]));
      if (path === '/api/v2/staff/reports/campaign/bad-frame/hide') {
        hidden = true;
        return json({ data: { target: 'campaign', uri: 'bad-frame', hidden: true, reportsClosed: 3 } });
      }
      return notFound();
    });
    renderConsole('reports');
    const card = await screen.findByRole('article', { name: 'campaign bad-frame' }, { timeout: 10_000 });
    expect(within(card).getByRole('link', { name: 'Bad frame' }).getAttribute('href')).toBe('/bad-frame');
    expect(within(card).getByText('3 reports · campaign by @budi')).toBeTruthy();
    expect(within(card).getByText('Spam: 2')).toBeTruthy();
    expect(within(card).getByText('Hate: 1')).toBeTruthy();
    expect(within(card).getByText('Selling followers')).toBeTruthy();

    await clickButton('Take down');
    expect(within(card).getByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(server.to('/staff/reports/campaign/bad-frame/hide')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('Reason (about campaign bad-frame)'), { target: { value: '  Spam campaign ' } });
    await clickButton('Take down');
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    expect(server.to('/staff/reports/campaign/bad-frame/hide').map((call) => call.json)).toEqual([{ reason: 'Spam campaign' }]);
    expect([...missingKeys]).toEqual([]);
  });

  it('finds an account by email or username and suspends it with a reason; says when none matches', async () => {
    const server = fakeAccountServer((call: Call) => {
      const path = call.url.pathname;
      if (path === '/api/v2/staff/accounts') return call.url.searchParams.get('q') === 'sari@example.test' ? json({ data: sari }) : notFound();
      if (path === `/api/v2/staff/accounts/${sari.uuid}/suspend`) return json({ data: { ...sari, suspendedAt: '2026-11-03T00:00:00.000Z' } });
      return notFound();
    });
    renderConsole('accounts');
    const field = await screen.findByLabelText('Email or username');
    fireEvent.change(field, { target: { value: 'nobody' } });
    await clickButton('Find');
    expect(await screen.findByText('No account has this email or username.')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'sari@example.test' } });
    await clickButton('Find');
    expect((await screen.findByTestId('staff-account-status')).textContent).toBe('Active');
    fireEvent.change(screen.getByLabelText('Reason (about @sari)'), { target: { value: 'Repeated spam' } });
    await clickButton('Suspend');
    // The status element is already there (Active): wait for what it says to change.
    await waitFor(() => expect(screen.getByTestId('staff-account-status').textContent).toMatch(/^Suspended since /));
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(server.to(`/staff/accounts/${sari.uuid}/suspend`).map((call) => call.json)).toEqual([{ reason: 'Repeated spam' }]);
    expect([...missingKeys]).toEqual([]);
  });

  it('shows a pending appeal with its message and file, and lifts it with a reason', async () => {
    let decided = false;
    const server = fakeAccountServer((call: Call) => {
      const path = call.url.pathname;
      if (path === '/api/v2/staff/appeals') return json(page(decided ? [] : [appeal]));
      if (path === `/api/v2/staff/appeals/${sari.uuid}/lift`) {
        decided = true;
        return json({ data: { ...sari, appealStatus: 'ACCEPTED' } });
      }
      return notFound();
    });
    renderConsole('appeals');
    const card = await screen.findByRole('article', { name: 'Appeal of @sari' }, { timeout: 10_000 });
    expect(within(card).getByText('It was a school event.')).toBeTruthy();
    expect(within(card).getByText('Waiting for review')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the attached file' }).getAttribute('href')).toBe('/files/appeals/x.webp?sig=1');
    fireEvent.change(within(card).getByLabelText('Reason (about @sari)'), { target: { value: 'A mistake' } });
    await clickButton('Lift suspension');
    expect(await screen.findByText('No appeals are waiting.')).toBeTruthy();
    expect(server.to(`/staff/appeals/${sari.uuid}/lift`).map((call) => call.json)).toEqual([{ reason: 'A mistake' }]);
    expect([...missingKeys]).toEqual([]);
  });

  it('shows the audit log as a read-only table, and the tabs are reachable with the keyboard', async () => {
    fakeAccountServer((call: Call) => (call.url.pathname === '/api/v2/staff/audit' ? json(page([entry])) : call.url.pathname === '/api/v2/staff/reports' ? json(page([])) : notFound()));
    const router = renderConsole('audit');
    const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 10_000 });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['mod@example.test', 'Took down', 'Campaign bad-frame', 'Spam campaign']);
    expect(screen.queryByRole('button', { name: /edit|delete/i })).toBeNull();

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Reports', 'Accounts', 'Appeals', 'Applications', 'Payouts', 'Orders', 'Frame matches', 'Audit log']);
    const audit = screen.getByRole('tab', { name: 'Audit log' });
    expect(audit.getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      audit.focus();
      fireEvent.keyDown(audit, { key: 'ArrowRight' });
    });
    // Radix moves the roving focus in a timeout after the key: wait for it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Reports' })));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=reports'));
    expect([...missingKeys]).toEqual([]);
  });
});
