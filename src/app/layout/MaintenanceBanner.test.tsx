import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentOffset, useUiStore } from '../../stores/uiStore.ts';
import { initTestI18n } from '../testing/i18nForTests.ts';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';

let observed: ((entries: unknown[]) => void) | null = null;

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  useUiStore.setState({ maintenanceVisible: false, bannerHeight: 0 });
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MaintenanceBanner', () => {
  it('is hidden at start', () => {
    render(<MaintenanceBanner />);
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });

  it('shows the seed §8 notice and offsets the page by its height + 16 px', () => {
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
    useUiStore.getState().setMaintenanceVisible(true);
    render(<MaintenanceBanner />);
    act(() => screen.getByRole('button', { name: 'Close maintenance notice' }).click());
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    expect(contentOffset(useUiStore.getState())).toBe(0);
    expect(observed).toBeNull();
  });

  it('speaks Indonesian when the language is id', async () => {
    await initTestI18n('id');
    useUiStore.getState().setMaintenanceVisible(true);
    render(<MaintenanceBanner />);
    expect(screen.getByRole('region', { name: 'Pemberitahuan Pemeliharaan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Selengkapnya' })).toBeTruthy();
    await initTestI18n('en');
  });
});
