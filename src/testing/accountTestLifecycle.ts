import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { accountDefaults, TOKEN_STORAGE_KEY, useAccountStore, type AccountData } from '../domains/account/accountStore.ts';
import { initTestI18n, missingKeys } from './i18n.ts';

/**
 * Registers the lifecycle every account UI test shares: real en messages, a clean localStorage and account store
 * (with `account` on top of the defaults, and a stored token when `token` is given), and cleanup afterwards.
 */
export function accountTestLifecycle(account: Partial<AccountData> = {}, token?: string): void {
  beforeAll(async () => {
    await initTestI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    if (token !== undefined) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    useAccountStore.setState({ ...accountDefaults(), ...account });
    missingKeys.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Clicks the button with this accessible name and lets the resulting updates settle. */
export async function clickButton(name: string): Promise<void> {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}
