/**
 * An opaque design on the create page, with the real pipeline in Chromium: refused as a frame (the worker finds
 * no transparent hole), it is offered to a background campaign, whose page takes it as a design the photo goes
 * over whole, with no hole to count or outline. Signed out, so nothing is uploaded.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountDefaults, useAccountStore } from '../../domains/account/public.ts';
import { initBrowserTestI18n, missingBrowserKeys } from '../../testing/browserI18n.ts';
import CreateCampaignPage from './CreateCampaignPage.tsx';

beforeAll(async () => {
  await initBrowserTestI18n();
});

afterEach(() => {
  cleanup();
  useAccountStore.setState(accountDefaults());
});

/** A poster without any transparency: a gradient PNG of `width` × `height` px. */
async function opaquePoster(width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#0f766e');
  gradient.addColorStop(1, '#facc15');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], 'poster.png', { type: 'image/png' });
}

const cardNames = () => screen.queryAllByTestId('frame-card').map((card) => card.getAttribute('data-frame-name'));

describe('an opaque design on the create page', () => {
  it('is offered to a background campaign, which takes it whole', async () => {
    const router = createMemoryRouter([{ path: '/create/:type/:frameid?', element: <CreateCampaignPage /> }], { initialEntries: ['/create/frame'] });
    render(<RouterProvider router={router} />);
    const poster = await opaquePoster(800, 1000);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Choose PNG frames'), { target: { files: [poster] } });
    });

    const offer = await screen.findByTestId('opaque-offer', {}, { timeout: 30_000 });
    expect(screen.getByText('This frame has no transparent area for the photo.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(offer).getByRole('button', { name: 'Start a background campaign with it frame 1' }));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/create/background'));
    await screen.findByRole('heading', { level: 2, name: 'Background designs' });
    expect(cardNames()).toEqual(['poster.png']);
    // The worker's background analysis: the whole canvas is the photo area, so there is no hole to name or outline.
    await screen.findByText('Photos go over the whole design', {}, { timeout: 30_000 });
    expect(screen.queryByText(/holes? found/)).toBeNull();
    expect(screen.queryByTestId('hole-overlay')).toBeNull();
    expect(screen.queryByTestId('opaque-offer')).toBeNull();
    expect(screen.getByRole('img', { name: 'Background design 1' })).toBeTruthy();
    expect([...missingBrowserKeys]).toEqual([]);
  });
});
