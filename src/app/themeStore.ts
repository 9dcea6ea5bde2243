import { create } from 'zustand';

export type ThemeMode = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'theme-mode';
export const THEME_COLORS = { dark: '#1B1B1B', light: '#16DAC1' } as const;
const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readStoredMode(): ThemeMode {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveDark(mode: ThemeMode, prefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'system' && prefersDark);
}

/** Sets the `dark` class on <html> and the theme-color meta (created if missing). */
export function applyTheme(mode: ThemeMode): boolean {
  const dark = resolveDark(mode, systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = dark ? THEME_COLORS.dark : THEME_COLORS.light;
  return dark;
}

export interface ThemeState {
  mode: ThemeMode;
  /** What is applied right now (system resolved). */
  dark: boolean;
  setMode: (mode: ThemeMode) => void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  mode: readStoredMode(),
  dark: false,
  setMode: (mode) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, mode);
    } catch (error) {
      console.error('Could not store the theme mode', error);
    }
    set({ mode, dark: applyTheme(mode) });
  },
}));

let unwatch: (() => void) | null = null;

/** Applies the stored mode and follows the system preference live while the mode is system. */
export function initTheme(): () => void {
  unwatch?.();
  const state = useThemeStore.getState();
  useThemeStore.setState({ dark: applyTheme(state.mode) });
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    const { mode } = useThemeStore.getState();
    if (mode === 'system') useThemeStore.setState({ dark: applyTheme('system') });
  };
  query.addEventListener('change', onChange);
  unwatch = () => {
    query.removeEventListener('change', onChange);
    unwatch = null;
  };
  return unwatch;
}
