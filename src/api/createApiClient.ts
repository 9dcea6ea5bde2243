import { codeForStatus, errorCodes, type ErrorCode } from '../../contract/errorCodes.ts';
import { FINGERPRINT_HEADER, readRequestKeyResponse, REQUEST_KEY_PATH, REQUEST_TOKEN_HEADER, signRequest, type RequestKey } from '../../contract/requestSignature.ts';
import { ensureFingerprint } from '../lib/fingerprint.ts';
import { ApiError } from './ApiError.ts';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const TOKEN_STORAGE_KEY = 'bingkai-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];

export interface RequestOptions {
  /** Appended as search params; null/undefined entries are skipped, arrays repeat the name. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the request outlive the page (fetch keepalive), for small fire-and-forget reports such as a share. */
  keepalive?: boolean;
}

/** Signing keys per key URL and fingerprint; clients that share one avoid fetching the key twice. */
export interface RequestKeyCache {
  get(url: string, fingerprint: string, load: () => Promise<RequestKey>): Promise<RequestKey>;
  invalidate(url: string): void;
}

export function createRequestKeyCache(): RequestKeyCache {
  const entries = new Map<string, { fingerprint: string; key: Promise<RequestKey> }>();
  return {
    get(url, fingerprint, load) {
      const entry = entries.get(url);
      if (entry && entry.fingerprint === fingerprint) return entry.key;
      const key = load();
      entries.set(url, { fingerprint, key });
      // A failed fetch must not stick: the next call tries again.
      key.catch(() => {
        if (entries.get(url)?.key === key) entries.delete(url);
      });
      return key;
    },
    invalidate(url) {
      entries.delete(url);
    },
  };
}

export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Where the signing key comes from; defaults to `{baseUrl}/request-key`. */
  requestKeyUrl?: string;
  keyCache?: RequestKeyCache;
  fetch?: typeof fetch;
  getFingerprint?: () => string;
  getToken?: () => string | null;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** Resolves to the parsed JSON body (undefined for an empty body, e.g. 204). */
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}

const RETRYABLE_AUTH_CODES: readonly string[] = ['REQUEST_KEY_EXPIRED', 'REQUEST_TOKEN_EXPIRED'];

function readStoredToken(): string | null {
  try {
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
}

function origin(): string {
  return typeof location !== 'undefined' && location.origin && location.origin !== 'null' ? location.origin : 'http://localhost';
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`), origin());
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** ApiError from a failed response, taking message/code/fields from the error envelope when present. */
export function errorFromResponse(response: Response, payload: unknown): ApiError {
  const envelope = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const code = typeof envelope['code'] === 'string' && (errorCodes as readonly string[]).includes(envelope['code']) ? (envelope['code'] as ErrorCode) : (codeForStatus(response.status) ?? 'INTERNAL');
  const message = typeof envelope['message'] === 'string' ? envelope['message'] : response.statusText || `Request failed with status ${response.status}`;
  const rawFields = envelope['fields'];
  const fields =
    typeof rawFields === 'object' && rawFields !== null
      ? Object.fromEntries(Object.entries(rawFields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
  return new ApiError({ status: response.status, code, message, fields });
}

/** One attempt's abort wiring: the caller's signal plus the time-out. */
function attemptSignal(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  const state = { timedOut: false };
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort(new DOMException(`The request timed out after ${timeoutMs} ms.`, 'TimeoutError'));
  }, timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    state,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

function transportError(error: unknown, signal: AbortSignal, timedOut: boolean): ApiError {
  if (error instanceof ApiError) return error;
  const reason: unknown = signal.aborted ? signal.reason : error;
  const message = reason instanceof Error || reason instanceof DOMException ? reason.message : String(reason ?? 'Request aborted');
  if (timedOut) return new ApiError({ status: 0, code: 'TIMEOUT', message, cause: error });
  if (signal.aborted) return new ApiError({ status: 0, code: 'ABORTED', message, cause: error });
  return new ApiError({ status: 0, code: 'NETWORK', message: error instanceof Error ? error.message : String(error), cause: error });
}

/** Rejects with the signal's reason as soon as it aborts, else settles like the promise. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const sharedKeyCache = createRequestKeyCache();

/**
 * JSON client for one API base. Every call carries `x-fingerprint` and a fresh `x-request-token`
 * (contract/requestSignature.ts) signed with the key from `requestKeyUrl`; a 401 with an expired
 * key/token refetches the key and retries once. Failures throw ApiError.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const keyUrl = buildUrl(options.requestKeyUrl ?? baseUrl + REQUEST_KEY_PATH, '').href.replace(/\/$/, '');
  const keyCache = options.keyCache ?? sharedKeyCache;
  const fetchImpl = (input: string, init: RequestInit) => (options.fetch ?? fetch)(input, init);
  // Read from the cookie once per client: a cookie read after the page wrote one is a synchronous round trip to
  // the browser process, milliseconds of main thread on every call while the page's first requests are in flight.
  let fingerprint: string | undefined;
  const getFingerprint = options.getFingerprint ?? (() => (fingerprint ??= ensureFingerprint()));
  const getToken = options.getToken ?? readStoredToken;

  /** Not tied to one caller's signal: concurrent calls share this fetch. */
  async function loadKey(fingerprint: string): Promise<RequestKey> {
    const { signal, state, done } = attemptSignal(timeoutMs);
    let response: Response;
    let payload: unknown;
    try {
      response = await fetchImpl(keyUrl, { method: 'GET', headers: { accept: 'application/json', [FINGERPRINT_HEADER]: fingerprint }, signal, credentials: 'same-origin' });
      payload = await readBody(response);
    } catch (error) {
      throw transportError(error, signal, state.timedOut);
    } finally {
      done();
    }
    if (!response.ok) throw errorFromResponse(response, payload);
    const requestKey = readRequestKeyResponse(payload);
    if (!requestKey) throw new ApiError({ status: response.status, code: 'INTERNAL', message: 'The request key response is malformed' });
    return requestKey;
  }

  async function attempt<T>(method: HttpMethod, url: URL, body: string, options: RequestOptions, retried: boolean): Promise<T> {
    const fingerprint = getFingerprint();
    const { signal, state, done } = attemptSignal(timeoutMs, options.signal);
    let response: Response;
    let payload: unknown;
    try {
      const key = await untilAborted(keyCache.get(keyUrl, fingerprint, () => loadKey(fingerprint)), signal);
      const token = await signRequest(key, { method, pathAndQuery: url.pathname + url.search, body });
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers, [FINGERPRINT_HEADER]: fingerprint, [REQUEST_TOKEN_HEADER]: token };
      if (body !== '') headers['content-type'] = 'application/json';
      const bearer = getToken();
      if (bearer) headers['authorization'] = `Bearer ${bearer}`;
      response = await fetchImpl(url.href, { method, headers, body: body === '' ? undefined : body, signal, credentials: 'same-origin', ...(options.keepalive ? { keepalive: true } : {}) });
      payload = await readBody(response);
    } catch (error) {
      throw transportError(error, signal, state.timedOut);
    } finally {
      done();
    }
    if (response.ok) return payload as T;
    const error = errorFromResponse(response, payload);
    if (!retried && response.status === 401 && RETRYABLE_AUTH_CODES.includes(error.code)) {
      keyCache.invalidate(keyUrl);
      return attempt<T>(method, url, body, options, true);
    }
    throw error;
  }

  // async, so a body JSON.stringify rejects (circular, BigInt) surfaces as a rejected promise.
  async function request<T = unknown>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const url = buildUrl(baseUrl, path, requestOptions.query);
    const body = requestOptions.body === undefined ? '' : JSON.stringify(requestOptions.body);
    return attempt<T>(method, url, body, requestOptions, false);
  }

  return {
    baseUrl,
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, o) => request('POST', path, o),
    put: (path, o) => request('PUT', path, o),
    patch: (path, o) => request('PATCH', path, o),
    delete: (path, o) => request('DELETE', path, o),
  };
}
