import { LANGUAGES, type Language } from '../../contract/enums';

/**
 * Each language named in itself (endonym), so a reader finds their language
 * whatever the current interface language is. Not translated on purpose.
 */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a detected code such as `de-CH` to one of ours, or undefined. */
export function toSupportedLanguage(code: string | undefined): Language | undefined {
  if (!code) return undefined;
  const base = code.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}
