import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from './config';
import { bindHtmlLang } from './html-lang';

/**
 * Creates and initialises an i18next instance that loads `/locales/{lng}/{ns}.json`.
 * A fresh instance per call keeps tests independent; the app calls it once.
 */
export async function initI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next);
  try {
    await instance.init(i18nOptions);
  } catch (error) {
    // A failed locale download must not keep the app from starting: keys are shown instead.
    console.error('i18n initialisation failed', error);
  }
  bindHtmlLang(instance);
  return instance;
}
