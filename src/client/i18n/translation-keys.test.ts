import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every literal key the client code uses must exist in English:
 *  - `t('some.key')` calls in .tsx (and .ts) files;
 *  - other string literals shaped like a key whose first segment is a
 *    top-level section of translation.json (e.g. `labelKey: 'nav.groups'`,
 *    arrays of tip keys), because those reach t() through a variable.
 * Keys built at run time (`news.items.${id}.title`) are covered by the test
 * setup, which fails any rendered test that asks for a missing key.
 */

const ROOT = process.cwd();
const CLIENT_DIR = join(ROOT, 'src', 'client');
const LOCALES_DIR = join(ROOT, 'public', 'locales', 'en');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

function loadNamespaces(): Map<string, unknown> {
  const namespaces = new Map<string, unknown>();
  for (const file of readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json'))) {
    namespaces.set(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8')) as unknown);
  }
  return namespaces;
}

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const segment of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(segment in node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

const namespaces = loadNamespaces();

/** `ns:key` or `key` (default namespace); plural keys count when `key_other` exists. */
function exists(fullKey: string): boolean {
  const [ns, key] = fullKey.includes(':') ? (fullKey.split(':', 2) as [string, string]) : ['translation', fullKey];
  const tree = namespaces.get(ns);
  return typeof lookup(tree, key) === 'string' || typeof lookup(tree, `${key}_other`) === 'string';
}

const T_CALL = /\bt\(\s*(['"`])([^'"`$]+?)\1/g;
const KEY_LITERAL = /(['"])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)\1/g;

describe('translation keys used in src/client', () => {
  const files = sourceFiles(CLIENT_DIR);
  const translation = namespaces.get('translation');
  const sections = new Set(typeof translation === 'object' && translation !== null ? Object.keys(translation) : []);

  it('finds the client sources and the English file', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(sections.has('nav')).toBe(true);
  });

  it('t("…") literal keys all exist in en', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of files.filter((f) => f.endsWith('.tsx') || f.endsWith('.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(T_CALL)) {
        seen += 1;
        const key = match[2] ?? '';
        if (!exists(key)) missing.push(`${relative(ROOT, file)}: ${key}`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('key-shaped string literals in a known section all exist in en', () => {
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(KEY_LITERAL)) {
        const key = match[2] ?? '';
        const section = key.split('.')[0] ?? '';
        if (sections.has(section) && !exists(key)) missing.push(`${relative(ROOT, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
