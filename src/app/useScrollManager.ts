import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { forgetStaleInitialEntry, readPositions, scrollTargetFor, writePositions, type Positions } from './scrollPositions.ts';

function loadType(): string {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type ?? 'navigate';
}

function initialPositions(key: string): Positions {
  return forgetStaleInitialEntry(readPositions(), key, loadType());
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Restores a saved position (retrying while lazy content grows), else scrolls smoothly to the top. */
export function useScrollManager(): void {
  const location = useLocation();
  const keyRef = useRef(location.key);
  const positions = useRef<Positions | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    positions.current ??= initialPositions(keyRef.current);
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (positions.current) positions.current[keyRef.current] = window.scrollY;
      });
    };
    const flush = () => positions.current && writePositions(positions.current);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', flush);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= initialPositions(location.key);
    if (keyRef.current !== location.key) {
      positions.current[keyRef.current] = window.scrollY;
      writePositions(positions.current);
    }
    keyRef.current = location.key;
    if (location.hash) {
      const anchor = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (anchor) {
        anchor.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
        return;
      }
    }
    const target = scrollTargetFor(location.key, positions.current);
    if (target.behavior === 'smooth') {
      if (window.scrollY !== 0) window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
      return;
    }
    let tries = 0;
    let frame = 0;
    const restore = () => {
      window.scrollTo({ top: target.top, behavior: 'instant' });
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target.top;
      if (!reachable && tries++ < 60) frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash]);
}
