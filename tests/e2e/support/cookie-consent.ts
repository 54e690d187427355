/** Local-storage key and value shapes of the cookie choice (src/client/features/cookie-consent). */
export const COOKIE_CONSENT_STORAGE_KEY = 'lendloop.cookieConsent';

export type CookieConsentPreset = 'unset' | 'essential-only';

export const ESSENTIAL_ONLY_CONSENT = JSON.stringify({
  essential: true,
  functional: false,
  analytics: false,
  decidedAt: '2026-01-01T00:00:00.000Z',
});
