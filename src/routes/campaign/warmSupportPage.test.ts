import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: warming happens once per page load, which is module state.
async function loadModule() {
  vi.resetModules();
  return import('./warmSupportPage.ts');
}

async function load() {
  return (await loadModule()).warmSupportPage;
}

function setConnection(connection: object | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

describe('warmSupportPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setConnection(undefined);
  });

  it('warms once, when the page is idle, however often the campaign page mounts', async () => {
    const warmSupportPage = await load();
    const warm = vi.fn(() => Promise.resolve());
    warmSupportPage(warm);
    warmSupportPage(warm);
    expect(warm).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(warm).toHaveBeenCalledTimes(1);
    warmSupportPage(warm);
    vi.runAllTimers();
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('does not warm on a save-data or 2G connection', async () => {
    for (const connection of [{ saveData: true, effectiveType: '4g' }, { saveData: false, effectiveType: '2g' }]) {
      setConnection(connection);
      const warmSupportPage = await load();
      const warm = vi.fn(() => Promise.resolve());
      warmSupportPage(warm);
      vi.runAllTimers();
      expect(warm).not.toHaveBeenCalled();
    }
  });

  it('does not warm when the campaign page leaves before the page is idle, and stops a warm-up when it leaves after', async () => {
    const warmSupportPage = await load();
    const warm = vi.fn((_signal: AbortSignal) => Promise.resolve());
    warmSupportPage(warm)();
    vi.runAllTimers();
    expect(warm).not.toHaveBeenCalled();

    const leave = warmSupportPage(warm);
    vi.runAllTimers();
    expect(warm).toHaveBeenCalledTimes(1);
    const signal = warm.mock.calls[0]![0];
    expect(signal.aborted).toBe(false);
    leave();
    expect(signal.aborted).toBe(true);
  });

  it('warms at once when the visitor heads for the support page, and not again when the page turns idle', async () => {
    const { warmSupportPage, warmSupportPageNow } = await loadModule();
    const warm = vi.fn((_signal: AbortSignal) => Promise.resolve());
    warmSupportPageNow();
    expect(warm).not.toHaveBeenCalled();
    const leave = warmSupportPage(warm);
    warmSupportPageNow();
    expect(warm).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    warmSupportPageNow();
    expect(warm).toHaveBeenCalledTimes(1);
    leave();
    expect(warm.mock.calls[0]![0].aborted).toBe(true);
  });

  it('starts nothing once the campaign page has gone', async () => {
    const { warmSupportPage, warmSupportPageNow } = await loadModule();
    const warm = vi.fn((_signal: AbortSignal) => Promise.resolve());
    warmSupportPage(warm)();
    warmSupportPageNow();
    vi.runAllTimers();
    expect(warm).not.toHaveBeenCalled();
  });
});
