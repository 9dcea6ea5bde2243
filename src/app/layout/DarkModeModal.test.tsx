import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../testing/i18n.ts';
import { DarkModeModal } from './DarkModeModal.tsx';
import { DARK_MODE_MODAL_KEY, shouldOfferDarkMode } from './darkModeModalRules.ts';

beforeAll(async () => {
  await initTestI18n();
  // Load the lazy dialog chunk up front so it resolves within the fake-timer window.
  await import('./DarkModeDialog.tsx');
});

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('shouldOfferDarkMode', () => {
  it('offers it everywhere except the campaign and campaign-support routes, until closed', () => {
    expect(shouldOfferDarkMode(false, 'home')).toBe(true);
    expect(shouldOfferDarkMode(false, undefined)).toBe(true);
    expect(shouldOfferDarkMode(false, 'campaign-result')).toBe(true);
    expect(shouldOfferDarkMode(false, 'campaign')).toBe(false);
    expect(shouldOfferDarkMode(false, 'campaign-support')).toBe(false);
    expect(shouldOfferDarkMode(true, 'home')).toBe(false);
  });
});

describe('DarkModeModal', () => {
  it('opens 500 ms after load, not before', async () => {
    render(<DarkModeModal routeName="home" />);
    await advance(499);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Try dark mode?' })).toBeTruthy();
  });

  it.each(['campaign', 'campaign-support'])('never opens on the %s route', async (routeName) => {
    render(<DarkModeModal routeName={routeName} />);
    await advance(2000);
    vi.useRealTimers();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open when the user moved to a campaign before the delay ended', async () => {
    const { rerender } = render(<DarkModeModal routeName="home" />);
    await advance(200);
    rerender(<DarkModeModal routeName="campaign" />);
    await advance(1000);
    vi.useRealTimers();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never opens once it was closed', async () => {
    localStorage.setItem(DARK_MODE_MODAL_KEY, '1');
    render(<DarkModeModal routeName="home" />);
    await advance(2000);
    vi.useRealTimers();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closing stores the flag so it is never shown again', async () => {
    const first = render(<DarkModeModal routeName="home" />);
    await advance(500);
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      screen.getByRole('button', { name: 'Not now' }).click();
    });
    expect(localStorage.getItem(DARK_MODE_MODAL_KEY)).toBe('1');
    expect(dialog.isConnected ? dialog.getAttribute('data-state') : 'closed').toBe('closed');
    first.unmount();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<DarkModeModal routeName="home" />);
    await advance(2000);
    vi.useRealTimers();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('choosing a theme applies it and closes for good', async () => {
    render(<DarkModeModal routeName="about" />);
    await advance(500);
    vi.useRealTimers();
    await screen.findByRole('dialog');
    await act(async () => {
      screen.getByRole('button', { name: 'Use dark' }).click();
    });
    expect(localStorage.getItem('theme-mode')).toBe('dark');
    expect(localStorage.getItem(DARK_MODE_MODAL_KEY)).toBe('1');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
