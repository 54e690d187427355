import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/contract/enums';
import { ERROR_CODES } from '@/contract/errors';

/**
 * Every message key the API can answer with (contract schemas' validation.*
 * keys and errors.<code>) must exist in every language, so a 4xx is always
 * readable in the person's language.
 */
const root = path.resolve(import.meta.dirname, '../..');

function contractSource(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return contractSource(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? readFileSync(full, 'utf8') : '';
    })
    .join('\n');
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

const validationKeys = [
  ...new Set(contractSource(path.join(root, 'src/contract')).match(/validation\.[a-zA-Z]+/g) ?? []),
];
const errorKeys = ERROR_CODES.map((code) => `errors.${code}`);

describe.each(LANGUAGES)('%s', (language) => {
  const translation: unknown = JSON.parse(
    readFileSync(path.join(root, 'public/locales', language, 'translation.json'), 'utf8'),
  );
  const idp = JSON.parse(readFileSync(path.join(root, 'public/locales', language, 'idp.json'), 'utf8')) as Record<
    string,
    string
  >;

  it('has a text for every validation and error key of the contract', () => {
    expect(validationKeys.length).toBeGreaterThan(5);
    for (const key of [...validationKeys, ...errorKeys]) {
      expect(typeof lookup(translation, key), `${language}: ${key}`).toBe('string');
    }
  });

  it("has the built-in sign-in page's texts for the keys its form can produce", () => {
    const formKeys = validationKeys.filter((key) => /^validation\.(name|username|email|invalidCharacters)/.test(key));
    for (const key of formKeys) expect(typeof idp[key], `${language}: idp ${key}`).toBe('string');
  });
});
