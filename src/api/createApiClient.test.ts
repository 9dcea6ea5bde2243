import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deriveRequestKey, KEY_EPOCH_MS, verifyRequestToken } from '../../contract/requestSignature.ts';
import { ensureFingerprint } from '../lib/fingerprint.ts';
import { ApiError } from './ApiError.ts';
import { apiV2, apiV3, editorApi, gateway } from './clients.ts';
import { createApiClient, createRequestKeyCache, TOKEN_STORAGE_KEY } from './createApiClient.ts';

const secret = new TextEncoder().encode('unit-test-secret-0123456789abcdef');

interface Call {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

type Handler = (call: Call) => Response | Promise<Response>;

function json(data: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(data), { status, statusText, headers: { 'content-type': 'application/json' } });
}

/**
 * A fake of the API: /api/v2/request-key derives real keys, every other path verifies the token
 * with contract/requestSignature.ts like the server does, then runs the handler.
 */
function fakeApi(handler: Handler, options: { keyEpochs?: number[] } = {}) {
  const calls: Call[] = [];
  const keyEpochs = [...(options.keyEpochs ?? [])];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = { url: new URL(String(input)), method: init.method ?? 'GET', headers: new Headers(init.headers), body: typeof init.body === 'string' ? init.body : '' };
    calls.push(call);
    const fingerprint = call.headers.get('x-fingerprint') ?? '';
    if (call.url.pathname === '/api/v2/request-key') {
      const epoch = keyEpochs.shift() ?? Math.floor(Date.now() / KEY_EPOCH_MS);
      return json({ data: { epoch, key: await deriveRequestKey(secret, fingerprint, epoch) } });
    }
    const check = await verifyRequestToken(secret, fingerprint, call.headers.get('x-request-token') ?? '', {
      method: call.method,
      pathAndQuery: call.url.pathname + call.url.search,
      body: call.body,
    });
    if (!check.ok) return json({ message: 'bad token', code: check.code }, 401);
    return handler(call);
  });
  return { fetch: fetchImpl as unknown as typeof fetch, calls, apiCalls: () => calls.filter((call) => call.url.pathname !== '/api/v2/request-key') };
}

/** Waits on real ticks (the time-out test fakes only setTimeout), so fake time stands still while Web Crypto works. */
async function until(condition: () => boolean): Promise<void> {
  const tick = () =>
    new Promise<void>((resolve) => {
      const id = setInterval(() => {
        clearInterval(id);
        resolve();
      }, 0);
    });
  const deadline = Date.now() + 4000; // Date is real here; a loaded CI machine can take a while over Web Crypto.
  while (!condition() && Date.now() < deadline) await tick();
  expect(condition()).toBe(true);
}

function client(api: ReturnType<typeof fakeApi>, timeoutMs?: number) {
  return createApiClient({ baseUrl: '/api/v2', fetch: api.fetch, keyCache: createRequestKeyCache(), ...(timeoutMs === undefined ? {} : { timeoutMs }) });
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createApiClient', () => {
  it('signs a GET with the fingerprint cookie and a token the server verifies', async () => {
    const api = fakeApi(() => json({ data: { items: [], page: 1, limit: 10, total: 0 } }));
    const result = await client(api).get<{ data: { total: number } }>('/campaigns', { query: { page: 1, limit: 10, tag: ['a', 'b'], skip: undefined, none: null } });
    expect(result.data.total).toBe(0);
    const [keyCall, call] = api.calls;
    expect(keyCall?.url.pathname).toBe('/api/v2/request-key');
    expect(keyCall?.headers.get('x-fingerprint')).toBe(ensureFingerprint());
    expect(keyCall?.headers.has('x-request-token')).toBe(false);
    expect(call?.url.pathname + (call?.url.search ?? '')).toBe('/api/v2/campaigns?page=1&limit=10&tag=a&tag=b');
    expect(call?.headers.get('x-fingerprint')).toBe(ensureFingerprint());
    expect(call?.headers.get('x-request-token')).toMatch(/^v1\./);
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(call?.headers.has('content-type')).toBe(false);
    expect(call?.headers.has('authorization')).toBe(false);
  });

  it('signs every method, sending the body as JSON', async () => {
    const api = fakeApi((call) => json({ data: { method: call.method, body: call.body } }));
    const http = client(api);
    const body = { name: 'Frame', tags: ['x'] };
    for (const method of ['post', 'put', 'patch', 'delete', 'get'] as const) {
      const result = await http[method]<{ data: { method: string; body: string } }>('/things/1', method === 'get' || method === 'delete' ? {} : { body });
      expect(result.data.method).toBe(method.toUpperCase());
    }
    const calls = api.apiCalls();
    expect(calls.map((call) => call.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE', 'GET']);
    expect(calls[0]?.body).toBe(JSON.stringify(body));
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    for (const call of calls) expect(call.headers.get('x-request-token')).toBeTruthy();
    // The key is fetched once and cached.
    expect(api.calls.filter((call) => call.url.pathname === '/api/v2/request-key')).toHaveLength(1);
    // Each token has its own nonce.
    expect(new Set(calls.map((call) => call.headers.get('x-request-token'))).size).toBe(calls.length);
  });

  it('adds the bearer token when one is stored', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'id-token-123');
    const api = fakeApi(() => new Response(null, { status: 204 }));
    await expect(client(api).post('/analytics/page-view', { body: { path: '/', routeName: 'home' } })).resolves.toBeUndefined();
    expect(api.apiCalls()[0]?.headers.get('authorization')).toBe('Bearer id-token-123');
  });

  it('refetches the key and retries once when the key expired', async () => {
    const stale = Math.floor(Date.now() / KEY_EPOCH_MS) - 2;
    const api = fakeApi(() => json({ data: 'ok' }), { keyEpochs: [stale] });
    await expect(client(api).get('/campaigns')).resolves.toEqual({ data: 'ok' });
    expect(api.calls.map((call) => call.url.pathname)).toEqual(['/api/v2/request-key', '/api/v2/campaigns', '/api/v2/request-key', '/api/v2/campaigns']);
  });

  it('retries an expired token only once', async () => {
    const api = fakeApi(() => json({ message: 'The request token has expired', code: 'REQUEST_TOKEN_EXPIRED' }, 401));
    const error = await client(api).get('/campaigns').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'REQUEST_TOKEN_EXPIRED', message: 'The request token has expired' });
    expect(api.apiCalls()).toHaveLength(2);
  });

  it('does not retry other 401s', async () => {
    const api = fakeApi(() => json({ message: 'Sign in first', code: 'UNAUTHORIZED' }, 401));
    await expect(client(api).get('/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(api.apiCalls()).toHaveLength(1);
  });

  it('maps the error envelope to ApiError', async () => {
    const api = fakeApi((call) =>
      call.url.pathname.endsWith('/missing')
        ? json({ message: 'Campaign not found', code: 'NOT_FOUND' }, 404)
        : json({ message: 'Check the form', code: 'VALIDATION_FAILED', fields: { 'body.name': 'Required' } }, 400),
    );
    const http = client(api);
    const notFound = await http.get('/campaigns/missing').catch((caught: unknown) => caught);
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Campaign not found', fields: undefined });
    await expect(http.post('/campaigns', { body: {} })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Check the form', fields: { 'body.name': 'Required' } });
  });

  it('maps a non-envelope failure by status', async () => {
    const api = fakeApi(() => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(client(api).get('/x')).rejects.toMatchObject({ status: 502, code: 'INTERNAL', message: 'Bad Gateway' });
  });

  it('turns a network failure into status 0 with the error’s own message', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const http = createApiClient({ baseUrl: '/api/v2', fetch: fetchImpl as unknown as typeof fetch, keyCache: createRequestKeyCache() });
    await expect(http.get('/campaigns')).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: 'Failed to fetch' });
  });

  it('times out after 60 s by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Wait for the handler itself: the token check before it runs on real Web Crypto, and an abort before the listener exists would be missed.
    let listening = false;
    const api = fakeApi(
      () =>
        new Promise<Response>((_resolve, reject) => {
          const signal = (api.fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.at(-1)?.[1]?.signal as AbortSignal;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
          listening = true;
        }),
    );
    const pending = client(api).get('/slow').catch((caught: unknown) => caught);
    await until(() => listening);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'The request timed out after 60000 ms.' });
  });

  it('reports a caller abort as ABORTED', async () => {
    const controller = new AbortController();
    // Abort once the handler listens: the call is recorded before its token is verified on Web Crypto, which a
    // loaded machine makes slow, and an abort before the listener exists would leave the fake fetch hanging.
    let listening = false;
    const api = fakeApi(
      () =>
        new Promise<Response>((_resolve, reject) => {
          controller.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
          listening = true;
        }),
    );
    const pending = client(api).get('/slow', { signal: controller.signal });
    await until(() => listening);
    expect(api.apiCalls()).toHaveLength(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'ABORTED' });
  });

  it('surfaces a failing key request as ApiError', async () => {
    const fetchImpl = vi.fn(async () => json({ message: 'The x-fingerprint header is missing or invalid', code: 'FINGERPRINT_MISSING' }, 401));
    const http = createApiClient({ baseUrl: '/api/v2', fetch: fetchImpl as unknown as typeof fetch, keyCache: createRequestKeyCache() });
    await expect(http.get('/campaigns')).rejects.toMatchObject({ status: 401, code: 'FINGERPRINT_MISSING' });
    expect(fetchImpl).toHaveBeenCalledOnce();
  });
});

describe('shared clients', () => {
  it('use the env bases and the main API key endpoint', async () => {
    expect(apiV2.baseUrl).toBe('/api/v2');
    expect(gateway.baseUrl).toBe('/api/gateway');
    expect(editorApi.baseUrl).toBe('/api/editor');
    expect(apiV3.baseUrl).toBe('/api/v3');
    const api = fakeApi((call) => json({ data: call.url.pathname }));
    vi.stubGlobal('fetch', api.fetch);
    try {
      await expect(apiV3.get('/things')).resolves.toEqual({ data: '/api/v3/things' });
      expect(api.calls.map((call) => call.url.pathname)).toEqual(['/api/v2/request-key', '/api/v3/things']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
