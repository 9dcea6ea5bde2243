/**
 * Signed request tokens (seed §7): every API call carries the caller's fingerprint and a token
 * signed over method, path+query and body, so the server can refuse forged and replayed calls.
 *
 * The signing key is not a secret of the client bundle: the server derives one per fingerprint and
 * key epoch (HMAC of its own secret) and hands it out at GET {api}/request-key. Tokens expire after
 * TOKEN_WINDOW_MS and each nonce is accepted once.
 *
 * Token: `v1.<keyEpoch>.<timestampMs>.<nonce>.<signature>` (nonce and signature base64url).
 * Runs on Web Crypto, so the browser, workers and Node share this one implementation.
 */

export const FINGERPRINT_HEADER = 'x-fingerprint';
export const REQUEST_TOKEN_HEADER = 'x-request-token';
export const REQUEST_KEY_PATH = '/request-key';
export const TOKEN_WINDOW_MS = 5 * 60_000;
export const KEY_EPOCH_MS = 24 * 60 * 60_000;

export interface RequestKey {
  /** Key epoch: floor(now / KEY_EPOCH_MS) at issue time. */
  epoch: number;
  /** base64url HMAC key. */
  key: string;
}

export interface ParsedRequestToken {
  epoch: number;
  timestamp: number;
  nonce: string;
  signature: string;
}

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function canonicalRequest(method: string, pathAndQuery: string, timestamp: number, nonce: string, body: string): string {
  return [method.toUpperCase(), pathAndQuery, String(timestamp), nonce, body].join('\n');
}

async function hmac(key: Uint8Array, message: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

/** Server side: the per-fingerprint signing key for an epoch. */
export async function deriveRequestKey(serverSecret: Uint8Array, fingerprint: string, epoch: number): Promise<string> {
  return toBase64Url(await hmac(serverSecret, `request-key:v1:${epoch}:${fingerprint}`));
}

export async function signRequest(
  requestKey: RequestKey,
  request: { method: string; pathAndQuery: string; body: string },
  now: number = Date.now(),
  nonce: string = toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
): Promise<string> {
  const signature = await hmac(fromBase64Url(requestKey.key), canonicalRequest(request.method, request.pathAndQuery, now, nonce, request.body));
  return ['v1', requestKey.epoch, now, nonce, toBase64Url(signature)].join('.');
}

export function parseRequestToken(token: string): ParsedRequestToken | null {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, epochText, timestampText, nonce, signature] = parts as [string, string, string, string, string];
  if (!/^\d{1,12}$/.test(epochText) || !/^\d{1,16}$/.test(timestampText)) return null;
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  return { epoch: Number(epochText), timestamp: Number(timestampText), nonce, signature };
}

/** Constant-time comparison of two base64url strings. */
function equalSignatures(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type TokenCheck =
  | { ok: true; token: ParsedRequestToken }
  | { ok: false; code: 'REQUEST_TOKEN_INVALID' | 'REQUEST_TOKEN_EXPIRED' | 'REQUEST_KEY_EXPIRED' };

/**
 * Checks format, key epoch, timestamp window and signature. Nonce reuse is the caller's job
 * (it needs shared storage).
 */
export async function verifyRequestToken(
  serverSecret: Uint8Array,
  fingerprint: string,
  token: string,
  request: { method: string; pathAndQuery: string; body: string },
  now: number = Date.now(),
): Promise<TokenCheck> {
  const parsed = parseRequestToken(token);
  if (!parsed) return { ok: false, code: 'REQUEST_TOKEN_INVALID' };
  const currentEpoch = Math.floor(now / KEY_EPOCH_MS);
  if (parsed.epoch > currentEpoch || parsed.epoch < currentEpoch - 1) return { ok: false, code: 'REQUEST_KEY_EXPIRED' };
  if (Math.abs(now - parsed.timestamp) > TOKEN_WINDOW_MS) return { ok: false, code: 'REQUEST_TOKEN_EXPIRED' };
  const key = await deriveRequestKey(serverSecret, fingerprint, parsed.epoch);
  const expected = await hmac(fromBase64Url(key), canonicalRequest(request.method, request.pathAndQuery, parsed.timestamp, parsed.nonce, request.body));
  if (!equalSignatures(toBase64Url(expected), parsed.signature)) return { ok: false, code: 'REQUEST_TOKEN_INVALID' };
  return { ok: true, token: parsed };
}

/**
 * The key in a GET {api}/request-key answer (`{ data: { epoch, key } }`, the requestKeyResponse schema of
 * contract/requestKey.ts), or null when the answer has another shape. Plain code, so the client's first
 * load does not need zod.
 */
export function readRequestKeyResponse(body: unknown): RequestKey | null {
  const data: unknown = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null) return null;
  const { epoch, key } = data as { epoch?: unknown; key?: unknown };
  if (typeof epoch !== 'number' || !Number.isSafeInteger(epoch) || epoch < 0) return null;
  if (typeof key !== 'string' || key === '') return null;
  return { epoch, key };
}
