import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoCampaign } from '../testing/apiMock.ts';
import { fakeAccountServer, json } from '../testing/fakeAccountServer.ts';
import { ApiError } from './ApiError.ts';
import { callRoute, routePath } from './callRoute.ts';
import { fetchCampaign, recordVisit } from './campaigns.ts';
import type { ApiClient } from './createApiClient.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A client whose every method answers `body` and records what it was asked. */
function clientAnswering(body: unknown) {
  const calls: { method: string; path: string; options: unknown }[] = [];
  const answer = (method: string) => async (path: string, options?: unknown) => {
    calls.push({ method, path, options });
    return body as never;
  };
  const client = { baseUrl: '/api/v2', request: answer('request'), get: answer('GET'), post: answer('POST'), put: answer('PUT'), patch: answer('PATCH'), delete: answer('DELETE') } as ApiClient;
  return { client, calls };
}

describe('routePath', () => {
  it('fills every :param, URL-encoded, and refuses a missing one', () => {
    expect(routePath('/campaigns/:uri/access', { uri: 'a b/c' })).toBe('/campaigns/a%20b%2Fc/access');
    expect(routePath('/campaigns', undefined)).toBe('/campaigns');
    expect(() => routePath('/designs/:id', {})).toThrow('Missing path parameter "id"');
  });
});

describe('callRoute', () => {
  it('sends the method and path of the route key and resolves to the parsed answer', async () => {
    const { client, calls } = clientAnswering({ data: { counted: true, supportersCount: 3, extra: 'dropped' } });
    const result = await callRoute('POST /campaigns/:uri/supports', { params: { uri: 'demo' }, body: {} }, client);
    expect(result).toEqual({ data: { counted: true, supportersCount: 3 } });
    expect(calls).toEqual([{ method: 'POST', path: '/campaigns/demo/supports', options: { body: {} } }]);
  });

  it('refuses an answer of another shape with ApiError MALFORMED_RESPONSE naming the route and the field', async () => {
    const { client } = clientAnswering({ data: { counted: 'yes', supportersCount: 3 } });
    const refused = callRoute('POST /campaigns/:uri/supports', { params: { uri: 'demo' }, body: {} }, client);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: 'MALFORMED_RESPONSE', status: 200, message: expect.stringContaining('POST /campaigns/:uri/supports') });
    await expect(refused).rejects.toMatchObject({ message: expect.stringContaining('data.counted') });
  });

  it('refuses a body where the route answers 204, and an empty answer where it promises one', async () => {
    await expect(callRoute('POST /campaigns/:uri/visits', { params: { uri: 'demo' } }, clientAnswering({ ok: true }).client)).rejects.toMatchObject({ code: 'MALFORMED_RESPONSE' });
    await expect(callRoute('POST /campaigns/:uri/visits', { params: { uri: 'demo' } }, clientAnswering(undefined).client)).resolves.toBeUndefined();
    await expect(callRoute('GET /notice', {}, clientAnswering(undefined).client)).rejects.toMatchObject({ code: 'MALFORMED_RESPONSE' });
  });
});

describe('resource calls over the signed client', () => {
  it('a campaign answer that breaks the contract is refused, a right one is returned', async () => {
    const server = fakeAccountServer((call) =>
      call.url.pathname === '/api/v2/campaigns/demo-campaign' ? json({ data: demoCampaign }) : json({ data: { ...demoCampaign, frames: 'none' } }),
    );
    await expect(fetchCampaign('demo-campaign')).resolves.toEqual(demoCampaign);
    await expect(fetchCampaign('broken')).rejects.toMatchObject({ name: 'ApiError', code: 'MALFORMED_RESPONSE' });
    expect(server.to('/campaigns/broken')).toHaveLength(1);
  });

  it('server errors keep their code (the envelope), not a parse failure', async () => {
    fakeAccountServer(() => json({ message: 'No such campaign', code: 'NOT_FOUND' }, 404));
    await expect(recordVisit('gone')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'No such campaign' });
  });
});
