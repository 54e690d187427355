/**
 * What the Account Activity tab calls the device of a sign-in (spec §2):
 * one of six labels, read from the browser's user agent string.
 *
 * Precedence, first match wins:
 * 1. no user agent at all → unknown;
 * 2. "Mobile", "Android", "iPhone" or "iPad" → mobile: on a phone the device
 *    says more than the browser (nearly every phone browser also claims
 *    "Safari" or "Chrome", so the browser name would hide that it was a phone);
 * 3. Firefox ("Firefox/", "FxiOS/") → firefox;
 * 4. Edge and Opera ("Edg/", "OPR/") carry "Chrome/" too but are not Chrome:
 *    they fall through to the generic desktop label;
 * 5. "Chrome/", "Chromium/" or "CriOS/" → chrome;
 * 6. "Safari/" (without a Chrome token, checked above) → safari;
 * 7. any other "Mozilla/…" string (a browser we do not name) → desktop;
 * 8. anything else (a script, the demo data) → unknown.
 */
export type DeviceKind = 'chrome' | 'firefox' | 'safari' | 'mobile' | 'desktop' | 'unknown';

const MOBILE = /Mobile|Android|iPhone|iPad/;
const FIREFOX = /Firefox\/|FxiOS\//;
const OTHER_CHROMIUM = /Edg(e|A|iOS)?\/|OPR\//;
const CHROME = /Chrome\/|Chromium\/|CriOS\//;
const SAFARI = /Safari\//;
const BROWSER = /^Mozilla\//;

export function getDeviceKind(userAgent: string | null | undefined): DeviceKind {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'unknown';
  if (MOBILE.test(ua)) return 'mobile';
  if (FIREFOX.test(ua)) return 'firefox';
  if (OTHER_CHROMIUM.test(ua)) return 'desktop';
  if (CHROME.test(ua)) return 'chrome';
  if (SAFARI.test(ua)) return 'safari';
  if (BROWSER.test(ua)) return 'desktop';
  return 'unknown';
}

/**
 * The phone icon goes with the words spec §2 names (Mobile, Android,
 * iPhone); iPad too, since it is held like one. Same rule as the label.
 */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE.test(userAgent ?? '');
}

/** The translation key of each label. */
export const DEVICE_LABEL_KEYS: Record<DeviceKind, string> = {
  chrome: 'profile.activity.device.chrome',
  firefox: 'profile.activity.device.firefox',
  safari: 'profile.activity.device.safari',
  mobile: 'profile.activity.device.mobile',
  desktop: 'profile.activity.device.desktop',
  unknown: 'profile.activity.device.unknown',
};
