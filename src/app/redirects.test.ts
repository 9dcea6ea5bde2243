import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { REDIRECT_ROUTES, redirectTarget } from './redirects.ts';

function resolve(pathname: string): string | undefined {
  for (const route of REDIRECT_ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match) return route.to(match.params);
  }
  return undefined;
}

describe('redirect table (seed §2)', () => {
  it.each([
    ['/billing', '/profile/profile-settings?tab=billing'],
    ['/reset-password/T-123', '/reset-password?ticket=T-123'],
    ['/donation-success/save-the-reef', '/save-the-reef?action=donation'],
    ['/nowatermark-success/save-the-reef', '/save-the-reef?action=nowatermark'],
    ['/nowatermark-success-support/save-the-reef', '/save-the-reef/support?action=nowatermark&support=1'],
  ])('%s → %s', (from, to) => {
    expect(resolve(from)).toBe(to);
  });

  it('encodes parameters so they cannot inject a path or query', () => {
    const to = (path: string, params: Record<string, string>) => REDIRECT_ROUTES.find((r) => r.path === path)?.to(params);
    expect(to('/reset-password/:ticketId', { ticketId: 'a&b=c' })).toBe('/reset-password?ticket=a%26b%3Dc');
    expect(to('/donation-success/:uri', { uri: 'x?y/z' })).toBe('/x%3Fy%2Fz?action=donation');
  });

  it('keeps the order of a no-watermark payment return, and nothing else', () => {
    const route = (path: string) => REDIRECT_ROUTES.find((r) => r.path === path)!;
    const search = new URLSearchParams('order=6f1c2d3e-4b5a&x=1');
    expect(redirectTarget(route('/nowatermark-success-support/:uri'), { uri: 'reef' }, search)).toBe('/reef/support?action=nowatermark&support=1&order=6f1c2d3e-4b5a');
    expect(redirectTarget(route('/nowatermark-success/:uri'), { uri: 'reef' }, search)).toBe('/reef?action=nowatermark&order=6f1c2d3e-4b5a');
    expect(redirectTarget(route('/nowatermark-success/:uri'), { uri: 'reef' }, new URLSearchParams())).toBe('/reef?action=nowatermark');
    expect(redirectTarget(route('/billing'), {}, search)).toBe('/profile/profile-settings?tab=billing');
  });

  it('leaves /reset-password itself alone', () => {
    expect(resolve('/reset-password')).toBeUndefined();
  });
});
