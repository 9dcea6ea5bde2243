import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY, applyTheme, initTheme, readStoredMode, resolveDark, useThemeStore } from './themeStore.ts';

let prefersDark = false;
let listeners: (() => void)[] = [];

function themeColor(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content;
}

beforeEach(() => {
  localStorage.clear();
  prefersDark = false;
  listeners = [];
  document.documentElement.className = '';
  document.head.innerHTML = '';
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && prefersDark;
    },
    media: query,
    addEventListener: (_: string, cb: () => void) => listeners.push(cb),
    removeEventListener: (_: string, cb: () => void) => (listeners = listeners.filter((l) => l !== cb)),
  }));
  useThemeStore.setState({ mode: 'system', dark: false });
});

afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('defaults to system and reads the plain stored string', () => {
    expect(readStoredMode()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readStoredMode()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, '"dark"');
    expect(readStoredMode()).toBe('system');
  });

  it('resolves dark for dark, and for system when the OS prefers it', () => {
    expect(resolveDark('dark', false)).toBe(true);
    expect(resolveDark('light', true)).toBe(false);
    expect(resolveDark('system', true)).toBe(true);
    expect(resolveDark('system', false)).toBe(false);
  });

  it('dark sets the class and the dark grey theme colour', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#1B1B1B');
  });

  it('light removes the class and sets teal', () => {
    document.documentElement.classList.add('dark');
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#16DAC1');
  });

  it('updates an existing theme-color meta instead of adding one', () => {
    document.head.innerHTML = '<meta name="theme-color" content="#000000">';
    applyTheme('light');
    expect(document.querySelectorAll('meta[name="theme-color"]')).toHaveLength(1);
    expect(themeColor()).toBe('#16DAC1');
  });

  it('setMode stores the plain string and applies it', () => {
    useThemeStore.getState().setMode('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(useThemeStore.getState()).toMatchObject({ mode: 'dark', dark: true });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('system follows prefers-color-scheme live', () => {
    const stop = initTheme();
    expect(themeColor()).toBe('#16DAC1');
    prefersDark = true;
    for (const listener of listeners) listener();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#1B1B1B');
    expect(useThemeStore.getState().dark).toBe(true);
    stop();
    expect(listeners).toHaveLength(0);
  });

  it('an explicit mode ignores system changes', () => {
    initTheme();
    useThemeStore.getState().setMode('light');
    prefersDark = true;
    for (const listener of listeners) listener();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
