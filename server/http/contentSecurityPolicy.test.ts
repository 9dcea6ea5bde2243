import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../config.ts';
import { createDurianpayProvider } from '../infra/payments/durianpayProvider.ts';
import { createTestApp, drivers, type TestApp } from '../testing/testApp.ts';
import { DURIANPAY_CHECKOUT_SOURCES, isCheckoutPage } from './contentSecurityPolicy.ts';

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

/**
 * Local files, whichever storage driver the run uses (TEST_STORAGE=s3): an S3 bucket's origin is in connect-src and
 * img-src, and these tests pin down the providers' sources exactly; the bucket's own test below sets S3 itself.
 */
const localFiles: Partial<AppConfig> = { storage: { driver: 'local' } };

describe.each(drivers)('content security policy (%s)', (driver) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function headersFor(overrides: { googleClientId?: string; facebookAppId?: string }) {
    t = await createTestApp(driver, { ...localFiles, ...overrides });
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

describe('the checkout page and payment providers', () => {
  it('knows the checkout page from its loading and failed pages', () => {
    for (const url of ['/checkout', '/checkout?plan=supporter&period=monthly', '/checkout/']) expect(isCheckoutPage(url)).toBe(true);
    for (const url of ['/', '/pricing', '/checkout/loading/o-1', '/checkout/failed/o-1', '/checkouts', '/api/v2/checkout/options', undefined]) expect(isCheckoutPage(url)).toBe(false);
  });

  it('allows no DurianPay host its adapter does not name as a checkout host', () => {
    const adapterHosts = createDurianpayProvider({ secretKey: 'dp_test_x', apiUrl: 'https://api.durianpay.id', sandbox: true }).checkoutHosts;
    expect(Object.values(DURIANPAY_CHECKOUT_SOURCES).flat().every((host) => adapterHosts.includes(host))).toBe(true);
  });
});

describe.each(drivers)('content security policy with payment providers (%s)', (driver) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const basePayments = (): AppConfig['payments'] => ({ ...loadConfig({}, tmpdir()).payments, billingJobMs: 0 });
  const durianpay = { secretKey: 'dp_test_csp', apiUrl: 'https://api.durianpay.id', sandbox: true };
  const stripe = { secretKey: 'sk_test_csp', webhookSecret: 'whsec_csp', apiUrl: undefined, test: true };

  async function cspOf(url: string) {
    const response = await t!.app.inject({ method: 'GET', url });
    return parseCsp(response.headers['content-security-policy']);
  }

  it('allows DurianPay on the checkout page only, when it is configured', async () => {
    t = await createTestApp(driver, { ...localFiles, payments: { ...basePayments(), durianpay } });
    const checkout = await cspOf('/checkout?plan=supporter&period=monthly');
    expect(checkout.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.durianpay.id']);
    expect(checkout.get('frame-src')).toEqual(["'self'", 'https://*.durianpay.id']);
    expect(checkout.get('connect-src')).toEqual(["'self'", 'https://*.durianpay.id']);
    expect(checkout.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://js.durianpay.id']);
    expect(checkout.get('frame-ancestors')).toEqual(["'none'"]);
    for (const url of ['/', '/pricing', '/checkout/loading/0b6f6a4e-8d0c-4a57-9a39-3f1f3d8d3a11', '/checkout/failed/0b6f6a4e-8d0c-4a57-9a39-3f1f3d8d3a11', '/api/health']) {
      const csp = await cspOf(url);
      expect(thirdPartySources(csp), url).toEqual([]);
      expect(csp.get('script-src'), url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    }
  });

  it('names no third-party host on the checkout page when DurianPay is not configured', async () => {
    t = await createTestApp(driver, { ...localFiles, payments: { ...basePayments(), durianpay: undefined, stripe } });
    expect(thirdPartySources(await cspOf('/checkout?plan=creator&period=yearly'))).toEqual([]);
  });

  it('allows the storage bucket for uploads and images, and the CDN for images, only when STORAGE_URL is set', async () => {
    t = await createTestApp(driver, {
      storage: { driver: 's3', bucket: 'bingkai', prefix: 'app/', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, publicFilesUrl: 'https://cdn.bingkai.test/app' },
    });
    const csp = await cspOf('/api/no-such-route');
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9000']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:9000', 'https://cdn.bingkai.test']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});
