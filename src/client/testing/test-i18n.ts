import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../../../public/locales/de/translation.json';
import en from '../../../public/locales/en/translation.json';
import fr from '../../../public/locales/fr/translation.json';
import it from '../../../public/locales/it/translation.json';
import dePrivacy from '../../../public/locales/de/privacy.json';
import enPrivacy from '../../../public/locales/en/privacy.json';
import frPrivacy from '../../../public/locales/fr/privacy.json';
import itPrivacy from '../../../public/locales/it/privacy.json';

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
    // The privacy policy's long texts are a namespace of their own, loaded only by /gdpr in the app.
    resources: {
      en: { translation: en, privacy: enPrivacy },
      de: { translation: de, privacy: dePrivacy },
      fr: { translation: fr, privacy: frPrivacy },
      it: { translation: it, privacy: itPrivacy },
    },
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      missingTranslationKeys.push(`${languages.join(',')}:${namespace}:${key}`);
    },
  });
  return instance;
}
