import { describe, expect, it } from 'vitest';
import { visitReferrer } from './visitReferrer.ts';

describe('visitReferrer', () => {
  it('is the document referrer when the campaign page is the landing page', () => {
    expect(visitReferrer('/merdeka', 'https://bingkai.test/merdeka?utm=x', 'https://www.facebook.com/')).toBe('https://www.facebook.com/');
  });
  it('is none after an in-app navigation, without a referrer or a landing entry', () => {
    expect(visitReferrer('/merdeka', 'https://bingkai.test/explore', 'https://www.facebook.com/')).toBeUndefined();
    expect(visitReferrer('/merdeka', 'https://bingkai.test/merdeka', '')).toBeUndefined();
    expect(visitReferrer('/merdeka', undefined, 'https://t.co/')).toBeUndefined();
  });
});
