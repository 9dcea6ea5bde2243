/** Schemes whose host names a referring site or app (android-app://com.google.android.gm/ from Gmail on Android). */
const SCHEMES = new Set(['http:', 'https:', 'android-app:']);
const MAX_HOST = 253;

/**
 * The host of a referrer, lower-cased and without a trailing dot: all that is kept of it, never the path or
 * query. Null for a direct visit (no referrer), a referrer of this site (`ownHosts`), and anything that is not
 * a URL of a web page or app.
 */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer?.trim()) return null;
  let url: URL;
  try {
    url = new URL(referrer.trim());
  } catch {
    return null;
  }
  if (!SCHEMES.has(url.protocol)) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.length > MAX_HOST) return null;
  const own = ownHosts.map((entry) => entry.toLowerCase().replace(/\.$/, ''));
  return own.includes(host) ? null : host;
}
