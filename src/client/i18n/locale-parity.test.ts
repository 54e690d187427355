import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/enums';
import { ERROR_CODES } from '../../contract/errors';

/**
 * Every namespace file in public/locales (also ones other features add, such
 * as idp.json) must have the same keys in en, de, fr and it, no empty texts,
 * and the same {{variables}} in every language.
 *
 * Plural forms differ by language (French and Italian have "many", English
 * does not), so `key_one` / `key_other` / … are compared by their base key,
 * and each language must carry every plural category Intl.PluralRules names
 * for it.
 */

const LOCALES_DIR = join(process.cwd(), 'public', 'locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, out: Flat, problems: string[]): void {
  if (typeof value === 'string') {
    out.set(prefix, value);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      flatten(entry, `${prefix}.${index}`, out, problems);
    });
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) flatten(entry, prefix ? `${prefix}.${key}` : key, out, problems);
    return;
  }
  problems.push(`${prefix}: not a string (${JSON.stringify(value)})`);
}

function loadNamespace(language: string, file: string, problems: string[]): Flat {
  const flat: Flat = new Map();
  const raw = readFileSync(join(LOCALES_DIR, language, file), 'utf8');
  flatten(JSON.parse(raw) as unknown, '', flat, problems);
  return flat;
}

/** `items_one` → `items` when the file also has `items_other`; other keys stay as they are. */
function baseKey(key: string, flat: Flat): string {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match) return key;
  const base = key.slice(0, -match[0].length);
  return flat.has(`${base}_other`) ? base : key;
}

function variables(text: string): string[] {
  // {{name}} and {{count, number}}: the variable is the part before the comma.
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

interface NamespaceView {
  flat: Flat;
  /** Base key → union of the variables of all its forms. */
  vars: Map<string, Set<string>>;
  /** Base key → plural suffixes present. */
  plurals: Map<string, Set<string>>;
}

function view(flat: Flat): NamespaceView {
  const vars = new Map<string, Set<string>>();
  const plurals = new Map<string, Set<string>>();
  for (const [key, text] of flat) {
    const base = baseKey(key, flat);
    const set = vars.get(base) ?? new Set<string>();
    for (const variable of variables(text)) set.add(variable);
    vars.set(base, set);
    if (base !== key) {
      const forms = plurals.get(base) ?? new Set<string>();
      forms.add(key.slice(base.length + 1));
      plurals.set(base, forms);
    }
  }
  return { flat, vars, plurals };
}

const namespaceFiles = [
  ...new Set(
    LANGUAGES.flatMap((language) => readdirSync(join(LOCALES_DIR, language)).filter((f) => f.endsWith('.json'))),
  ),
].sort();

describe('locale files', () => {
  it('exist for every language', () => {
    expect(namespaceFiles).toContain('translation.json');
    for (const language of LANGUAGES) {
      expect(
        readdirSync(join(LOCALES_DIR, language))
          .filter((f) => f.endsWith('.json'))
          .sort(),
        language,
      ).toEqual(namespaceFiles);
    }
  });

  describe.each(namespaceFiles)('%s', (file) => {
    const problems: Record<string, string[]> = {};
    const views = new Map<string, NamespaceView>();
    for (const language of LANGUAGES) {
      problems[language] = [];
      views.set(language, view(loadNamespace(language, file, problems[language])));
    }

    it('has only non-empty string values', () => {
      for (const language of LANGUAGES) {
        const languageView = views.get(language);
        const empty = [...(languageView?.flat ?? new Map<string, string>())]
          .filter(([, text]) => text.trim() === '')
          .map(([key]) => key);
        expect([...(problems[language] ?? []), ...empty.map((key) => `${key}: empty`)], language).toEqual([]);
      }
    });

    it('has the same keys in every language', () => {
      const allKeys = new Set<string>();
      for (const languageView of views.values()) for (const key of languageView.vars.keys()) allKeys.add(key);
      for (const language of LANGUAGES) {
        const present = views.get(language)?.vars ?? new Map<string, Set<string>>();
        const missing = [...allKeys].filter((key) => !present.has(key)).sort();
        expect(missing, `keys missing from ${language}/${file}`).toEqual([]);
      }
    });

    it('uses the same {{variables}} in every language', () => {
      const reference = views.get('en')?.vars ?? new Map<string, Set<string>>();
      const mismatches: string[] = [];
      for (const language of LANGUAGES) {
        for (const [key, vars] of views.get(language)?.vars ?? []) {
          const expected = [...(reference.get(key) ?? [])].sort().join(',');
          const actual = [...vars].sort().join(',');
          if (reference.has(key) && expected !== actual) {
            mismatches.push(`${language}/${file} ${key}: {${actual}} but en has {${expected}}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('has every plural form each language needs', () => {
      const gaps: string[] = [];
      for (const language of LANGUAGES) {
        const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const [base, forms] of views.get(language)?.plurals ?? []) {
          for (const category of needed) {
            if (!forms.has(category)) gaps.push(`${language}/${file} ${base}_${category}`);
          }
        }
      }
      expect(gaps).toEqual([]);
    });
  });

  it('translate every API error code (errors.<code>)', () => {
    const english = view(loadNamespace('en', 'translation.json', [])).flat;
    const missing = ERROR_CODES.filter((code) => !english.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });
});
