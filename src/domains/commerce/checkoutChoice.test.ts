import { describe, expect, it } from 'vitest';
import { checkoutPath, parseCheckoutChoice, parseOrderId } from './checkoutChoice.ts';
import { durianpayScriptUrl } from './durianpayCheckout.ts';
import { yearlySaving } from './planSaving.ts';
import { pricingPathFor } from './pricingLinks.ts';

describe('checkout choice', () => {
  it('reads plan, period and currency from the URL, and writes them back', () => {
    const parsed = parseCheckoutChoice(new URLSearchParams('plan=creator&period=yearly&currency=idr'));
    expect(parsed).toEqual({ ok: true, choice: { tier: 'creator', period: 'yearly', currency: 'IDR' } });
    expect(parsed.ok && checkoutPath(parsed.choice)).toBe('/checkout?plan=creator&period=yearly&currency=IDR');
  });

  it('names every parameter that is missing or wrong', () => {
    expect(parseCheckoutChoice(new URLSearchParams('plan=free&currency=EUR'))).toEqual({ ok: false, invalid: ['plan', 'period', 'currency'] });
    expect(parseCheckoutChoice(new URLSearchParams('plan=supporter&period=weekly&currency=USD'))).toEqual({ ok: false, invalid: ['period'] });
  });

  it('takes only UUIDs as order ids', () => {
    expect(parseOrderId('0B7C4B1E-3F1A-4C55-9D7E-2F6A1D2C3B4A')).toBe('0b7c4b1e-3f1a-4c55-9d7e-2f6a1d2c3b4a');
    expect(parseOrderId('order-1')).toBeNull();
    expect(parseOrderId(undefined)).toBeNull();
  });
});

describe('plan locks and savings', () => {
  it('sends each lock to the cheapest tier that lifts it, preselected', () => {
    expect(pricingPathFor('noWatermark')).toBe('/pricing/supporters?plan=supporter');
    expect(pricingPathFor('severalFrames')).toBe('/pricing/creators?plan=creator');
    expect(pricingPathFor('restrictedVisibility')).toBe('/pricing/creators?plan=creator');
  });

  it('computes the yearly saving from the catalog', () => {
    // 12 × 2.99 = 35.88 against 29.90.
    expect(yearlySaving('supporter', 'USD')).toEqual({ amount: 598, percent: 17 });
    expect(yearlySaving('creator', 'IDR').amount).toBe(12 * 14_900_000 - 149_000_000);
  });
});

describe('DurianPay script URL', () => {
  it('is version 0.1.55, the sandbox build on staging or development hosts or for a sandbox order', () => {
    expect(durianpayScriptUrl(false, 'bingkai.app')).toBe('https://js.durianpay.id/0.1.55/durianpay.min.js');
    for (const host of ['staging.bingkai.app', 'bingkai-staging.example', 'dev.bingkai.app', 'localhost', '127.0.0.1']) {
      expect(durianpayScriptUrl(false, host)).toBe('https://js.durianpay.id/sandbox/0.1.55/durianpay.min.js');
    }
    expect(durianpayScriptUrl(true, 'bingkai.app')).toBe('https://js.durianpay.id/sandbox/0.1.55/durianpay.min.js');
    expect(durianpayScriptUrl(false, 'devotion.example')).toBe('https://js.durianpay.id/0.1.55/durianpay.min.js');
  });
});
