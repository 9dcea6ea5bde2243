/** How long an idle callback may wait for an idle period before it runs anyway. */
export const IDLE_TIMEOUT_MS = 3000;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the connection can take optional downloads: not when the visitor asked to save data or is on 2G. */
export function connectionAllowsPrefetch(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  return connection.saveData !== true && connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/**
 * Runs optional work once the page has loaded, the main thread is idle (requestIdleCallback, or a timeout where it
 * is missing) and the tab is visible: a hidden tab waits until it is shown. Returns a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs: number = IDLE_TIMEOUT_MS): () => void {
  let cancelled = false;
  const cleanups: Array<() => void> = [];
  const run = () => {
    if (cancelled) return;
    if (document.visibilityState === 'hidden') {
      const onVisible = () => {
        if (document.visibilityState === 'hidden') return;
        document.removeEventListener('visibilitychange', onVisible);
        idle();
      };
      document.addEventListener('visibilitychange', onVisible);
      cleanups.push(() => document.removeEventListener('visibilitychange', onVisible));
      return;
    }
    cancelled = true;
    work();
  };
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
      cleanups.push(() => window.cancelIdleCallback(handle));
    } else {
      const handle = window.setTimeout(run, Math.min(timeoutMs, 200));
      cleanups.push(() => window.clearTimeout(handle));
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cleanups.push(() => window.removeEventListener('load', idle));
  }
  return () => {
    cancelled = true;
    for (const cleanup of cleanups) cleanup();
  };
}
