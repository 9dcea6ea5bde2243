import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureFingerprint, FINGERPRINT_COOKIE, isValidFingerprint, LEGACY_FINGERPRINT_COOKIE, readCookie } from './fingerprint.ts';

function clearCookies() {
  for (const name of [FINGERPRINT_COOKIE, LEGACY_FINGERPRINT_COOKIE]) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

afterEach(() => {
  clearCookies();
  vi.restoreAllMocks();
});

describe('isValidFingerprint', () => {
  it('accepts base64 of a non-empty string only', () => {
    expect(isValidFingerprint(btoa('abc-123'))).toBe(true);
    expect(isValidFingerprint('')).toBe(false);
    expect(isValidFingerprint(null)).toBe(false);
    expect(isValidFingerprint(btoa('   '))).toBe(false);
    expect(isValidFingerprint('not base64!')).toBe(false);
    expect(isValidFingerprint('abcde')).toBe(false);
  });
});

describe('ensureFingerprint', () => {
  it('creates both cookies with a base64 random id when missing', () => {
    const value = ensureFingerprint();
    expect(isValidFingerprint(value)).toBe(true);
    expect(atob(value)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(readCookie(FINGERPRINT_COOKIE)).toBe(value);
    expect(readCookie(LEGACY_FINGERPRINT_COOKIE)).toBe(value);
  });

  it('writes 365-day, SameSite=Lax, path=/ cookies', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((text: string) => {
      writes.push(text);
      descriptor?.set?.call(document, text);
    });
    ensureFingerprint();
    expect(writes).toHaveLength(2);
    for (const text of writes) {
      expect(text).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
      expect(text).toContain('SameSite=Lax');
      expect(text).toContain('Path=/');
    }
    expect(writes[0]).toMatch(/^bk_fp=/);
    expect(writes[1]).toMatch(/^bk_fp_legacy=/);
  });

  it('keeps a valid cookie and returns the same value on every call', () => {
    const first = ensureFingerprint();
    const uuid = vi.spyOn(crypto, 'randomUUID');
    expect(ensureFingerprint()).toBe(first);
    expect(uuid).not.toHaveBeenCalled();
  });

  it('regenerates an invalid value', () => {
    document.cookie = `${FINGERPRINT_COOKIE}=%%%; Path=/`;
    document.cookie = `${LEGACY_FINGERPRINT_COOKIE}=${btoa('')}; Path=/`;
    const value = ensureFingerprint();
    expect(isValidFingerprint(value)).toBe(true);
    expect(readCookie(FINGERPRINT_COOKIE)).toBe(value);
    expect(readCookie(LEGACY_FINGERPRINT_COOKIE)).toBe(value);
  });

  it('carries a valid legacy value over to a missing primary cookie', () => {
    const legacy = btoa('legacy-visitor');
    document.cookie = `${LEGACY_FINGERPRINT_COOKIE}=${legacy}; Path=/`;
    expect(ensureFingerprint()).toBe(legacy);
    expect(readCookie(FINGERPRINT_COOKIE)).toBe(legacy);
  });

  it('restores a missing legacy twin without changing the primary', () => {
    const primary = btoa('primary-visitor');
    document.cookie = `${FINGERPRINT_COOKIE}=${primary}; Path=/`;
    expect(ensureFingerprint()).toBe(primary);
    expect(readCookie(LEGACY_FINGERPRINT_COOKIE)).toBe(primary);
  });
});
