import { useSyncExternalStore } from 'react';

const current = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

/** window.devicePixelRatio, updated when it changes (browser zoom, a window moved to another screen). */
export function useDevicePixelRatio(): number {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      // A resolution query matches only the current ratio, so its change event fires on every change.
      let query = window.matchMedia(`(resolution: ${current()}dppx)`);
      const onChange = () => {
        query.removeEventListener('change', onChange);
        query = window.matchMedia(`(resolution: ${current()}dppx)`);
        query.addEventListener('change', onChange);
        notify();
      };
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    current,
    () => 1,
  );
}
