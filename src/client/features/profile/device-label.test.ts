import { describe, expect, it } from 'vitest';
import { getDeviceKind, isMobileUserAgent } from './device-label';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeLinuxHeadless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/131.0.0.0 Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
  unnamedBrowser: 'Mozilla/5.0 (X11; Linux x86_64; rv:1.9) Gecko/2008 SomeBrowser/1.0',
  script: 'curl/8.5.0',
  demoData: 'Lendloop demo data (npm run seed)',
};

describe('getDeviceKind', () => {
  it.each([
    [UA.chromeWindows, 'chrome'],
    [UA.chromeLinuxHeadless, 'chrome'],
    [UA.chromium, 'chrome'],
    [UA.firefoxMac, 'firefox'],
    [UA.safariMac, 'safari'],
    // Edge and Opera say "Chrome/" too; they are not Chrome.
    [UA.edgeWindows, 'desktop'],
    [UA.operaWindows, 'desktop'],
    [UA.unnamedBrowser, 'desktop'],
    // On a phone or tablet the device wins over the browser's name.
    [UA.chromeAndroid, 'mobile'],
    [UA.androidTablet, 'mobile'],
    [UA.safariIphone, 'mobile'],
    [UA.firefoxIphone, 'mobile'],
    [UA.ipad, 'mobile'],
    [UA.script, 'unknown'],
    [UA.demoData, 'unknown'],
    ['', 'unknown'],
    ['   ', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%j → %s', (userAgent, expected) => {
    expect(getDeviceKind(userAgent)).toBe(expected);
  });
});

describe('isMobileUserAgent', () => {
  it('is true for Mobile, Android, iPhone and iPad, false for desktops and nothing', () => {
    expect(isMobileUserAgent(UA.chromeAndroid)).toBe(true);
    expect(isMobileUserAgent(UA.androidTablet)).toBe(true);
    expect(isMobileUserAgent(UA.safariIphone)).toBe(true);
    expect(isMobileUserAgent(UA.ipad)).toBe(true);
    expect(isMobileUserAgent(UA.chromeWindows)).toBe(false);
    expect(isMobileUserAgent(UA.safariMac)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });
});
