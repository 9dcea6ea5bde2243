import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { accountTestLifecycle } from '../../testing/accountTestLifecycle.ts';
import { missingKeys } from '../../testing/i18n.ts';
import { useToastStore } from '../../ui/toastStore.ts';
import MediaAssetsPage from './MediaAssetsPage.tsx';

accountTestLifecycle();

function renderPage() {
  render(<RouterProvider router={createMemoryRouter([{ path: '/media-assets', element: <MediaAssetsPage /> }], { initialEntries: ['/media-assets'] })} />);
}

describe('the media assets page', () => {
  it('offers each logo as a download, SVG and PNG, with labelled sections', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Media assets' })).toBeTruthy();
    for (const name of ['Logo', 'Colours', 'Using the logo']) expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    const svg = screen.getByRole('link', { name: 'Download the Logo for light backgrounds, SVG' });
    expect(svg.getAttribute('href')).toBe('/media-assets/bingkai-logo.svg');
    expect(svg.getAttribute('download')).toBe('bingkai-logo.svg');
    const png = screen.getByRole('link', { name: 'Download the Logo for dark backgrounds, PNG · 1200 × 277' });
    expect(png.getAttribute('href')).toBe('/media-assets/bingkai-logo-dark-1200.png');
    expect(png.getAttribute('download')).toBe('bingkai-logo-dark-1200.png');
    const icon = screen.getByRole('list', { name: 'Downloads of the App icon' });
    expect(within(icon).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/media-assets/bingkai-icon.svg',
      '/media-assets/bingkai-icon-192.png',
      '/media-assets/bingkai-icon-512.png',
      '/media-assets/bingkai-icon-1024.png',
    ]);
    expect(screen.getByRole('img', { name: 'Preview of the Frame mark' }).getAttribute('src')).toBe('/media-assets/bingkai-mark.svg');
    expect([...missingKeys]).toEqual([]);
  });

  it('copies a colour’s hex value and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Copy Bingkai teal #16dac1' })[0]!);
    });
    expect(writeText).toHaveBeenCalledWith('#16dac1');
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Copied #16dac1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Accent amber #ffc24d' }));
    });
    expect(writeText).toHaveBeenLastCalledWith('#ffc24d');
  });

  it('says when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Danger red #dc2626' }));
    });
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ title: 'Could not copy the colour', variant: 'destructive' });
  });
});
