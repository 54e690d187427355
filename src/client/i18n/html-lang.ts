import type { i18n as I18n } from 'i18next';

/**
 * Keeps `<html lang>` equal to the interface language, so screen readers
 * pronounce the page correctly and the browser offers the right hyphenation.
 * Returns a function that stops following the language.
 */
export function bindHtmlLang(instance: I18n, root: HTMLElement = document.documentElement): () => void {
  const apply = (language: string | undefined) => {
    if (language) root.lang = language;
  };
  apply(instance.resolvedLanguage ?? instance.language);
  const onChange = (language: string) => {
    apply(language);
  };
  instance.on('languageChanged', onChange);
  return () => {
    instance.off('languageChanged', onChange);
  };
}
