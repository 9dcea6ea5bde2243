import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountTestLifecycle, clickButton } from '../../testing/accountTestLifecycle.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { useAccountStore } from '../../domains/account/accountStore.ts';
import { demoCampaign } from '../../testing/apiMock.ts';
import { fakeAccountServer, json, type Call } from '../../testing/fakeAccountServer.ts';
import CreateCampaignPage from './CreateCampaignPage.tsx';

const envelope = (code: string, status: number, message = code, fields?: Record<string, string>) => json({ message, code, ...(fields ? { fields } : {}) }, status);

/** The write API as the contract describes it; `taken-link` is taken, files named *.jpg.png are JPEGs in disguise. */
function creatorServer(overrides: (call: Call, path: string) => Response | null = () => null) {
  let uploads = 0;
  const putBodies = new Map<string, string>();
  return fakeAccountServer(async (call) => {
    const path = call.url.pathname.replace('/api/v2', '');
    const override = overrides(call, path);
    if (override) return override;
    if (path === '/campaigns/uri-availability') {
      const uri = call.url.searchParams.get('uri');
      return json({ data: uri === 'taken-link' ? { uri, available: false, reason: 'taken' } : { uri, available: true } });
    }
    if (path === '/campaigns/frames/presigned') {
      const key = `uploads/frame/u-1/f${++uploads}`;
      return json({ data: { url: `/files/${key}?sig=1`, key, method: 'PUT', headers: { 'content-type': 'image/png' }, maxBytes: 10485760, expiresAt: '2030-01-01T00:00:00.000Z' } });
    }
    if (call.method === 'PUT' && call.url.pathname.startsWith('/files/uploads/frame/')) {
      putBodies.set(call.url.pathname.replace('/files/', ''), call.headers.get('x-file-name') ?? '');
      return new Response(null, { status: 200 });
    }
    if (path === '/campaigns/frames/check') {
      const key = String(call.json?.key);
      return json({ data: { key, width: 1080, height: 1080, holes: [{ x: 240, y: 240, width: 600, height: 600 }], transparentShare: 0.3 } });
    }
    if (path === '/campaigns' && call.method === 'POST')
      return json({ data: { ...demoCampaign, uri: call.json?.uri, visitsCount: 0, postsCount: 0, hasAccessCode: false, updatedAt: '2026-01-02T00:00:00.000Z' } }, 201);
    return envelope('NOT_FOUND', 404);
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/create/:type/:frameid?', element: <CreateCampaignPage /> },
      { path: '/:uri', element: <p>campaign page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function pickFrames(...files: File[]) {
  const input = screen.getByLabelText(/Choose PNG frames|Add another frame/);
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

const cardNames = () => screen.queryAllByTestId('frame-card').map((card) => card.getAttribute('data-frame-name'));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${(blob as File).name}`);
  URL.revokeObjectURL = vi.fn();
});

describe('the create page, signed in on the free plan', () => {
  accountTestLifecycle({ uuid: 'u-1', username: 'ayu', subscription: null });

  it('shows the 404 page for an unknown campaign type', () => {
    creatorServer();
    renderAt('/create/sticker');
    expect(document.querySelector('[data-route="not-found"]')).not.toBeNull();
    expect(document.querySelector('[data-route="create-campaign"]')).toBeNull();
  });

  it('speaks of designs on the background page, asking for no transparency', () => {
    creatorServer();
    renderAt('/create/background');
    expect(screen.getByRole('heading', { level: 2, name: 'Background designs' })).toBeTruthy();
    expect(screen.getByText("PNG, 500 to 4096 pixels a side, at most 10 MB. No transparency needed: your supporters' photos go over the design.")).toBeTruthy();
    expect(screen.queryByText(/PNG with transparency/)).toBeNull();
    expect(missingKeys.size).toBe(0);
  });

  it('suggests the link from the title and checks it as the creator types: available, taken, reserved, invalid', async () => {
    const server = creatorServer();
    renderAt('/create/frame');
    expect(screen.getByRole('heading', { level: 1, name: 'Create a frame campaign' })).toBeTruthy();
    type('Title', 'Hari Guru Nasional');
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe('hari-guru-nasional');
    const status = () => screen.getByTestId('uri-status');
    expect(status().dataset.status).toBe('checking');
    await waitFor(() => expect(status().dataset.status).toBe('available'));
    expect(status().textContent).toBe('This link is available.');
    expect(server.to('/campaigns/uri-availability').at(-1)?.url.searchParams.get('uri')).toBe('hari-guru-nasional');

    type('Link', 'taken-link');
    await waitFor(() => expect(status().textContent).toBe('This link is taken. Choose another one.'));
    // The title no longer overwrites a link the creator typed.
    type('Title', 'Something else');
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe('taken-link');

    const before = server.to('/campaigns/uri-availability').length;
    type('Link', 'explore');
    expect(status().textContent).toBe('This link is reserved. Choose another one.');
    type('Link', 'no spaces allowed');
    expect(status().textContent).toBe('Use 3 to 60 lower-case letters, digits and single hyphens.');
    expect(screen.getByLabelText('Link').getAttribute('aria-invalid')).toBe('true');
    // Reserved and malformed links are known without asking the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.to('/campaigns/uri-availability')).toHaveLength(before);
    expect(missingKeys.size).toBe(0);
  });

  it('shows every field problem beside its field and sends nothing', async () => {
    const server = creatorServer();
    renderAt('/create/frame');
    type('Title', 'ab');
    type('Tags', 'ok, not/valid');
    await clickButton('Publish campaign');
    expect(screen.getByText('Some fields need attention. Check the messages beside them.').getAttribute('role')).toBe('alert');
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    // Focus goes to the first field with a problem: the frame picker comes first.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Choose PNG frames')));
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The title needs at least 3 characters.');
    expect(screen.getByText('Tags are single words (letters, digits, - and _) of at most 30 characters.')).toBeTruthy();
    expect(screen.getByText('Add at least one frame.')).toBeTruthy();
    expect(server.to('/campaigns')).toHaveLength(0);
    // Editing the field clears its message.
    type('Title', 'A fine title');
    expect(screen.queryByText('The title needs at least 3 characters.')).toBeNull();
  });

  it('locks more frames and unlisted/private for a free creator, saying why and linking to the plan', async () => {
    const server = creatorServer();
    renderAt('/create/frame');
    const framesLock = screen.getByTestId('plan-lock-frames');
    expect(framesLock.textContent).toContain('More than one frame needs the creator plan.');
    expect(within(framesLock).getByRole('link', { name: 'See the creator plan' }).getAttribute('href')).toBe('/pricing/creators?plan=creator');
    expect(screen.getByTestId('plan-lock-visibility').textContent).toContain('Unlisted and private campaigns need the creator plan.');
    expect((screen.getByRole('radio', { name: /Unlisted/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Private/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Public/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Choose PNG frames') as HTMLInputElement).multiple).toBe(false);

    await pickFrames(png('one.png'), png('two.png'));
    expect(cardNames()).toEqual(['one.png']);
    expect(screen.queryByLabelText('Add another frame')).toBeNull();
    // Only the one frame is uploaded.
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy(), { timeout: 5000 });
    expect(server.to('/campaigns/frames/presigned')).toHaveLength(1);
  });

  it('uploads a picked frame, shows the holes the server found, publishes and opens the campaign page', async () => {
    const server = creatorServer();
    const router = renderAt('/create/frame');
    await pickFrames(png('circle.png'));
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy(), { timeout: 5000 });
    expect(server.to('/campaigns/frames/presigned')[0]?.json).toEqual({ contentType: 'image/png' });
    expect(server.to('/campaigns/frames/check')[0]?.json).toEqual({ key: 'uploads/frame/u-1/f1', type: 'frame' });
    expect(screen.getByTestId('hole-overlay').querySelectorAll('rect')).toHaveLength(1);

    type('Title', 'Hari Guru');
    type('Caption', 'Selamat [[ nama ]] dari [[sekolah]]');
    expect(within(screen.getByTestId('caption-blanks')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['nama', 'sekolah']);
    type('Tags', 'guru, Pendidikan guru');
    await clickButton('Publish campaign');
    await waitFor(() => expect(router.state.location.pathname).toBe('/hari-guru'));
    expect(server.to('/campaigns')[0]?.json).toEqual({
      type: 'frame',
      uri: 'hari-guru',
      title: 'Hari Guru',
      description: '',
      caption: 'Selamat [[ nama ]] dari [[sekolah]]',
      category: 'other',
      tags: ['guru', 'pendidikan'],
      visibility: 'public',
      frames: [{ key: 'uploads/frame/u-1/f1' }],
    });
  });

  it('shows the server’s refusal on that frame and keeps the others', async () => {
    useAccountStore.setState({ subscription: { plan: 'creator-diamond' } });
    const server = creatorServer((call, path) => {
      if (path === '/campaigns/frames/check' && call.json?.key === 'uploads/frame/u-1/f1') {
        return envelope('UNSUPPORTED_MEDIA_TYPE', 415, 'The frame is a JPEG image, not a PNG; export it as PNG with transparency');
      }
      return null;
    });
    renderAt('/create/frame');
    // One after the other, so the first upload key surely belongs to photo.png.
    await pickFrames(png('photo.png'));
    await waitFor(() => expect(server.to('/campaigns/frames/presigned')).toHaveLength(1));
    await pickFrames(png('good.png'));
    const refusal = await screen.findByTestId('frame-refusal', {}, { timeout: 5000 });
    // The reason once, in the creator's words: the server's own message does not repeat it.
    expect(refusal.textContent).toBe('This file is not a PNG image. Export the frame as PNG with transparency (renaming a file to .png does not convert it).');
    expect(within(screen.getAllByTestId('frame-card')[0] as HTMLElement).getByTestId('frame-refusal')).toBe(refusal);
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy(), { timeout: 5000 });

    type('Title', 'Two frames');
    await clickButton('Publish campaign');
    expect(screen.getByText('Remove or replace the frames that were refused.')).toBeTruthy();
  });

  it('shows the server’s field errors beside the fields and keeps the button usable afterwards', async () => {
    creatorServer((call, path) => (path === '/campaigns' && call.method === 'POST' ? envelope('URI_TAKEN', 409, 'This link is taken') : null));
    renderAt('/create/frame');
    await pickFrames(png('circle.png'));
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy(), { timeout: 5000 });
    type('Title', 'Hari Guru');
    await clickButton('Publish campaign');
    await waitFor(() => expect(screen.getAllByText('This link is taken; choose another.').length).toBeGreaterThan(0));
    expect(screen.getByLabelText('Link').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Publish campaign' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the create page, creator plan', () => {
  accountTestLifecycle({ uuid: 'u-1', username: 'ayu', subscription: { plan: 'creator-diamond' } });

  it('reorders frames with the arrow buttons and by dragging, and removes and replaces them', async () => {
    creatorServer();
    renderAt('/create/background');
    expect(screen.queryByTestId('plan-lock-frames')).toBeNull();
    expect((screen.getByRole('radio', { name: /Private/ }) as HTMLInputElement).disabled).toBe(false);
    await pickFrames(png('a.png'), png('b.png'), png('c.png'));
    expect(cardNames()).toEqual(['a.png', 'b.png', 'c.png']);

    expect((screen.getByRole('button', { name: 'Move frame 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    await clickButton('Move frame 1 down');
    expect(cardNames()).toEqual(['b.png', 'a.png', 'c.png']);
    expect(screen.getByText('Frame 1 moved to position 2.')).toBeTruthy();
    await clickButton('Move frame 3 up');
    expect(cardNames()).toEqual(['b.png', 'c.png', 'a.png']);

    const cards = screen.getAllByTestId('frame-card');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', files: [] as File[], effectAllowed: '' };
    fireEvent.dragStart(cards[2] as HTMLElement, { dataTransfer });
    fireEvent.drop(cards[0] as HTMLElement, { dataTransfer });
    expect(cardNames()).toEqual(['a.png', 'b.png', 'c.png']);

    await clickButton('Remove frame 2');
    expect(cardNames()).toEqual(['a.png', 'c.png']);
    const replace = screen.getAllByLabelText(/Replace/)[1] as HTMLInputElement;
    await act(async () => {
      fireEvent.change(replace, { target: { files: [png('d.png')] } });
    });
    expect(cardNames()).toEqual(['a.png', 'd.png']);
    await waitFor(() => expect(screen.getAllByText('Checked: 1080 × 1080 px')).toHaveLength(2));
  });

  it('needs an access code for a private campaign', async () => {
    const server = creatorServer();
    renderAt('/create/frame');
    await pickFrames(png('circle.png'));
    type('Title', 'Club only');
    fireEvent.click(screen.getByRole('radio', { name: /Private/ }));
    type('Access code', 'abc');
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy(), { timeout: 5000 });
    await clickButton('Publish campaign');
    expect(screen.getByText('The access code needs at least 4 characters.')).toBeTruthy();
    type('Access code', 'open-sesame');
    await clickButton('Publish campaign');
    await waitFor(() => expect(server.to('/campaigns')).toHaveLength(1));
    expect(server.to('/campaigns')[0]?.json).toMatchObject({ visibility: 'private', accessCode: 'open-sesame' });
  });
});

describe('the create page, signed out', () => {
  accountTestLifecycle();

  it('keeps the picked frames, waits with the upload and opens the sign-in dialog', async () => {
    const server = creatorServer();
    renderAt('/create/frame');
    await pickFrames(png('circle.png'));
    expect(screen.getByText('Uploads after you sign in')).toBeTruthy();
    await clickButton('Sign in to create');
    // Verifying a new account leads back here.
    expect(useAccountStore.getState().modal).toEqual({ show: true, authOption: 'sign-in', returnTo: '/create/frame' });
    expect(server.to('/campaigns/frames/presigned')).toHaveLength(0);

    await act(async () => {
      useAccountStore.setState({ uuid: 'u-1', modal: { show: false, authOption: 'sign-in' } });
    });
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy(), { timeout: 5000 });
    expect(cardNames()).toEqual(['circle.png']);
  });
});
