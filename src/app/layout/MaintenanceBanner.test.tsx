import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountServer, json } from '../../testing/fakeAccountServer.ts';
import { contentOffset, loadMaintenanceNotice, resetMaintenanceNotice, useUiStore } from '../uiStore.ts';
import { initTestI18n } from '../../testing/i18n.ts';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';

let observed: ((entries: unknown[]) => void) | null = null;

/** The signed server notice; every test gets an answer (maintenance off unless it says otherwise). */
function serveNotice(answer: () => Response = () => json({ data: { maintenance: false } })) {
  return fakeAccountServer((call) => (call.url.pathname === '/api/v2/notice' ? answer() : json({ message: 'not found', code: 'NOT_FOUND' }, 404)));
}

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  useUiStore.setState({ maintenanceVisible: false, bannerHeight: 0 });
  resetMaintenanceNotice();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: (entries: unknown[]) => void) {
        observed = callback;
      }
      observe() {}
      disconnect() {
        observed = null;
      }
    },
  );
});

afterEach(async () => {
  // Settle this test's notice call before the next test stubs its own server.
  await loadMaintenanceNotice();
  cleanup();
  vi.unstubAllGlobals();
});

describe('MaintenanceBanner', () => {
  it('is hidden at start', () => {
    serveNotice();
    render(<MaintenanceBanner />);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });

  it('shows itself when the server notice says mail is down, asking once per page load', async () => {
    const server = serveNotice(() => json({ data: { maintenance: true } }));
    const { rerender } = render(<MaintenanceBanner />);
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.textContent).toContain('Our email service is temporarily down.');
    rerender(<MaintenanceBanner />);
    cleanup();
    render(<MaintenanceBanner />);
    await loadMaintenanceNotice();
    expect(server.to('/notice')).toHaveLength(1);
    expect(server.to('/notice')[0]?.method).toBe('GET');
    expect(server.to('/notice')[0]?.headers.get('x-request-token')).toBeTruthy();
  });

  it('stays hidden when the notice says all is well, or cannot be loaded', async () => {
    const quiet = serveNotice();
    render(<MaintenanceBanner />);
    await waitFor(() => expect(quiet.to('/notice')).toHaveLength(1));
    await loadMaintenanceNotice();
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    cleanup();
    resetMaintenanceNotice();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = serveNotice(() => json({ message: 'boom', code: 'INTERNAL' }, 500));
    render(<MaintenanceBanner />);
    await loadMaintenanceNotice();
    expect(broken.to('/notice').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Could not load the site notice', expect.anything());
    warn.mockRestore();
  });

  it('shows the seed §8 notice and offsets the page by its height + 16 px', () => {
    serveNotice();
    useUiStore.getState().setMaintenanceVisible(true);
    render(<MaintenanceBanner />);
    const banner = screen.getByRole('region', { name: 'Maintenance Notice' });
    expect(banner.textContent).toContain('Our email service is temporarily down. Features like verification, password reset, and notifications may not work.');
    expect(banner.textContent).toContain('We apologize for the inconvenience.');
    expect(screen.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBeTruthy();
    act(() => observed?.([{ borderBoxSize: [{ blockSize: 58 }], target: banner }]));
    expect(useUiStore.getState().bannerHeight).toBe(58);
    expect(contentOffset(useUiStore.getState())).toBe(74);
    act(() => observed?.([{ borderBoxSize: [{ blockSize: 90 }], target: banner }]));
    expect(contentOffset(useUiStore.getState())).toBe(106);
  });

  it('closes with its button and drops the offset', () => {
    serveNotice();
    useUiStore.getState().setMaintenanceVisible(true);
    render(<MaintenanceBanner />);
    act(() => screen.getByRole('button', { name: 'Close maintenance notice' }).click());
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    expect(contentOffset(useUiStore.getState())).toBe(0);
    expect(observed).toBeNull();
  });

  it('speaks Indonesian when the language is id', async () => {
    serveNotice();
    await initTestI18n('id');
    useUiStore.getState().setMaintenanceVisible(true);
    render(<MaintenanceBanner />);
    expect(screen.getByRole('region', { name: 'Pemberitahuan Pemeliharaan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Selengkapnya' })).toBeTruthy();
    await initTestI18n('en');
  });
});
