import type { Language } from '../../contract/enums';
import { localeText, type LocaleText } from '../i18n/locale-texts';

/** Texts of the built-in sign-in pages (public/locales/<lng>/idp.json). */
export type IdpText = LocaleText;

export function idpText(language: Language): IdpText {
  return localeText('idp', language);
}
