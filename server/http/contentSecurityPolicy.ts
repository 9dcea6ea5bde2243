import type { AppConfig } from '../config.ts';

export type CspDirectives = Record<string, string[]>;

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

/** Whether a social provider is configured, so its SDK (and the popup it opens) must be allowed. */
export function socialSignInConfigured(config: Pick<AppConfig, 'googleClientId' | 'facebookAppId'>): boolean {
  return Boolean(config.googleClientId || config.facebookAppId);
}

/**
 * The CSP directives (helmet's camelCase names) for this configuration: the first-party base,
 * the hashes of the page's inline scripts, and a provider's hosts only when that provider is configured.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'googleClientId' | 'facebookAppId'>, inlineScriptHashes: readonly string[] = []): CspDirectives {
  const additions = [config.googleClientId ? GOOGLE_SIGN_IN_SOURCES : {}, config.facebookAppId ? FACEBOOK_SIGN_IN_SOURCES : {}];
  const policy: CspDirectives = Object.fromEntries(Object.entries(BASE_POLICY).map(([name, sources]) => [name, [...sources]]));
  policy.scriptSrc = [...(policy.scriptSrc ?? []), ...inlineScriptHashes];
  for (const sources of additions) {
    // A directive the base leaves out falls back to default-src 'self'; keep that when adding hosts to it.
    for (const [name, hosts] of Object.entries(sources)) policy[name] = [...(policy[name] ?? ["'self'"]), ...hosts];
  }
  return policy;
}
