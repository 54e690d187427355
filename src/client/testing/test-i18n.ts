import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../../../public/locales/de/translation.json';
import en from '../../../public/locales/en/translation.json';
import fr from '../../../public/locales/fr/translation.json';
import it from '../../../public/locales/it/translation.json';

/** Keys that components asked for but English lacks; the test setup fails a test that leaves any here. */
export const missingTranslationKeys: string[] = [];

/**
 * An i18next instance with the real locale files bundled (no HTTP), English
 * active and no fallback, so a missing English key is reported instead of
 * being papered over by another language.
 */
export async function createTestI18n(language = 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ['en', 'de', 'fr', 'it'],
    resources: { en: { translation: en }, de: { translation: de }, fr: { translation: fr }, it: { translation: it } },
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      missingTranslationKeys.push(`${languages.join(',')}:${namespace}:${key}`);
    },
  });
  return instance;
}
