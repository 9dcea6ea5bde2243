import { describe, expect, it } from 'vitest';
import { holdsNul } from './refuseNulText.ts';
import { createTestApp, signedInject } from '../testing/testApp.ts';

describe('refuseNulText', () => {
  it('finds a NUL in nested strings and keys, also in very deep JSON', () => {
    expect(holdsNul({ a: ['x', { b: 'ok' }] })).toBe(false);
    expect(holdsNul({ a: ['x', { b: 'a\0b' }] })).toBe(true);
    expect(holdsNul({ 'k\0': 1 })).toBe(true);
    let deep: unknown = 'a\0';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
  });

  it('answers 400 to a page view whose referrer holds a NUL, and 204 to the same without it', async () => {
    const t = await createTestApp('pglite');
    try {
      const body = JSON.stringify({ path: '/', routeName: 'home', referrer: 'a\u0000b' });
      const refused = await signedInject(t.app, { method: 'POST', url: '/api/v2/analytics/page-view', body, headers: { 'content-type': 'application/json' } });
      expect(refused.statusCode).toBe(400);
      const ok = await signedInject(t.app, { method: 'POST', url: '/api/v2/analytics/page-view', body: JSON.stringify({ path: '/', routeName: 'home', referrer: 'ab' }), headers: { 'content-type': 'application/json' } });
      expect(ok.statusCode).toBe(204);
    } finally {
      await t.close();
    }
  });
});
