import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { demoCampaign, demoPost } from '../../testing/apiMock.ts';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { clearSupportResult, setSupportResult, type SupportResultData } from '../../domains/support/supportResult.ts';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import { fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import CampaignResultPage from './CampaignResultPage.tsx';

const INSTAGRAM_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98';

const result: SupportResultData = {
  uri: 'demo-campaign',
  blob: new Blob(['rendered result'], { type: 'image/jpeg' }),
  fileName: 'demo-campaign-twibbon.jpg',
  format: 'jpeg',
  width: 1080,
  height: 1080,
  frameId: 'f1',
  watermarked: true,
};

function renderResult() {
  const router = createMemoryRouter(
    [
      { path: '/:uri/result', element: <CampaignResultPage /> },
      { path: '/:uri/support', element: <h1>Support flow</h1> },
      { path: '/p/:uri', element: <h1>Post page</h1> },
    ],
    { initialEntries: ['/demo-campaign/result'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

function resultServer() {
  return fakeAccountServer((call: Call) => {
    const path = call.url.pathname;
    if (path === '/api/v2/campaigns/demo-campaign') return json({ data: demoCampaign });
    if (path === '/api/v2/posts/presigned') return json({ data: { url: '/uploads/put/p1', key: 'uploads/post/p1.jpg', method: 'PUT', headers: { 'content-type': 'image/jpeg' }, maxBytes: 10_000_000, expiresAt: '2030-01-01T00:00:00.000Z' } });
    if (path === '/uploads/put/p1') return new Response(null, { status: 200 });
    if (path === '/api/v2/posts') return json({ data: { ...demoPost, uri: 'new-post-1' } }, 201);
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

/** A navigator with these own properties on top of jsdom's. */
function stubNavigator(props: Record<string, unknown>) {
  const descriptors = Object.fromEntries(Object.entries(props).map(([key, value]) => [key, { value, configurable: true }]));
  vi.stubGlobal('navigator', Object.create(navigator, descriptors) as Navigator);
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Your twibbon is ready' });

accountTestLifecycle();
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:result-1');
  URL.revokeObjectURL = vi.fn();
  setSupportResult(result);
});
afterEach(() => clearSupportResult());

describe('the result page', () => {
  it('goes back to the support flow when there is no result', async () => {
    clearSupportResult();
    resultServer();
    const { router } = renderResult();
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-campaign/support'));
  });

  it('previews the result, offers a named download and revokes the preview URL when left', async () => {
    resultServer();
    const { view } = renderResult();
    await heading();
    const image = await screen.findByRole('img', { name: 'Your photo in the campaign frame' });
    expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height')]).toEqual(['blob:result-1', '1080', '1080']);
    expect(URL.createObjectURL).toHaveBeenCalledWith(result.blob);
    const download = screen.getByRole('link', { name: 'Download' });
    expect([download.getAttribute('href'), download.getAttribute('download')]).toEqual(['blob:result-1', 'demo-campaign-twibbon.jpg']);
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:result-1');
  });

  it('saves through the share sheet in an in-app browser, and falls back to long-press when sharing fails', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError')));
    stubNavigator({ userAgent: INSTAGRAM_UA, share, canShare: () => true });
    resultServer();
    renderResult();
    await heading();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    await clickButton('Save or share picture');
    const shared = (share.mock.calls[0] as unknown as [ShareData])[0].files?.[0];
    expect([shared?.name, shared?.type]).toEqual(['demo-campaign-twibbon.jpg', 'image/jpeg']);
    expect((await screen.findByText(/Press and hold the picture/)).tagName).toBe('OUTPUT');
  });

  it('shows the long-press hint at once where files cannot be shared, and after a failed download', async () => {
    resultServer();
    renderResult();
    await heading();
    await screen.findByRole('link', { name: 'Download' });
    await clickButton('Download did not start?');
    expect(screen.getByText(/Press and hold the picture/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('opens the auth modal in place for sign-in and sign-up', async () => {
    resultServer();
    const { router } = renderResult();
    await heading();
    await clickButton('Sign up');
    expect(useAccountStore.getState().modal).toEqual({ show: true, authOption: 'sign-up' });
    expect(router.state.location.pathname).toBe('/demo-campaign/result');
  });
});

describe('posting publicly', () => {
  const uploads = () => (globalThis.fetch as Mock).mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

  it('uploads nothing until the visitor opts in and signs in, then posts the filled caption and opens the post', async () => {
    const server = resultServer();
    const { router } = renderResult();
    await heading();
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'Budi' } });
    const post = screen.getByRole('button', { name: 'Post publicly' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Publish this picture and caption on a public page'));
    await clickButton('Post publicly');
    expect(useAccountStore.getState().modal.show).toBe(true);
    expect(screen.getByText('Sign in to finish posting.')).toBeTruthy();
    expect(server.to('/posts/presigned')).toHaveLength(0);
    expect(uploads()).toHaveLength(0);

    useAccountStore.setState({ uuid: 'u-1', username: 'budi' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/new-post-1'));
    expect(server.to('/posts/presigned').map((call) => call.json)).toEqual([{ contentType: 'image/jpeg' }]);
    expect(uploads().map(([url, init]) => [String(url), (init as RequestInit).body])).toEqual([['/uploads/put/p1', result.blob]]);
    expect(server.to('/posts').map((call) => call.json)).toEqual([{ campaignUri: 'demo-campaign', key: 'uploads/post/p1.jpg', caption: 'Join Budi' }]);
  });

  it('sends nothing when the sign-in is abandoned', async () => {
    const server = resultServer();
    renderResult();
    await heading();
    fireEvent.click(screen.getByLabelText('Publish this picture and caption on a public page'));
    await clickButton('Post publicly');
    useAccountStore.getState().closeAuthModal();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Post publicly' }) as HTMLButtonElement).disabled).toBe(false));
    useAccountStore.setState({ uuid: 'u-1' });
    expect(server.to('/posts/presigned')).toHaveLength(0);
    expect(uploads()).toHaveLength(0);
  });

  it('shows why a post failed and stays on the result', async () => {
    useAccountStore.setState({ uuid: 'u-1', username: 'budi' });
    fakeAccountServer((call) =>
      call.url.pathname === '/api/v2/campaigns/demo-campaign' ? json({ data: demoCampaign }) : json({ message: 'Sign in', code: 'UNAUTHORIZED' }, 401),
    );
    const { router } = renderResult();
    await heading();
    fireEvent.click(screen.getByLabelText('Publish this picture and caption on a public page'));
    await clickButton('Post publicly');
    expect((await screen.findByRole('alert')).textContent).toBe('Please sign in to continue.');
    expect(router.state.location.pathname).toBe('/demo-campaign/result');
  });
});
