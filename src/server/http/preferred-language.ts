import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../contract/enums';

/**
 * The first supported language among `candidates`, most preferred first:
 * each may be a single tag (the `i18next` cookie, `de-CH`), a list
 * (OIDC `ui_locales`) or an Accept-Language header (`fr-CH, fr;q=0.9`; taken
 * in the order written, as browsers write them by preference). Only the
 * language counts, so `de-CH` is `de`. None supported: the interface's
 * fallback, German (docs/decisions/0004).
 *
 * The built-in sign-in page speaks it (idp/routes.ts), and a new account
 * starts with it (auth/sign-in-user.ts, docs/decisions/0016).
 */
export function pickLanguage(candidates: readonly (string | undefined)[]): Language {
  for (const candidate of candidates) {
    for (const part of (candidate ?? '').split(/[\s,]+/)) {
      const code = part.split(';')[0]?.slice(0, 2).toLowerCase();
      if (code && (LANGUAGES as readonly string[]).includes(code)) return code as Language;
    }
  }
  return FALLBACK_LANGUAGE;
}
