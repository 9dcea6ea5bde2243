import type { SocialProvider } from '../../../contract/accountProfile.ts';

function pick(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Client ids of the social providers; a provider without one is shown but disabled. */
export const socialClientIds: Readonly<Record<SocialProvider, string | null>> = {
  google: pick(import.meta.env.VITE_GOOGLE_CLIENT_ID),
  facebook: pick(import.meta.env.VITE_FACEBOOK_APP_ID),
};

export const SDK_URLS: Readonly<Record<SocialProvider, string>> = {
  google: 'https://accounts.google.com/gsi/client',
  facebook: 'https://connect.facebook.net/en_US/sdk.js',
};

interface ProviderSdks {
  google?: { accounts?: { oauth2?: { initTokenClient?: unknown }; id?: { initialize: (config: Record<string, unknown>) => void; prompt: (listener?: (note: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean }) => void) => void } } };
  FB?: { init: (config: Record<string, unknown>) => void; login: (callback: (response: { authResponse?: { accessToken?: string } | null }) => void, options?: Record<string, unknown>) => void };
}

const loading = new Map<string, Promise<void>>();

/**
 * Injects a provider SDK once. Only called from providerToken, i.e. after the visitor picked a provider,
 * so no page (least of all the support flow) contacts Google or Facebook on its own.
 */
function loadScript(src: string): Promise<void> {
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // Forget the failure so the next click tries again (e.g. after the network comes back).
      script.remove();
      loading.delete(src);
      reject(new Error(`Could not load ${new URL(src).host}`));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Asks the provider's SDK for the token the API expects: Google an ID token, Facebook an access token (seed §5). */
export async function providerToken(provider: SocialProvider): Promise<string> {
  const clientId = socialClientIds[provider];
  if (!clientId) throw new Error(`${provider} sign-in is not configured`);
  const sdks = globalThis as ProviderSdks;
  if (provider === 'google') {
    if (!sdks.google?.accounts?.id) await loadScript(SDK_URLS.google);
    const id = sdks.google?.accounts?.id;
    if (!id) throw new Error('Google sign-in did not load');
    return new Promise((resolve, reject) => {
      id.initialize({ client_id: clientId, callback: (response: { credential?: string }) => (response.credential ? resolve(response.credential) : reject(new Error('Google sign-in was cancelled'))) });
      id.prompt((note) => {
        if (note.isNotDisplayed?.() || note.isSkippedMoment?.()) reject(new Error('Google sign-in was cancelled'));
      });
    });
  }
  if (!sdks.FB) await loadScript(SDK_URLS.facebook);
  const fb = sdks.FB;
  if (!fb) throw new Error('Facebook sign-in did not load');
  fb.init({ appId: clientId, version: 'v19.0', cookie: false, xfbml: false });
  return new Promise((resolve, reject) => {
    fb.login((response) => (response.authResponse?.accessToken ? resolve(response.authResponse.accessToken) : reject(new Error('Facebook sign-in was cancelled'))), { scope: 'email,public_profile' });
  });
}
