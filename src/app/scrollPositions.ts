/** Per-history-entry scroll positions, kept in sessionStorage so they survive reloads of the tab. */
export const SCROLL_STORAGE_KEY = 'bingkai-scroll-positions';
const MAX_ENTRIES = 100;

export type Positions = Record<string, number>;

export function readPositions(storage: Storage = sessionStorage): Positions {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const result: Positions = {};
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'number' && Number.isFinite(value)) result[key] = value;
    return result;
  } catch {
    return {};
  }
}

export function writePositions(positions: Positions, storage: Storage = sessionStorage): void {
  const keys = Object.keys(positions);
  const kept = keys.length > MAX_ENTRIES ? Object.fromEntries(keys.slice(-MAX_ENTRIES).map((k) => [k, positions[k]])) : positions;
  try {
    storage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: positions last for this page only.
  }
}

export interface ScrollTarget {
  top: number;
  behavior: ScrollBehavior;
}

/** react-router's key for the entry a page load starts on; every load in the tab reuses it. */
export const INITIAL_ENTRY_KEY = 'default';

/**
 * A fresh load (link, typed URL) of the initial entry must not inherit an older load's position;
 * a reload or back/forward into the page may.
 */
export function forgetStaleInitialEntry(positions: Positions, key: string, loadType: string): Positions {
  if (key !== INITIAL_ENTRY_KEY || loadType === 'reload' || loadType === 'back_forward') return positions;
  const { [INITIAL_ENTRY_KEY]: _stale, ...rest } = positions;
  return rest;
}

/** Saved entry → jump back there; anything else → glide to the top. */
export function scrollTargetFor(key: string, positions: Positions): ScrollTarget {
  const saved = positions[key];
  return saved !== undefined ? { top: saved, behavior: 'instant' } : { top: 0, behavior: 'smooth' };
}
