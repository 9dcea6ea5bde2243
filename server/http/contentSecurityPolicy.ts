import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config.ts';
import { storageOrigins } from '../infra/storage/storageOrigins.ts';

export type CspDirectives = Record<string, string[]>;
/** A source list entry: fixed, or worked out per request (helmet calls it with the raw request). */
export type CspSource = string | ((request: IncomingMessage) => string);
export type CspPolicy = Record<string, CspSource[]>;

/** The default build talks to no third party: every source is this origin (plus data:/blob: where the editor needs them). */
const BASE_POLICY: Readonly<CspDirectives> = {
  defaultSrc: ["'self'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Google Identity Services, as its setup guide lists them: the client script, its iframes and
 * fetches under /gsi/, and the button stylesheet.
 */
export const GOOGLE_SIGN_IN_SOURCES: Readonly<CspDirectives> = {
  scriptSrc: ['https://accounts.google.com/gsi/client'],
  frameSrc: ['https://accounts.google.com/gsi/'],
  connectSrc: ['https://accounts.google.com/gsi/'],
  styleSrc: ['https://accounts.google.com/gsi/style'],
};

/** The Facebook JavaScript SDK: the script from connect.facebook.net; login status frames, calls and logging pixels on facebook.com hosts. */
export const FACEBOOK_SIGN_IN_SOURCES: Readonly<CspDirectives> = {
  scriptSrc: ['https://connect.facebook.net'],
  frameSrc: ['https://*.facebook.com'],
  connectSrc: ['https://*.facebook.com'],
  imgSrc: ['https://*.facebook.com'],
};

/**
 * DurianPay's checkout (server/infra/payments/durianpayProvider.ts): its script from js.durianpay.id (the sandbox
 * build lives there too, under /sandbox/), the checkout frame and API calls on durianpay.id hosts, and the payment
 * method logos the script shows from js.durianpay.id/assets/.
 */
export const DURIANPAY_CHECKOUT_SOURCES: Readonly<CspDirectives> = {
  scriptSrc: ['https://js.durianpay.id'],
  frameSrc: ['https://*.durianpay.id'],
  connectSrc: ['https://*.durianpay.id'],
  imgSrc: ['https://js.durianpay.id'],
};

/** The checkout page (/checkout?plan=…), not its loading or failed pages, nor any other. */
export function isCheckoutPage(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url, 'http://origin').pathname.replace(/\/+$/, '') === '/checkout';
  } catch {
    return false;
  }
}

/** Whether a social provider is configured, so its SDK (and the popup it opens) must be allowed. */
export function socialSignInConfigured(config: Pick<AppConfig, 'googleClientId' | 'facebookAppId'>): boolean {
  return Boolean(config.googleClientId || config.facebookAppId);
}

/**
 * The CSP directives (helmet's camelCase names) for this configuration: the first-party base, the hashes of the
 * page's inline scripts, and a provider's or the storage bucket's hosts only when that one is configured.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'googleClientId' | 'facebookAppId' | 'payments' | 'storage'>, inlineScriptHashes: readonly string[] = []): CspPolicy {
  // The bucket of STORAGE_URL (uploads and private images go straight to it) and PUBLIC_FILES_URL, when configured.
  const storage = storageOrigins(config.storage);
  const additions = [config.googleClientId ? GOOGLE_SIGN_IN_SOURCES : {}, config.facebookAppId ? FACEBOOK_SIGN_IN_SOURCES : {}, { connectSrc: storage.connect, imgSrc: storage.img }];
  const policy: CspPolicy = Object.fromEntries(Object.entries(BASE_POLICY).map(([name, sources]) => [name, [...sources]]));
  policy.scriptSrc = [...(policy.scriptSrc ?? []), ...inlineScriptHashes];
  for (const sources of additions) {
    // A directive the base leaves out falls back to default-src 'self'; keep that when adding hosts to it.
    for (const [name, hosts] of Object.entries(sources)) policy[name] = [...(policy[name] ?? ["'self'"]), ...hosts];
  }
  // A payment provider's checkout hosts: only when it is configured, and only on the checkout page (one header
  // per response; every other page, the checkout's loading and failed pages included, names none of them).
  if (config.payments.durianpay) {
    for (const [name, hosts] of Object.entries(DURIANPAY_CHECKOUT_SOURCES)) {
      const onCheckout = (request: IncomingMessage) => (isCheckoutPage(request.url) ? hosts.join(' ') : '');
      policy[name] = [...(policy[name] ?? ["'self'"]), onCheckout];
    }
  }
  return policy;
}
