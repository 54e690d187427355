import type { InitOptions } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES } from '../../contract/enums';

/** Language detection exactly as spec §1 lists it. */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  // The cookie is cached as well as local storage so the server-rendered
  // built-in sign-in page can answer in the same language. Without
  // cookieMinutes it is a session cookie; it is written again on every app
  // start from the local-storage choice.
  caches: ['localStorage', 'cookie'],
  cookieOptions: { path: '/', sameSite: 'strict' },
};

/**
 * A browser whose languages we do not support gets German (`default`, ADR
 * 0004). A supported language falls back to nothing: the locale tests make
 * sure all four files have every key, and a fallback would make i18next load
 * the German file beside every other language before the first render
 * (12 kB on the critical path, docs/performance.md).
 */
function fallbackLanguages(): Record<string, readonly string[]> {
  return { default: [FALLBACK_LANGUAGE], ...Object.fromEntries(LANGUAGES.map((language) => [language, []])) };
}

export const backendOptions: HttpBackendOptions = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
};

export const i18nOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: fallbackLanguages(),
  ns: ['translation'],
  defaultNS: 'translation',
  // Spec §1: up to 10 parallel reads, 5 retries, first retry after 350 ms (i18next doubles it each time).
  maxParallelReads: 10,
  maxRetries: 5,
  retryTimeout: 350,
  // React already escapes text it renders.
  interpolation: { escapeValue: false },
  detection: detectionOptions,
  backend: backendOptions,
};
