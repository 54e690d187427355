import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../contract/enums';

/**
 * The first supported language among `candidates`, most preferred first:
 * each may be a single tag (the `i18next` cookie, `de-CH`), a list
 * (OIDC `ui_locales`, space-separated, in order of preference) or an
 * Accept-Language header (`fr-CH, fr;q=0.9, en;q=0.8`). Within a candidate
 * the q-values order the tags (equal q keeps the written order), `q=0` means
 * "not this one" and `*` names no language. Only the primary subtag counts
 * and must match exactly: `de-CH` is `de`, `frr` (North Frisian) is not
 * `fr`. None supported: the interface's fallback, German
 * (docs/decisions/0004).
 *
 * The built-in sign-in page speaks it (idp/routes.ts), and a new account
 * starts with it (auth/sign-in-user.ts, docs/decisions/0016).
 */
export function pickLanguage(candidates: readonly (string | undefined)[]): Language {
  for (const candidate of candidates) {
    for (const tag of tagsByPreference(candidate ?? '')) {
      const primary = tag.split(/[-_]/)[0]?.toLowerCase();
      if (primary && (LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
    }
  }
  return FALLBACK_LANGUAGE;
}

/** The language tags of one candidate, highest q first; `*` and refused (q=0) or unreadable weights left out. */
export function tagsByPreference(candidate: string): string[] {
  const weighted: { tag: string; q: number }[] = [];
  for (const entry of candidate.split(',')) {
    const [range = '', ...parameters] = entry.split(';');
    const q = weightOf(parameters);
    for (const tag of range.trim().split(/\s+/)) {
      if (tag !== '' && tag !== '*' && q > 0) weighted.push({ tag, q });
    }
  }
  // Array.prototype.sort is stable: equal weights keep the order written.
  return weighted.sort((a, b) => b.q - a.q).map((entry) => entry.tag);
}

/** `q=0.8` → 0.8; no q → 1; a weight outside RFC 9110's 0–1 with up to three decimals → 0 (ignored). */
function weightOf(parameters: string[]): number {
  const q = parameters.map((p) => p.trim()).find((p) => /^q=/i.test(p));
  if (q === undefined) return 1;
  const value = q.slice(2).trim();
  return /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
}
