/**
 * DurianPay's browser checkout (seed §8/§9): its script, version 0.1.55, is loaded only when a person pays with
 * DurianPay on the checkout page (the server's CSP allows its host there, and only when it is configured), and
 * opened with the access key of the order the server created through DurianPay's Orders API.
 */
export const DURIANPAY_SCRIPT_VERSION = '0.1.55';

/** The message seed §8 logs when the script does not load. */
export const DURIANPAY_LOAD_ERROR = 'Failed to load DurianPay script';

/** Staging and development hosts use DurianPay's sandbox build (seed: "sandbox variant in staging or development"). */
export function isDevelopmentHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return /staging|(^|[.-])dev(elopment)?([.-]|$)/.test(host) || host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.local') || host.endsWith('.test');
}

/** The script's URL: the sandbox build for a sandbox order (test keys) or on a staging/development host. */
export function durianpayScriptUrl(sandbox: boolean, hostname: string): string {
  const base = 'https://js.durianpay.id';
  return sandbox || isDevelopmentHost(hostname) ? `${base}/sandbox/${DURIANPAY_SCRIPT_VERSION}/durianpay.min.js` : `${base}/${DURIANPAY_SCRIPT_VERSION}/durianpay.min.js`;
}

/** The part of DurianPay's checkout API this app uses (`Durianpay.init(options).checkout()`). */
export interface DurianpayOptions {
  locale: string;
  /** DurianPay documents 'production' for both its sandbox and live modes; the access key decides. */
  environment: 'production';
  access_key: string;
  order_info: { id: string; customer_info?: { id?: string; email?: string; given_name?: string } };
  onSuccess?: (response: unknown) => void;
  onFailure?: (error: unknown) => void;
  onClose?: (response: unknown) => void;
}

export interface DurianpayGlobal {
  init: (options: DurianpayOptions) => { checkout: () => void } | Promise<{ checkout: () => void }>;
}

declare global {
  interface Window {
    Durianpay?: DurianpayGlobal;
  }
}

const loading = new Map<string, Promise<DurianpayGlobal>>();

/**
 * Adds DurianPay's script once (per URL) and resolves to its global. A failed load logs seed §8's message,
 * removes the script and forgets the attempt, so that paying again tries again.
 */
export function loadDurianpay(src: string, doc: Document = document): Promise<DurianpayGlobal> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<DurianpayGlobal>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.provider = 'durianpay';
    const fail = (cause: unknown) => {
      console.error(DURIANPAY_LOAD_ERROR, cause);
      script.remove();
      loading.delete(src);
      reject(new Error(DURIANPAY_LOAD_ERROR, { cause }));
    };
    script.addEventListener('load', () => {
      const global = doc.defaultView?.Durianpay;
      if (global && typeof global.init === 'function') resolve(global);
      else fail(new Error('the script defined no Durianpay global'));
    });
    script.addEventListener('error', (event) => fail(event));
    doc.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Loads the script if needed and opens DurianPay's checkout for the order. */
export async function openDurianpayCheckout(
  checkout: { orderId: string; accessKey: string; sandbox: boolean },
  options: { locale: string; customer?: { id?: string; email?: string; given_name?: string }; onSuccess: () => void; onFailure: (error: unknown) => void; onClose: () => void },
): Promise<void> {
  const durianpay = await loadDurianpay(durianpayScriptUrl(checkout.sandbox, window.location.hostname));
  const session = await durianpay.init({
    locale: options.locale.toLowerCase().startsWith('id') ? 'id' : 'en',
    environment: 'production',
    access_key: checkout.accessKey,
    order_info: { id: checkout.orderId, ...(options.customer ? { customer_info: options.customer } : {}) },
    onSuccess: options.onSuccess,
    onFailure: options.onFailure,
    onClose: options.onClose,
  });
  session.checkout();
}
