import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_LANGUAGE } from '../../contract/enums';
import { mockFetch } from '../testing/mock-fetch';
import { detectionOptions, i18nOptions } from './config';
import { initI18n } from './i18n';
import { getFormattingLocale } from './use-date-formatters';

const LOCALES_DIR = join(process.cwd(), 'public', 'locales');

/** Serves /locales/{lng}/{ns}.json from public/locales, like the real server. */
function serveLocales() {
  const routes: Record<string, { body: string }> = {};
  for (const language of ['en', 'de', 'fr', 'it']) {
    routes[`/locales/${language}/translation.json`] = {
      body: readFileSync(join(LOCALES_DIR, language, 'translation.json'), 'utf8'),
    };
  }
  return mockFetch(routes);
}

function setUrl(search: string) {
  window.history.replaceState(null, '', `/${search}`);
}

describe('i18n configuration (spec §1)', () => {
  it('detects in the spec order with the spec keys and caches to local storage and cookie', () => {
    expect(detectionOptions).toEqual({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      lookupSessionStorage: 'i18nextLng',
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'strict' },
    });
  });

  it('supports en/de/fr/it, falls back to German and limits backend reads as specified', () => {
    expect(i18nOptions).toMatchObject({
      supportedLngs: ['en', 'de', 'fr', 'it'],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: { default: [FALLBACK_LANGUAGE], en: [], de: [], fr: [], it: [] },
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    });
    expect(FALLBACK_LANGUAGE).toBe('de');
  });
});

describe('initI18n in the browser', () => {
  afterEach(() => {
    setUrl('');
  });

  it('takes ?lng= first, loads the file over HTTP, sets <html lang> and caches the choice', async () => {
    const fetchMock = serveLocales();
    setUrl('?lng=fr');
    const i18n = await initI18n();
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(i18n.t('common.signIn')).toBe('Se connecter');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
    expect(document.cookie).toContain('i18next=fr');
    const urls = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(urls).toContain('/locales/fr/translation.json');
    // A supported language needs no fallback file on the first screen.
    expect(urls).not.toContain('/locales/de/translation.json');
  });

  it('prefers the cookie over local storage, and a regional code maps to its language', async () => {
    serveLocales();
    document.cookie = 'i18next=it-CH; path=/';
    localStorage.setItem('i18nextLng', 'de');
    const i18n = await initI18n();
    expect(i18n.resolvedLanguage).toBe('it');
    expect(i18n.t('common.signIn')).toBe('Accedi');
  });

  it('switching the language updates <html lang> and persists it for the next start', async () => {
    serveLocales();
    localStorage.setItem('i18nextLng', 'en');
    const first = await initI18n();
    expect(first.resolvedLanguage).toBe('en');
    await first.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('i18nextLng')).toBe('de');
    expect(document.cookie).toContain('i18next=de');

    // "Reload": a new instance reads the cached choice.
    const second = await initI18n();
    expect(second.resolvedLanguage).toBe('de');
    expect(second.t('nav.messages')).toBe('Nachrichten');
  });

  it('a first choice (the profile language after a sign-in) goes before detection, loads only its own file and is cached', async () => {
    const fetchMock = serveLocales();
    setUrl('?lng=fr');
    localStorage.setItem('i18nextLng', 'en');
    const asked = vi.fn(() => 'it');
    const i18n = await initI18n({ firstChoice: asked });
    expect(i18n.resolvedLanguage).toBe('it');
    expect(document.documentElement.lang).toBe('it');
    expect(localStorage.getItem('i18nextLng')).toBe('it');
    expect(document.cookie).toContain('i18next=it');
    const urls = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(urls).toEqual(['/locales/it/translation.json']);
    // Asked once: a later detection is the usual one.
    await i18n.changeLanguage();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(i18n.resolvedLanguage).toBe('fr');
  });

  it('without a first choice (null) detects as usual', async () => {
    serveLocales();
    setUrl('?lng=fr');
    const i18n = await initI18n({ firstChoice: () => null });
    expect(i18n.resolvedLanguage).toBe('fr');
  });

  it('ignores an unsupported language and uses the browser language or the German fallback', async () => {
    serveLocales();
    setUrl('?lng=tlh');
    const i18n = await initI18n();
    // jsdom's navigator.language is en-US, which is supported through nonExplicitSupportedLngs.
    expect(i18n.resolvedLanguage).toBe('en');
  });

  it('gives German to a browser whose languages are all unsupported, with index.html as shipped', async () => {
    serveLocales();
    // The last detection source is <html lang> of index.html (spec §1): it must not make English win.
    const shipped = /<html lang="([^"]+)"/.exec(readFileSync(join(process.cwd(), 'index.html'), 'utf8'))?.[1];
    expect(shipped).toBe(FALLBACK_LANGUAGE);
    document.documentElement.lang = shipped ?? '';
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'ja']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ja-JP');
    const i18n = await initI18n();
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('nav.messages')).toBe('Nachrichten');
    expect(document.documentElement.lang).toBe('de');
  });

  it('shows German for a language we do not support', async () => {
    serveLocales();
    setUrl('?lng=en');
    const i18n = await initI18n();
    await i18n.changeLanguage('es');
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('nav.messages')).toBe('Nachrichten');
  });
});

describe('getFormattingLocale', () => {
  it('keeps a regional variant of the shown language, otherwise uses the shown language', () => {
    expect(getFormattingLocale('de-CH', 'de')).toBe('de-CH');
    expect(getFormattingLocale('en-GB', 'en')).toBe('en-GB');
    expect(getFormattingLocale('es-ES', 'de')).toBe('de');
    expect(getFormattingLocale(undefined, 'fr')).toBe('fr');
    expect(getFormattingLocale(undefined, undefined)).toBe('de');
  });
});
