import { describe, expect, it } from 'vitest';
import { requestKeyResponse } from './requestKey.ts';
import { deriveRequestKey, KEY_EPOCH_MS, parseRequestToken, readRequestKeyResponse, signRequest, TOKEN_WINDOW_MS, verifyRequestToken } from './requestSignature.ts';

const secret = new TextEncoder().encode('test-secret-0123456789abcdef0123');
const request = { method: 'POST', pathAndQuery: '/api/v2/things?x=1', body: '{"a":1}' };
const now = 1_780_000_000_000;
const epoch = Math.floor(now / KEY_EPOCH_MS);

async function keyFor(fingerprint: string, e = epoch) {
  return { epoch: e, key: await deriveRequestKey(secret, fingerprint, e) };
}

describe('request signature', () => {
  it('accepts a token signed with the derived key', async () => {
    const token = await signRequest(await keyFor('fp-1'), request, now);
    const result = await verifyRequestToken(secret, 'fp-1', token, request, now + 1000);
    expect(result.ok).toBe(true);
  });

  it('refuses a token for another fingerprint, method, path or body', async () => {
    const token = await signRequest(await keyFor('fp-1'), request, now);
    expect((await verifyRequestToken(secret, 'fp-2', token, request, now)).ok).toBe(false);
    expect((await verifyRequestToken(secret, 'fp-1', token, { ...request, method: 'PUT' }, now)).ok).toBe(false);
    expect((await verifyRequestToken(secret, 'fp-1', token, { ...request, pathAndQuery: '/api/v2/things?x=2' }, now)).ok).toBe(false);
    expect((await verifyRequestToken(secret, 'fp-1', token, { ...request, body: '{"a":2}' }, now)).ok).toBe(false);
  });

  it('refuses tokens outside the time window and keys from old epochs', async () => {
    const token = await signRequest(await keyFor('fp-1'), request, now);
    expect(await verifyRequestToken(secret, 'fp-1', token, request, now + TOKEN_WINDOW_MS + 1)).toEqual({ ok: false, code: 'REQUEST_TOKEN_EXPIRED' });
    const old = await signRequest(await keyFor('fp-1', epoch - 2), request, now);
    expect(await verifyRequestToken(secret, 'fp-1', old, request, now)).toEqual({ ok: false, code: 'REQUEST_KEY_EXPIRED' });
  });

  it('refuses malformed tokens', async () => {
    for (const bad of ['', 'v1', 'v2.1.2.3.4', 'v1.x.1.abcdefghijklmnop.' + 'a'.repeat(43)]) {
      expect(parseRequestToken(bad)).toBeNull();
      expect((await verifyRequestToken(secret, 'fp-1', bad, request, now)).ok).toBe(false);
    }
  });

  it('uses a fresh nonce per call', async () => {
    const key = await keyFor('fp-1');
    const a = parseRequestToken(await signRequest(key, request, now));
    const b = parseRequestToken(await signRequest(key, request, now));
    expect(a?.nonce).not.toEqual(b?.nonce);
  });
});

describe('readRequestKeyResponse', () => {
  it('reads a well-formed answer, dropping extra fields', () => {
    expect(readRequestKeyResponse({ data: { epoch: 20_600, key: 'abc', extra: 1 }, more: true })).toEqual({ epoch: 20_600, key: 'abc' });
  });

  it('accepts exactly what the requestKeyResponse schema accepts', () => {
    const answers: unknown[] = [
      { data: { epoch: 0, key: 'k' } },
      { data: { epoch: 1.5, key: 'k' } },
      { data: { epoch: -1, key: 'k' } },
      { data: { epoch: Number.MAX_SAFE_INTEGER + 2, key: 'k' } },
      { data: { epoch: Number.POSITIVE_INFINITY, key: 'k' } },
      { data: { epoch: Number.NaN, key: 'k' } },
      { data: { epoch: '3', key: 'k' } },
      { data: { epoch: 3, key: '' } },
      { data: { epoch: 3, key: 7 } },
      { data: { epoch: 3 } },
      { data: null },
      { data: [] },
      { epoch: 3, key: 'k' },
      null,
      'text',
      [],
    ];
    for (const answer of answers) {
      const schema = requestKeyResponse.safeParse(answer);
      expect(readRequestKeyResponse(answer), JSON.stringify(answer)).toEqual(schema.success ? schema.data.data : null);
    }
  });
});
