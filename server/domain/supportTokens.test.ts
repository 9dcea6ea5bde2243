import { describe, expect, it } from 'vitest';
import { MemoryHitCounter } from '../infra/hitCounter.ts';
import { SUPPORT_TOKEN_TTL_MS, SUPPORT_TOKEN_USES, SupportTokens } from './supportTokens.ts';

const secret = new TextEncoder().encode('support-token-test-secret-0123456789');

describe('SupportTokens', () => {
  it('accepts a token for its campaign and fingerprint a bounded number of times', async () => {
    const tokens = new SupportTokens(new MemoryHitCounter(), secret);
    const { token, expiresInSeconds } = tokens.issue('campaign-a', 'fp-1');
    expect(expiresInSeconds).toBe(SUPPORT_TOKEN_TTL_MS / 1000);
    expect(await tokens.accepts('campaign-b', 'fp-1', token)).toBe(false);
    expect(await tokens.accepts('campaign-a', 'fp-2', token)).toBe(false);
    for (let use = 0; use < SUPPORT_TOKEN_USES; use++) expect(await tokens.accepts('campaign-a', 'fp-1', token)).toBe(true);
    expect(await tokens.accepts('campaign-a', 'fp-1', token)).toBe(false);
    // Another token of the same page has its own uses.
    expect(await tokens.accepts('campaign-a', 'fp-1', tokens.issue('campaign-a', 'fp-1').token)).toBe(true);
  });

  it('refuses a token past its lifetime, one from the future, another key, and tampered text', async () => {
    let now = 1_800_000_000_000;
    const hits = new MemoryHitCounter(() => now);
    const tokens = new SupportTokens(hits, secret, () => now);
    const { token } = tokens.issue('campaign-a', 'fp-1');
    now += SUPPORT_TOKEN_TTL_MS;
    expect(await tokens.accepts('campaign-a', 'fp-1', token)).toBe(true);
    now += 1;
    expect(await tokens.accepts('campaign-a', 'fp-1', token)).toBe(false);
    const early = new SupportTokens(hits, secret, () => now + 5 * 60_000).issue('campaign-a', 'fp-1').token;
    expect(await tokens.accepts('campaign-a', 'fp-1', early)).toBe(false);
    const foreign = new SupportTokens(hits, new TextEncoder().encode('another-secret-another-secret-0123'), () => now).issue('campaign-a', 'fp-1').token;
    expect(await tokens.accepts('campaign-a', 'fp-1', foreign)).toBe(false);
    const fresh = tokens.issue('campaign-a', 'fp-1').token;
    const [issuedAt, nonce, mac] = fresh.split('.');
    for (const tampered of [`${(Number.parseInt(issuedAt!, 36) + 1).toString(36)}.${nonce}.${mac}`, `${issuedAt}.x${nonce}.${mac}`, `${issuedAt}.${nonce}.${mac}.extra`, `${issuedAt}.${nonce}`, '', '..']) {
      expect(await tokens.accepts('campaign-a', 'fp-1', tampered), tampered).toBe(false);
    }
    expect(await tokens.accepts('campaign-a', 'fp-1', fresh)).toBe(true);
  });
});
