import { FINGERPRINT_HEADER, REQUEST_KEY_PATH, REQUEST_TOKEN_HEADER, readRequestKeyResponse, signRequest, type RequestKey } from '../../contract/requestSignature.ts';

export interface SignedFetchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query under the origin, e.g. /api/v2/notice. */
  url: string;
  body?: unknown;
  fingerprint?: string;
  headers?: Record<string, string>;
}

/** A signing key for the fingerprint from a listening server's /request-key. */
export async function fetchRequestKeyOver(origin: string, fingerprint: string): Promise<RequestKey> {
  const response = await fetch(`${origin}/api/v2${REQUEST_KEY_PATH}`, { headers: { [FINGERPRINT_HEADER]: fingerprint } });
  const key = readRequestKeyResponse(await response.json());
  if (!key) throw new Error(`request-key answered ${response.status}`);
  return key;
}

/** signedInject (testApp.ts) over real HTTP, for a server in another process: signed like the client signs. */
export async function signedFetch(origin: string, request: SignedFetchRequest, key?: RequestKey): Promise<Response> {
  const fingerprint = request.fingerprint ?? 'test-fingerprint';
  const signingKey = key ?? (await fetchRequestKeyOver(origin, fingerprint));
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const token = await signRequest(signingKey, { method: request.method, pathAndQuery: request.url, body });
  return fetch(`${origin}${request.url}`, {
    method: request.method,
    headers: { [FINGERPRINT_HEADER]: fingerprint, [REQUEST_TOKEN_HEADER]: token, ...(body ? { 'content-type': 'application/json' } : {}), ...request.headers },
    ...(body ? { body } : {}),
  });
}
