import { describe, expect, it } from 'vitest';
import { findOffer } from '../../contract/plan.ts';
import { formatMoney } from './formatMoney.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('formats USD cents in English with two decimals', () => {
    expect(formatMoney(findOffer('supporter', 'monthly').prices.USD, 'USD', 'en')).toBe('$2.99');
    expect(formatMoney(findOffer('supporter', 'yearly').prices.USD, 'USD', 'en')).toBe('$29.90');
  });

  it('formats whole rupiah in Indonesian without decimals, from minor units', () => {
    expect(plain(formatMoney(findOffer('supporter', 'monthly').prices.IDR, 'IDR', 'id'))).toBe('Rp 49.000');
    expect(plain(formatMoney(149_000_000, 'IDR', 'id'))).toBe('Rp 1.490.000');
  });

  it('keeps the sen of a rupiah amount that is not whole', () => {
    expect(plain(formatMoney(4_900_050, 'IDR', 'id'))).toBe('Rp 49.000,50');
  });

  it('follows the page language, not the currency', () => {
    expect(plain(formatMoney(299, 'USD', 'id'))).toBe('US$2,99');
    expect(plain(formatMoney(4_900_000, 'IDR', 'en'))).toBe('IDR 49,000');
  });
});
