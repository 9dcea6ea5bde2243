import { describe, expect, it } from 'vitest';
import { chooseSaveMethod, isInAppBrowser, type SaveContext } from './saveMethod.ts';

const UA = {
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  instagram: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98',
  facebookIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.38.109;FBBV/600000000]',
  facebookAndroid: 'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/480.0.0.50.95;]',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0',
  tiktok: 'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 musical_ly_2023405050 BytedanceWebview/d8a21c6',
  whatsapp: 'Mozilla/5.0 (Linux; Android 13; M2101K6G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 WhatsApp/2.24.1.6',
};

describe('isInAppBrowser', () => {
  it.each([['instagram'], ['facebookIos'], ['facebookAndroid'], ['line'], ['tiktok'], ['whatsapp']] as const)('recognises %s', (name) => {
    expect(isInAppBrowser(UA[name])).toBe(true);
  });

  it.each([['chromeDesktop'], ['safariIphone'], ['chromeAndroid']] as const)('leaves the regular browser %s alone', (name) => {
    expect(isInAppBrowser(UA[name])).toBe(false);
  });
});

describe('chooseSaveMethod', () => {
  const base: SaveContext = { userAgent: UA.chromeAndroid, downloadSupported: true, canShareFiles: true, downloadFailed: false, shareFailed: false };

  it('downloads in a regular browser', () => {
    expect(chooseSaveMethod(base)).toBe('download');
  });

  it('shares the file in an in-app browser that can share files', () => {
    expect(chooseSaveMethod({ ...base, userAgent: UA.instagram })).toBe('share');
  });

  it('falls back to sharing when the download failed or is unsupported', () => {
    expect(chooseSaveMethod({ ...base, downloadFailed: true })).toBe('share');
    expect(chooseSaveMethod({ ...base, downloadSupported: false })).toBe('share');
  });

  it('shows the long-press image when files cannot be shared', () => {
    expect(chooseSaveMethod({ ...base, userAgent: UA.line, canShareFiles: false })).toBe('long-press');
    expect(chooseSaveMethod({ ...base, downloadFailed: true, canShareFiles: false })).toBe('long-press');
  });

  it('shows the long-press image when the share sheet failed', () => {
    expect(chooseSaveMethod({ ...base, userAgent: UA.tiktok, shareFailed: true })).toBe('long-press');
  });
});
