/** Browser fingerprint cookies (seed §4, §5): the id every API call sends as `x-fingerprint`. */

export const FINGERPRINT_COOKIE = 'bk_fp';
export const LEGACY_FINGERPRINT_COOKIE = 'bk_fp_legacy';
export const FINGERPRINT_MAX_AGE_DAYS = 365;

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function writeCookie(name: string, value: string): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = FINGERPRINT_MAX_AGE_DAYS * 24 * 60 * 60;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  // Base64 characters are all legal cookie octets, so the value is written as is.
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

/** A valid cookie value is base64 that decodes to a non-empty (non-blank) string. */
export function isValidFingerprint(value: string | null | undefined): value is string {
  if (!value || !/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 === 1) return false;
  try {
    return atob(value).trim() !== '';
  } catch {
    return false;
  }
}

function newFingerprint(): string {
  const id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return btoa(id);
}

/**
 * Returns the fingerprint (the base64 cookie value, as sent in the header). Cookies are written
 * only when missing or invalid: a valid legacy value is carried over to `bk_fp` (same visitor),
 * and a fresh id is made only when neither cookie holds one.
 */
export function ensureFingerprint(): string {
  const current = readCookie(FINGERPRINT_COOKIE);
  const legacy = readCookie(LEGACY_FINGERPRINT_COOKIE);
  const value = isValidFingerprint(current) ? current : isValidFingerprint(legacy) ? legacy : newFingerprint();
  if (value !== current) writeCookie(FINGERPRINT_COOKIE, value);
  if (!isValidFingerprint(legacy)) writeCookie(LEGACY_FINGERPRINT_COOKIE, value);
  return value;
}
