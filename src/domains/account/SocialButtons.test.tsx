import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialProvider } from '../../../contract/accountProfile.ts';
import { initTestI18n, missingKeys } from '../../testing/i18n.ts';

/** Script elements pointing anywhere but this origin. */
function thirdPartyScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll('script')].filter((script) => script.src !== '' && new URL(script.src).origin !== location.origin);
}

/** The button and SDK loader, imported afresh so they read the stubbed build-time ids. */
async function loadModules() {
  vi.resetModules();
  const [buttons, config] = await Promise.all([import('./SocialButtons.tsx'), import('./socialConfig.ts')]);
  return { ...buttons, ...config };
}

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  vi.stubEnv('VITE_GOOGLE_CLIENT_ID', 'client-123.apps.googleusercontent.com');
  vi.stubEnv('VITE_FACEBOOK_APP_ID', '');
});

afterEach(() => {
  cleanup();
  for (const script of thirdPartyScripts()) script.remove();
  vi.unstubAllEnvs();
});

describe('social sign-in SDK loading', () => {
  it('injects the Google script only after the visitor clicks the button, once, and forgets a failed load', async () => {
    const { SocialButtons, providerToken, SDK_URLS } = await loadModules();
    const outcomes: Promise<string>[] = [];
    const onSelect = (provider: SocialProvider) => {
      const token = providerToken(provider);
      token.catch(() => undefined);
      outcomes.push(token);
    };
    render(<SocialButtons onSelect={onSelect} />);

    // Rendering the buttons (as the sign-in modal does) contacts nobody.
    expect(thirdPartyScripts()).toEqual([]);

    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google).toHaveProperty('disabled', false);
    fireEvent.click(google);
    expect(thirdPartyScripts().map((script) => script.src)).toEqual([SDK_URLS.google]);

    // A second click while the SDK is still loading does not inject it twice.
    fireEvent.click(google);
    expect(thirdPartyScripts()).toHaveLength(1);

    // Offline, the script fails: the visitor gets a clear error and the next click may try again.
    await act(async () => {
      thirdPartyScripts()[0]?.dispatchEvent(new Event('error'));
    });
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes) await expect(outcome).rejects.toThrow('Could not load accounts.google.com');
    expect(thirdPartyScripts()).toEqual([]);
    expect(missingKeys).toEqual(new Set());
  });

  it('never injects the SDK of a provider that is not configured', async () => {
    const { SocialButtons, providerToken } = await loadModules();
    const onSelect = vi.fn();
    render(<SocialButtons onSelect={onSelect} />);

    const facebook = screen.getByRole('button', { name: 'Continue with Facebook' });
    expect(facebook).toHaveProperty('disabled', true);
    fireEvent.click(facebook);
    expect(onSelect).not.toHaveBeenCalled();
    await expect(providerToken('facebook')).rejects.toThrow('facebook sign-in is not configured');
    expect(thirdPartyScripts()).toEqual([]);
  });
});
