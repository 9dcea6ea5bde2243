import { describe, expect, it } from 'vitest';
import { referrerHost } from './referrerHost.ts';

describe('referrerHost', () => {
  const own = ['bingkai.test', 'localhost'];
  it('keeps only the lower-cased host of a web or app referrer', () => {
    expect(referrerHost('https://WWW.Facebook.com/some/path?fbclid=secret#x', own)).toBe('www.facebook.com');
    expect(referrerHost('http://l.instagram.com.', own)).toBe('l.instagram.com');
    expect(referrerHost('android-app://com.google.android.gm/', own)).toBe('com.google.android.gm');
    expect(referrerHost('https://user:pass@example.org:8443/a', own)).toBe('example.org');
  });
  it('is null for direct visits, this site and what is not a page URL', () => {
    for (const value of [undefined, '', '   ', 'not a url', 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'https://bingkai.test/merdeka', 'http://LOCALHOST:5173/x']) {
      expect(referrerHost(value, own), String(value)).toBeNull();
    }
  });
});
