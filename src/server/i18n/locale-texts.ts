import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, type Language } from '../../contract/enums';

/**
 * Texts the server renders itself (the built-in sign-in pages, notifications,
 * emails), read from the same locale folder the client uses
 * (public/locales/<lng>/<namespace>.json), so the parity test covers them.
 * Keys are flat ("a.b" as one key) or nested (reached with dots), `{{name}}` is replaced, and a missing key
 * falls back to the fallback language, then to the key.
 */
export type LocaleText = (key: string, vars?: Record<string, string | number>) => string;

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();
let root: string | undefined;

function localesRoot(): string {
  if (root) return root;
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/server/<dir> → ../../../public, dist/server → ../client (the built copy).
  for (const candidate of [path.resolve(here, '../../../public/locales'), path.resolve(here, '../client/locales')]) {
    try {
      readFileSync(path.join(candidate, 'en', 'translation.json'));
      root = candidate;
      return candidate;
    } catch {
      // try the next location
    }
  }
  throw new Error('Locale files were not found');
}

function load(namespace: string, language: Language): Tree {
  const id = `${language}/${namespace}`;
  let tree = cache.get(id);
  if (!tree) {
    tree = JSON.parse(readFileSync(path.join(localesRoot(), language, `${namespace}.json`), 'utf8')) as Tree;
    cache.set(id, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  // idp.json keeps flat keys that contain dots ("validation.nameRequired").
  const flat = tree[key];
  if (typeof flat === 'string') return flat;
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function localeText(namespace: string, language: Language): LocaleText {
  const texts = load(namespace, language);
  const fallback = load(namespace, FALLBACK_LANGUAGE);
  return (key, vars = {}) =>
    (lookup(texts, key) ?? lookup(fallback, key) ?? key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) =>
      String(vars[name] ?? ''),
    );
}
