/**
 * The create page's hand-off to the frame designer: "Design a frame" → the start dialog → /create/{type}/{id}
 * with the designer over the still-mounted (hidden) form → its exported PNG joins the form like a picked
 * file → back on /create/{type} with everything typed kept. The designer itself is Konva on a real
 * canvas, which jsdom has not: here it is a stand-in that hands back a PNG (the Playwright test
 * tests/e2e/frameDesigner.spec.ts runs the real one end to end).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { useDesignStore } from '../../domains/designer/designStore.ts';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import CreateCampaignPage from './CreateCampaignPage.tsx';

vi.mock('../../domains/designer/FrameDesigner.tsx', async () => {
  const { useDesignStore: store } = await import('../../domains/designer/designStore.ts');
  return {
    FrameDesigner({ onUse, onClose }: { onUse: (file: File) => void; onClose: () => void }) {
      const name = store((state) => state.document?.name ?? '');
      return (
        <section aria-label="Frame designer">
          <h1>Designing {name}</h1>
          <button type="button" onClick={() => onUse(new File([new Uint8Array([137, 80, 78, 71])], 'my-design.png', { type: 'image/png' }))}>
            Use it
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </section>
      );
    },
  };
});

function creatorServer() {
  let uploads = 0;
  return fakeAccountServer((call) => {
    const path = call.url.pathname.replace('/api/v2', '');
    if (path === '/campaigns/uri-availability') return json({ data: { uri: call.url.searchParams.get('uri'), available: true } });
    if (path === '/campaigns/frames/presigned') {
      const key = `uploads/frame/u-1/f${++uploads}`;
      return json({ data: { url: `/files/${key}?sig=1`, key, method: 'PUT', headers: { 'content-type': 'image/png' }, maxBytes: 10485760, expiresAt: '2030-01-01T00:00:00.000Z' } });
    }
    if (call.method === 'PUT' && call.url.pathname.startsWith('/files/uploads/frame/')) return new Response(null, { status: 200 });
    if (path === '/campaigns/frames/check') return json({ data: { key: String(call.json?.key), width: 1080, height: 1080, holes: [{ x: 216, y: 216, width: 648, height: 648 }], transparentShare: 0.3 } });
    if (path === '/designs') return json({ data: { items: [] } });
    return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/create/:type/:frameid?', element: <CreateCampaignPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const titleField = () => screen.getByLabelText<HTMLInputElement>('Title', { selector: 'input' });

beforeEach(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${(blob as File).name}`);
  URL.revokeObjectURL = vi.fn();
  // jsdom has no 2D canvas: the template thumbnails cope with a null context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  useDesignStore.getState().reset();
});

// The lazy designer and start dialog chunks load on first use; a busy machine needs more than the default 5 s.
describe('the create page and the frame designer', { timeout: 30_000 }, () => {
  accountTestLifecycle({ uuid: 'u-1', username: 'ayu', subscription: null });

  it('opens a new design from the start dialog over the kept form, and takes its PNG as a frame on the way back', async () => {
    const server = creatorServer();
    const router = renderAt('/create/frame');
    fireEvent.change(titleField(), { target: { value: 'Hari Guru' } });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Design a frame' }));
    });
    const preset = await screen.findByRole('button', { name: /^Square 1080 × 1080/ }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(preset);
    });

    // /create/frame/{the new design's id}: the designer shows that design; the form is hidden, not gone.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/create\/frame\/[A-Za-z0-9_-]+$/));
    const id = router.state.location.pathname.split('/').at(-1);
    expect(useDesignStore.getState().document?.id).toBe(id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Designing Untitled design' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Create a frame campaign' })).toBeNull();
    expect(screen.getByTestId('create-form').hidden).toBe(true);
    expect(titleField().value).toBe('Hari Guru');

    // "Use it": the PNG joins the form as a picked frame (uploaded and checked), back on /create/frame.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use it' }));
    });
    expect(router.state.location.pathname).toBe('/create/frame');
    expect(screen.getByRole('heading', { level: 1, name: 'Create a frame campaign' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Frame designer' })).toBeNull();
    expect(titleField().value).toBe('Hari Guru');
    expect(screen.getAllByTestId('frame-card').map((card) => card.getAttribute('data-frame-name'))).toEqual(['my-design.png']);
    await waitFor(() => expect(screen.getByText('Checked: 1080 × 1080 px')).toBeTruthy(), { timeout: 5000 });
    expect(server.to('/campaigns/frames/presigned')).toHaveLength(1);
    expect(missingKeys.size).toBe(0);
  });

  it('takes the design’s name as the campaign title when none is typed yet, and hands autosave a new design to save', async () => {
    creatorServer();
    renderAt('/create/frame');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Design a frame' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Start from “Graduation laurel”, 1080 × 1350' }, { timeout: 10_000 }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Designing Graduation laurel' }, { timeout: 10_000 })).toBeTruthy();
    // The designer's autosave sends a design loaded as created to the account at once (useDesignAutosave.test.tsx).
    expect(useDesignStore.getState().created).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use it' }));
    });
    expect(titleField().value).toBe('Graduation laurel');
    expect(missingKeys.size).toBe(0);
  });

  it('replaces the frame when the plan has no room for another one', async () => {
    creatorServer();
    renderAt('/create/frame');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Choose PNG frames'), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'picked.png', { type: 'image/png' })] } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Design a frame' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /^Square 1080 × 1080/ }, { timeout: 10_000 }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Use it' }, { timeout: 10_000 }));
    });
    expect(screen.getAllByTestId('frame-card').map((card) => card.getAttribute('data-frame-name'))).toEqual(['my-design.png']);
    // "Untitled design" is no campaign title.
    expect(titleField().value).toBe('');
  });

  it('says when a design is not found, and leads back to the form', async () => {
    creatorServer();
    const router = renderAt('/create/frame/no-such-design');
    expect(await screen.findByRole('heading', { level: 1, name: 'Design not found' }, { timeout: 10_000 })).toBeTruthy();
    // The hidden form keeps its state but not its h1: the page has one.
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back to the create page' }));
    });
    expect(router.state.location.pathname).toBe('/create/frame');
    expect(screen.getByRole('heading', { level: 1, name: 'Create a frame campaign' })).toBeTruthy();
  });

  it('moves a design of the other kind to its own campaign type', async () => {
    creatorServer();
    const { blankDesign } = await import('../../domains/designer/NewDesignDialog.tsx');
    const background = blankDesign('background', 1080, 1080, 'Poster');
    useDesignStore.getState().load(background);
    const router = renderAt(`/create/frame/${background.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/create/background/${background.id}`), { timeout: 10_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Designing Poster' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('closing the designer returns to the form without adding a frame', async () => {
    creatorServer();
    const router = renderAt('/create/frame');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Design a frame' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /^Square 1080 × 1080/ }, { timeout: 10_000 }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Close' }, { timeout: 10_000 }));
    });
    expect(router.state.location.pathname).toBe('/create/frame');
    expect(screen.queryAllByTestId('frame-card')).toHaveLength(0);
  });
});
