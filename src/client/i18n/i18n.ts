import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { detectionOptions, i18nOptions } from './config';
import { bindHtmlLang } from './html-lang';

export interface I18nStart {
  /**
   * A language that goes before the detected one, asked once when the language is first detected:
   * the profile's on the first load after a sign-in (main.tsx). Null: detect as usual.
   */
  firstChoice?: () => string | null;
}

/** The name of the detector that asks `firstChoice`. */
const FIRST_CHOICE = 'lendloopFirstChoice';

/**
 * Creates and initialises an i18next instance that loads `/locales/{lng}/{ns}.json`.
 * A fresh instance per call keeps tests independent; the app calls it once.
 */
export async function initI18n({ firstChoice }: I18nStart = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  const detector = new LanguageDetector();
  let detection = detectionOptions;
  if (firstChoice) {
    // Before detection rather than a switch after it: the first screen then loads (and the server
    // preloads) only the file of the language it shows.
    let asked = false;
    detector.addDetector({
      name: FIRST_CHOICE,
      lookup: () => {
        if (asked) return undefined;
        asked = true;
        return firstChoice() ?? undefined;
      },
    });
    detection = { ...detectionOptions, order: [FIRST_CHOICE, ...(detectionOptions.order ?? [])] };
  }
  instance.use(HttpBackend).use(detector).use(initReactI18next);
  try {
    await instance.init({ ...i18nOptions, detection });
  } catch (error) {
    // A failed locale download must not keep the app from starting: keys are shown instead.
    console.error('i18n initialisation failed', error);
  }
  bindHtmlLang(instance);
  return instance;
}
