import { vi } from 'vitest';
import { deriveRequestKey, KEY_EPOCH_MS, verifyRequestToken } from '../../contract/requestSignature.ts';

const secret = new TextEncoder().encode('account-unit-test-secret-0123456789');

export interface Call {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
  json: Record<string, unknown> | null;
  /** Whether cookies go along (the HttpOnly refresh cookie needs 'same-origin' or 'include'). */
  credentials: RequestCredentials | undefined;
}

export type Handler = (call: Call) => Response | Promise<Response>;

export function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

function base64url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT with these claims (the client reads, never verifies, the ID token). */
export function idToken(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2ln`;
}

export const ayuClaims = {
  sub: '0b7c4b1e-3f1a-4c55-9d7e-2f6a1d2c3b4a',
  name: 'Ayu Lestari',
  username: 'ayu',
  email: 'ayu@example.com',
  createdAt: 1_760_000_000_000,
  avatar: '/files/avatars/ayu.png',
  subscription: null,
  isPassword: true,
  isVerified: true,
  lastPasswordUpdate: 1_760_000_500_000,
  associatedAccount: [{ provider: 'google', name: 'Ayu G', email: 'ayu@gmail.example' }],
  ver: 1,
  iat: 1,
  exp: 2,
};

/**
 * Stands in for the server behind the real signed client: /request-key hands out real keys and
 * every other call must carry a token contract/requestSignature.ts verifies, like on the server.
 */
export function fakeAccountServer(handler: Handler) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init.body === 'string' ? init.body : '';
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = body ? (JSON.parse(body) as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    const call: Call = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body, json: parsed, credentials: init.credentials };
    const fingerprint = call.headers.get('x-fingerprint') ?? '';
    if (url.pathname === '/api/v2/request-key') {
      const epoch = Math.floor(Date.now() / KEY_EPOCH_MS);
      return json({ data: { epoch, key: await deriveRequestKey(secret, fingerprint, epoch) } });
    }
    calls.push(call);
    if (url.pathname.startsWith('/api/v2/')) {
      const check = await verifyRequestToken(secret, fingerprint, call.headers.get('x-request-token') ?? '', { method: call.method, pathAndQuery: url.pathname + url.search, body });
      if (!check.ok) return json({ message: 'bad token', code: check.code }, 401);
    }
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return {
    calls,
    /** The calls to one API path (without /api/v2). */
    to: (path: string) => calls.filter((call) => call.url.pathname === `/api/v2${path}`),
  };
}
