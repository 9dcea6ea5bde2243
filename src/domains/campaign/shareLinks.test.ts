import { describe, expect, it } from 'vitest';
import { shareIntentUrl, shareNetworks } from './shareLinks.ts';

describe('shareIntentUrl', () => {
  const url = 'https://bingkai.app/hari-guru?x=1&y=2';
  const text = 'Hari Guru & kamu';

  it('points every network at its share intent with the link encoded', () => {
    const hosts = shareNetworks.map((network) => new URL(shareIntentUrl(network, url, text)).host);
    expect(hosts).toEqual(['wa.me', 'www.facebook.com', 'x.com', 't.me']);
  });

  it('keeps the link intact through encoding', () => {
    expect(new URL(shareIntentUrl('facebook', url, text)).searchParams.get('u')).toBe(url);
    expect(new URL(shareIntentUrl('telegram', url, text)).searchParams.get('url')).toBe(url);
    expect(new URL(shareIntentUrl('x', url, text)).searchParams.get('text')).toBe(text);
    expect(new URL(shareIntentUrl('whatsapp', url, text)).searchParams.get('text')).toBe(`${text} ${url}`);
  });
});
