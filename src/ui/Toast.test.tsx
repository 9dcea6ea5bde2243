import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../testing/i18n.ts';
import { TOAST_ANNOUNCE_DELAY_MS, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD, Toaster, toast, useToastStore } from './Toast.tsx';

beforeAll(() => setupTestI18n('en'));
beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.getState().clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const announcer = () => document.querySelector('[data-toast-announcer]');

describe('Toaster', () => {
  it('uses the seed defaults', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_DIRECTION).toBe('right');
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
    expect(TOAST_ANNOUNCE_DELAY_MS).toBe(1000);
  });

  it('shows a toast from toast() and closes it after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'Your frame is saved' });
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByText('Your frame is saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    act(() => vi.advanceTimersByTime(300));
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('honours a per-toast duration', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Quick', duration: 1000 });
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Quick')).toBeNull();
  });

  it('announces the toast in a polite live region after 1000 ms', () => {
    render(<Toaster />);
    const region = announcer();
    expect(region?.tagName).toBe('OUTPUT');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    act(() => {
      toast({ title: 'Copied', description: 'Link copied' });
    });
    act(() => vi.advanceTimersByTime(TOAST_ANNOUNCE_DELAY_MS - 1));
    expect(region?.textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(region?.textContent).toBe('Notification. Copied. Link copied');
  });

  it('does not announce a toast closed before the delay', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Gone', duration: 500 });
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(announcer()?.textContent).toBe('');
  });

  it('closes with its labelled close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Closable' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Closable')).toBeNull();
  });

  it('moves focus to the labelled viewport on F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hotkey' });
    });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('renders the destructive variant', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Failed', variant: 'destructive' });
    });
    const item = screen.getByText('Failed').closest('li');
    expect(item?.dataset['variant']).toBe('destructive');
    expect(item?.className).toContain('bg-destructive');
  });
});
