import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedCampaign } from '../../../contract/campaignWrite.ts';
import { demoCampaign } from '../../testing/apiMock.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { useToastStore } from '../../ui/toastStore.ts';
import { fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import EditCampaignPage from './EditCampaignPage.tsx';

const managed: ManagedCampaign = {
  ...demoCampaign,
  uri: 'hari-guru',
  title: 'Hari Guru',
  supportersCount: 1234,
  visitsCount: 5678,
  postsCount: 9,
  hasAccessCode: false,
  updatedAt: '2026-01-02T00:00:00.000Z',
  frames: [
    { id: '0b7c4b1e-3f1a-4c55-9d7e-000000000001', position: 0, url: '/files/one.png', width: 1080, height: 1080, holes: [{ x: 240, y: 240, width: 600, height: 600 }] },
    { id: '0b7c4b1e-3f1a-4c55-9d7e-000000000002', position: 1, url: '/files/two.png', width: 1080, height: 1080, holes: [] },
  ],
};

function ownerServer(extra: (call: Call, path: string) => Response | null = () => null) {
  let current = managed;
  return fakeAccountServer((call) => {
    const path = call.url.pathname.replace('/api/v2', '');
    const answer = extra(call, path);
    if (answer) return answer;
    if (path === '/campaigns/hari-guru/manage') return json({ data: current });
    if (path === '/campaigns/hari-guru' && call.method === 'PATCH') {
      const body = call.json as Partial<ManagedCampaign> & { frames: { id: string }[] };
      current = { ...current, title: String(body.title), frames: body.frames.map((ref, position) => ({ ...(managed.frames.find((f) => f.id === ref.id) ?? managed.frames[0]!), position })), updatedAt: '2026-01-03T00:00:00.000Z' };
      return json({ data: current });
    }
    if (path === '/campaigns/hari-guru' && call.method === 'DELETE') return new Response(null, { status: 204 });
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/campaign/:url/:frameid?', element: <EditCampaignPage /> },
      { path: '/profile', element: <p>own profile</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const cardNames = () => screen.queryAllByTestId('frame-card').map((card) => card.getAttribute('data-frame-name'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  useToastStore.getState().clear();
});

describe('the edit page', () => {
  accountTestLifecycle({ uuid: 'u-1', username: 'ayu', subscription: { plan: 'creator-diamond' } });

  it('shows the 404 page when the server does not know the campaign as this account’s', async () => {
    fakeAccountServer(() => json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
    renderAt('/campaign/someone-elses');
    await waitFor(() => expect(document.querySelector('[data-route="not-found"]')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('shows the counters, selects the frame named in the URL, and saves every field with the reordered frames', async () => {
    const server = ownerServer();
    renderAt('/campaign/hari-guru/0b7c4b1e-3f1a-4c55-9d7e-000000000002');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Hari Guru' })).toBeTruthy();
    const stats = screen.getByTestId('campaign-stats');
    expect(within(stats).getByText('1,234')).toBeTruthy();
    expect(within(stats).getByText('5,678')).toBeTruthy();
    expect(within(stats).getByText('9')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show frame 2 in the preview' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('uri-status').textContent).toBe("This is your campaign's current link.");
    expect(cardNames()).toEqual(['1', '2']);

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hari Guru 2026' } });
    // The link stays: editing the title never renames a published campaign.
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe('hari-guru');
    await clickButton('Move frame 2 up');
    await clickButton('Save changes');
    await waitFor(() => expect(server.to('/campaigns/hari-guru').filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(server.to('/campaigns/hari-guru')[0]?.json).toEqual({
      uri: 'hari-guru',
      title: 'Hari Guru 2026',
      description: demoCampaign.description,
      caption: demoCampaign.caption,
      category: 'education',
      tags: [],
      visibility: 'public',
      frames: [{ id: '0b7c4b1e-3f1a-4c55-9d7e-000000000002' }, { id: '0b7c4b1e-3f1a-4c55-9d7e-000000000001' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Hari Guru 2026' })).toBeTruthy();
    expect(useToastStore.getState().toasts.map((item) => item.title)).toEqual(['Changes saved']);
    expect(missingKeys.size).toBe(0);
  });

  it('deletes only after the confirmation and then opens the own profile', async () => {
    const server = ownerServer();
    const router = renderAt('/campaign/hari-guru');
    await screen.findByRole('heading', { level: 1, name: 'Edit Hari Guru' });
    await clickButton('Delete campaign');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Hari Guru?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep campaign' }));
    });
    expect(server.to('/campaigns/hari-guru').filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await clickButton('Delete campaign');
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete for good' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(server.to('/campaigns/hari-guru').filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('asks for an access code when switching to private', async () => {
    const server = ownerServer();
    renderAt('/campaign/hari-guru');
    await screen.findByRole('heading', { level: 1, name: 'Edit Hari Guru' });
    fireEvent.click(screen.getByRole('radio', { name: /Private/ }));
    await clickButton('Save changes');
    expect(screen.getByText('The access code needs at least 4 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'club-2026' } });
    await clickButton('Save changes');
    await waitFor(() => expect(server.to('/campaigns/hari-guru').filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(server.to('/campaigns/hari-guru')[0]?.json).toMatchObject({ visibility: 'private', accessCode: 'club-2026' });
    // The save finishes before the test does (its last state update must not land after the page is gone).
    await waitFor(() => expect(useToastStore.getState().toasts.map((item) => item.title)).toContain('Changes saved'));
  });
});
