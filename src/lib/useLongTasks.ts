import { useEffect, useRef, useState } from 'react';

/** Counts main-thread tasks longer than 50 ms (Chromium's Long Tasks API) that started since the last reset. */
export function useLongTasks(): [number, () => void] {
  const [count, setCount] = useState(0);
  const since = useRef(0);
  useEffect(() => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('longtask')) return;
    const observer = new PerformanceObserver((list) => {
      // Entries arrive late: a task from before the reset must not count.
      const fresh = list.getEntries().filter((entry) => entry.startTime >= since.current).length;
      if (fresh) setCount((n) => n + fresh);
    });
    observer.observe({ type: 'longtask' });
    return () => observer.disconnect();
  }, []);
  return [
    count,
    () => {
      since.current = performance.now();
      setCount(0);
    },
  ];
}
