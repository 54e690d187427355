import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, type Language } from '../../contract/enums';

/**
 * Texts of the built-in sign-in pages, read from the same locale folder the
 * client uses (public/locales/<lng>/idp.json), so the parity test covers them.
 */
export type IdpText = (key: string, vars?: Record<string, string>) => string;

const cache = new Map<Language, Record<string, string>>();

function localesRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/server/idp → ../../../public, dist/server → ../client (the built copy).
  for (const candidate of [path.resolve(here, '../../../public/locales'), path.resolve(here, '../client/locales')]) {
    try {
      readFileSync(path.join(candidate, 'en', 'idp.json'));
      return candidate;
    } catch {
      // try the next location
    }
  }
  throw new Error('Locale files for the built-in sign-in page were not found');
}

function load(language: Language): Record<string, string> {
  let texts = cache.get(language);
  if (!texts) {
    texts = JSON.parse(readFileSync(path.join(localesRoot(), language, 'idp.json'), 'utf8')) as Record<string, string>;
    cache.set(language, texts);
  }
  return texts;
}

export function idpText(language: Language): IdpText {
  const texts = load(language);
  const fallback = load(FALLBACK_LANGUAGE);
  return (key, vars = {}) =>
    (texts[key] ?? fallback[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => vars[name] ?? '');
}
