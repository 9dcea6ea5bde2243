import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/ApiError.ts';
import { fetchGeneralPreference, lookupIpCountry, refreshToken, saveGeneralPreference } from './accountApi.ts';
import { TOKEN_STORAGE_KEY, accountDefaults, useAccountStore } from './accountStore.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), patch: vi.fn() }));
vi.mock(import('../lib/api/index.ts'), async (original) => ({ ...(await original()), apiV2: api as never }));

const notFound = () => new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
const serverError = () => new ApiError({ status: 500, code: 'INTERNAL', message: 'boom' });

beforeEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
  useAccountStore.setState(accountDefaults());
});

describe('account-layer calls (404 tolerant)', () => {
  it('lookupIpCountry reads data.country', async () => {
    api.get.mockResolvedValue({ data: { country: 'SG' } });
    await expect(lookupIpCountry()).resolves.toBe('SG');
    expect(api.get).toHaveBeenCalledWith('/ip/lookup');
  });

  it('lookupIpCountry answers null while the endpoint is missing', async () => {
    api.get.mockRejectedValue(notFound());
    await expect(lookupIpCountry()).resolves.toBeNull();
  });

  it('other failures are thrown so the caller falls back to WW', async () => {
    api.get.mockRejectedValue(serverError());
    await expect(lookupIpCountry()).rejects.toThrow('boom');
  });

  it('refreshToken stores the new token and the profile flags', async () => {
    api.post.mockResolvedValue({ data: { idToken: 'tok', profile: { flag: { suspended: true, appealStatus: 'PENDING', suspendedAt: 42 }, emailUpdate: null } } });
    await refreshToken();
    expect(api.post).toHaveBeenCalledWith('/account/auth/refresh', { body: { profile: true, isMobile: false } });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
    expect(useAccountStore.getState()).toMatchObject({ isSuspended: true, appealStatus: 'PENDING', suspendedAt: 42 });
  });

  it('refreshToken keeps defaults on 404', async () => {
    api.post.mockRejectedValue(notFound());
    await refreshToken();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(useAccountStore.getState().appealStatus).toBe('NOT_YET');
  });

  it('fetchGeneralPreference reads generalPreference, null on 404', async () => {
    api.get.mockResolvedValueOnce({ data: { generalPreference: { country: 'ID', language: 'id' } } });
    await expect(fetchGeneralPreference()).resolves.toEqual({ country: 'ID', language: 'id' });
    api.get.mockRejectedValueOnce(notFound());
    await expect(fetchGeneralPreference()).resolves.toBeNull();
  });

  it('saveGeneralPreference sends only the fields that are set', async () => {
    api.patch.mockResolvedValue(undefined);
    await saveGeneralPreference({ country: 'ID', language: '' });
    expect(api.patch).toHaveBeenCalledWith('/account/preference/update', { body: { type: 'general', country: 'ID' } });
    api.patch.mockRejectedValue(notFound());
    await expect(saveGeneralPreference({ country: 'ID', language: 'id' })).resolves.toBeUndefined();
  });
});
