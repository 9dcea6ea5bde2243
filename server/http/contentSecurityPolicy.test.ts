import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';

/** The header parsed into directive name → sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** Every source naming another host (anything but keywords, hashes and the data:/blob: schemes). */
function thirdPartySources(csp: Map<string, string[]>): string[] {
  return [...csp.values()].flat().filter((source) => !/^'.*'$/.test(source) && source !== 'data:' && source !== 'blob:');
}

describe.each(drivers)('content security policy (%s)', (driver) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function headersFor(overrides: { googleClientId?: string; facebookAppId?: string }) {
    t = await createTestApp(driver, overrides);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { csp: parseCsp(response.headers['content-security-policy']), coop: response.headers['cross-origin-opener-policy'] };
  }

  it('names no third-party host when no social provider is configured', async () => {
    const { csp, coop } = await headersFor({});
    expect(thirdPartySources(csp)).toEqual([]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.has('frame-src')).toBe(false);
    expect(coop).toBe('same-origin');
  });

  it('allows exactly the Google Identity Services sources when Google is configured', async () => {
    const { csp, coop } = await headersFor({ googleClientId: 'client-123.apps.googleusercontent.com' });
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://accounts.google.com/gsi/client']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(thirdPartySources(csp).every((source) => source.startsWith('https://accounts.google.com/gsi/'))).toBe(true);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(coop).toBe('same-origin-allow-popups');
  });

  it('allows exactly the Facebook SDK sources when Facebook is configured', async () => {
    const { csp, coop } = await headersFor({ facebookAppId: '1234567890' });
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://connect.facebook.net']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://*.facebook.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://*.facebook.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.facebook.com']);
    expect(thirdPartySources(csp).some((source) => source.includes('google'))).toBe(false);
    expect(coop).toBe('same-origin-allow-popups');
  });

  it('allows both providers when both are configured', async () => {
    const { csp } = await headersFor({ googleClientId: 'client-123.apps.googleusercontent.com', facebookAppId: '1234567890' });
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://accounts.google.com/gsi/client', 'https://connect.facebook.net']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/', 'https://*.facebook.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/', 'https://*.facebook.com']);
  });
});
