import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountServer, json, type Call } from '../testing/fakeAccountServer.ts';
import { countSupport, prepareSupport } from './campaignSupports.ts';
import { storeAccessCode } from './campaigns.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const FRAME = '7d1f2c1e-8a4b-4c3d-9e5f-0a1b2c3d4e5f';

/** The server's two support routes; `tokens` answers the token route, one entry per call (its last one after). */
function supportServer(uri: string, tokens: Array<() => Response>) {
  let issued = 0;
  return fakeAccountServer((call: Call) => {
    if (call.url.pathname === `/api/v2/campaigns/${uri}/support-token`) return tokens[Math.min(issued++, tokens.length - 1)]!();
    if (call.url.pathname === `/api/v2/campaigns/${uri}/supports`) return json({ data: { counted: true, supportersCount: 7 } });
    return json({ message: 'No such route', code: 'NOT_FOUND' }, 404);
  });
}

const token = (value: string, expiresInSeconds = 7200) => () => json({ data: { token: value, expiresInSeconds } });

describe('countSupport', () => {
  it('posts the page token fetched when the support page opened, without fetching another', async () => {
    const server = supportServer('opened', [token('tok-opened'), token('tok-second')]);
    prepareSupport('opened');
    await vi.waitFor(() => expect(server.to('/campaigns/opened/support-token')).toHaveLength(1));
    await expect(countSupport('opened', FRAME)).resolves.toEqual({ counted: true, supportersCount: 7 });
    expect(server.to('/campaigns/opened/support-token')).toHaveLength(1);
    expect(server.to('/campaigns/opened/supports').map((call) => call.json)).toEqual([{ frameId: FRAME, pageToken: 'tok-opened' }]);
  });

  it('fetches a fresh token when the one held is about to expire, or its fetch failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = supportServer('stale', [token('tok-stale', 30), () => json({ message: 'Down', code: 'INTERNAL' }, 500), token('tok-fresh')]);
    prepareSupport('stale');
    await vi.waitFor(() => expect(server.to('/campaigns/stale/support-token')).toHaveLength(1));
    // Within a minute of its expiry: replaced, here by a failing fetch, so this support goes without one.
    await countSupport('stale', FRAME);
    await countSupport('stale');
    expect(server.to('/campaigns/stale/supports').map((call) => call.json)).toEqual([{ frameId: FRAME }, { pageToken: 'tok-fresh' }]);
    expect(warn).toHaveBeenCalledWith('No support page token', expect.anything());
  });

  it('asks for the token of a private campaign with its access code', async () => {
    storeAccessCode('members', 'Kode-Rahasia');
    const server = supportServer('members', [token('tok-members')]);
    await countSupport('members');
    expect(server.to('/campaigns/members/support-token')[0]?.headers.get('x-campaign-access')).toBe('Kode-Rahasia');
    expect(server.to('/campaigns/members/supports')[0]?.headers.get('x-campaign-access')).toBe('Kode-Rahasia');
  });
});
