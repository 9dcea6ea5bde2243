import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesignDraftSummary } from '../../../contract/designDraft.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { useAccountStore } from '../account/public.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { DesignDraftList } from './DesignDraftList.tsx';
import { mergeDraftSummaries } from './mergeDraftSummaries.ts';

// jsdom has no IndexedDB: this device's drafts are a Map here (designDraftDb.browser.test.ts covers the real one).
const device = vi.hoisted(() => new Map<string, DesignDraftSummary>());
vi.mock('./designDraftDb.ts', () => ({
  listLocalDrafts: async () => [...device.values()],
  deleteLocalDraft: async (id: string) => {
    device.delete(id);
  },
}));

const summary = (id: string, updatedAt: string, overrides: Partial<DesignDraftSummary> = {}): DesignDraftSummary => ({
  id,
  name: `Design ${id}`,
  kind: 'frame',
  width: 1080,
  height: 1080,
  updatedAt,
  ...overrides,
});

function renderList(props: Parameters<typeof DesignDraftList>[0] = { kind: 'frame' }) {
  const router = createMemoryRouter(
    [
      { path: '/create/frame', element: <DesignDraftList {...props} /> },
      { path: '/create/:kind/:id', element: <p>designer open</p> },
    ],
    { initialEntries: ['/create/frame'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('mergeDraftSummaries', () => {
  it('keeps one entry a draft with the newer copy, notes where copies are, sorts newest first and filters by kind', () => {
    const local = [summary('a', '2026-11-26T10:00:00.000Z', { name: 'A on device' }), summary('b', '2026-11-20T10:00:00.000Z'), summary('bg', '2026-11-27T10:00:00.000Z', { kind: 'background' })];
    const server = [summary('a', '2026-11-25T10:00:00.000Z', { name: 'A in account' }), summary('c', '2026-11-22T10:00:00Z')];
    expect(mergeDraftSummaries(local, server, 'frame')).toEqual([
      { ...local[0], onDevice: true, inAccount: true },
      { ...server[1], onDevice: false, inAccount: true },
      { ...local[1], onDevice: true, inAccount: false },
    ]);
    expect(mergeDraftSummaries(local, [summary('a', '2026-11-28T10:00:00.000Z', { name: 'A newer in account' })])[0]).toMatchObject({ id: 'a', name: 'A newer in account', onDevice: true, inAccount: true });
    expect(mergeDraftSummaries(local, server).map((draft) => draft.id)).toEqual(['bg', 'a', 'c', 'b']);
  });
});

describe('DesignDraftList', () => {
  accountTestLifecycle({ uuid: 'u-1', username: 'ayu' }, 'token');
  beforeEach(() => device.clear());

  it("lists this device's and the account's drafts of the page's kind with size and last edit, linking to the designer", async () => {
    device.set('here', summary('here', new Date(Date.now() - 5 * 60_000).toISOString(), { name: 'Merdeka frame', width: 1080, height: 1350 }));
    device.set('other-kind', summary('other-kind', new Date().toISOString(), { kind: 'background' }));
    const server = fakeAccountServer(() => json({ data: { items: [summary('there', new Date(Date.now() - 3 * 86_400_000).toISOString(), { name: '' })] } }));
    renderList();

    const region = await screen.findByRole('region', { name: 'Your designs' });
    const rows = within(region).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Merdeka frame')).toBeTruthy();
    expect(within(rows[0]!).getByText('1080 × 1350 px')).toBeTruthy();
    expect(within(rows[0]!).getByText('5 minutes ago')).toBeTruthy();
    expect(within(rows[0]!).getByText('On this device')).toBeTruthy();
    expect(within(rows[1]!).getByText('Untitled design')).toBeTruthy();
    expect(within(rows[1]!).getByText('3 days ago')).toBeTruthy();
    expect(within(rows[1]!).getByText('Saved to your account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue designing Merdeka frame' }).getAttribute('href')).toBe('/create/frame/here');
    expect(screen.getByRole('link', { name: 'Continue designing Untitled design' }).getAttribute('href')).toBe('/create/frame/there');
    expect(server.to('/designs')[0]?.headers.get('authorization')).toBe('Bearer token');
    expect(missingKeys.size).toBe(0);
  });

  it('opens a draft through onOpen when given, else follows the link', async () => {
    device.set('here', summary('here', new Date().toISOString()));
    fakeAccountServer(() => json({ data: { items: [] } }));
    const onOpen = vi.fn();
    renderList({ kind: 'frame', onOpen });
    fireEvent.click(await screen.findByRole('link', { name: 'Continue designing Design here' }));
    expect(onOpen).toHaveBeenCalledWith('here');
    cleanup();

    const router = renderList({ kind: 'frame' });
    fireEvent.click(await screen.findByRole('link', { name: 'Continue designing Design here' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/frame/here'));
  });

  it('deletes a draft from the device and the account after confirming', async () => {
    device.set('both', summary('both', new Date().toISOString()));
    const server = fakeAccountServer((call) => {
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      return json({ data: { items: device.has('both') ? [summary('both', new Date().toISOString())] : [] } });
    });
    renderList();
    await screen.findByRole('button', { name: 'Delete Design both' });
    await clickButton('Delete Design both');
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Design both”?' });
    expect(within(dialog).getByText(/from this device and from your account/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete design' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(device.has('both')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Your designs' })).toBeNull();
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/v2/designs/both']);
  });

  it('cancelling the confirmation deletes nothing; a failed delete says so and keeps the draft', async () => {
    device.set('keep', summary('keep', new Date().toISOString()));
    fakeAccountServer((call) => (call.method === 'DELETE' ? json({ message: 'down', code: 'UNAVAILABLE' }, 503) : json({ data: { items: [summary('keep', new Date().toISOString())] } })));
    renderList();
    await screen.findByRole('button', { name: 'Delete Design keep' });
    await clickButton('Delete Design keep');
    await clickButton('Cancel');
    expect(device.has('keep')).toBe(true);

    await clickButton('Delete Design keep');
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete design' }));
    });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(device.has('keep')).toBe(true);
  });

  it("shows this device's drafts and a retry when the account's list fails, and nothing when there are no drafts", async () => {
    device.set('here', summary('here', new Date().toISOString()));
    let fail = true;
    fakeAccountServer(() => (fail ? json({ message: 'down', code: 'INTERNAL' }, 500) : json({ data: { items: [summary('there', new Date().toISOString())] } })));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderList();
    expect(await screen.findByText('The designs saved to your account could not be loaded.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fail = false;
    await clickButton('Try again');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
  });

  it('lists only drafts on this device when signed out, without asking the server', async () => {
    useAccountStore.setState({ uuid: '' });
    device.set('here', summary('here', new Date().toISOString()));
    const server = fakeAccountServer(() => json({ data: { items: [] } }));
    renderList();
    expect(await screen.findByRole('region', { name: 'Your designs' })).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('renders nothing when there are no drafts', async () => {
    const server = fakeAccountServer(() => json({ data: { items: [] } }));
    renderList();
    await waitFor(() => expect(server.to('/designs')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Your designs' })).toBeNull();
  });
});
