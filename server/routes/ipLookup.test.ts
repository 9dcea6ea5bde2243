import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/errorEnvelope.ts';
import { ipLookupResponse } from '../../contract/ipLookup.ts';
import { FINGERPRINT_HEADER, REQUEST_TOKEN_HEADER, signRequest } from '../../contract/requestSignature.ts';
import { createTestApp, drivers, fetchRequestKey, signedInject, type TestApp } from '../testing/testApp.ts';

const url = '/api/v2/ip/lookup';

describe.each(drivers)('ip lookup route (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('answers WW for a loopback caller', async () => {
    const response = await signedInject(t.app, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(ipLookupResponse.parse(response.json())).toEqual({ data: { country: 'WW' } });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('looks up the socket address of a public caller', async () => {
    const key = await fetchRequestKey(t.app, 'fp-public');
    const token = await signRequest(key, { method: 'GET', pathAndQuery: url, body: '' });
    const response = await t.app.inject({ method: 'GET', url, remoteAddress: '36.64.0.1', headers: { [FINGERPRINT_HEADER]: 'fp-public', [REQUEST_TOKEN_HEADER]: token } });
    expect(response.statusCode).toBe(200);
    expect(ipLookupResponse.parse(response.json())).toEqual({ data: { country: 'ID' } });
  });

  it('ignores x-forwarded-for when trust proxy is off', async () => {
    const response = await signedInject(t.app, { method: 'GET', url, headers: { 'x-forwarded-for': '36.64.0.1' } });
    expect(response.statusCode).toBe(200);
    expect(ipLookupResponse.parse(response.json()).data.country).toBe('WW');
  });

  it('refuses unsigned requests', async () => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(errorEnvelope.parse(response.json()).code).toBe('FINGERPRINT_MISSING');
    const noToken = await t.app.inject({ method: 'GET', url, headers: { 'x-fingerprint': 'fp-1' } });
    expect(noToken.statusCode).toBe(401);
    expect(errorEnvelope.parse(noToken.json()).code).toBe('REQUEST_TOKEN_MISSING');
  });
});

describe('ip lookup route behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { trustProxy: ['loopback'] });
  });
  afterAll(() => t.close());

  it('looks up the client address from x-forwarded-for', async () => {
    const indonesian = await signedInject(t.app, { method: 'GET', url, headers: { 'x-forwarded-for': '36.64.0.1' } });
    expect(indonesian.statusCode).toBe(200);
    expect(ipLookupResponse.parse(indonesian.json()).data.country).toBe('ID');
    // Only the loopback proxy is trusted: a client cannot spoof its address by prepending hops.
    const spoofed = await signedInject(t.app, { method: 'GET', url, headers: { 'x-forwarded-for': '8.8.8.8, 36.64.0.1' } });
    expect(ipLookupResponse.parse(spoofed.json()).data.country).toBe('ID');
    const garbage = await signedInject(t.app, { method: 'GET', url, headers: { 'x-forwarded-for': 'not-an-ip' } });
    expect(garbage.statusCode).toBe(200);
    expect(ipLookupResponse.parse(garbage.json()).data.country).toBe('WW');
  });
});
