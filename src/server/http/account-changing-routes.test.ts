import { readdirSync, readFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';

/**
 * docs/decisions/0034: a write forgets the writer's cached session only when
 * its route is marked `changesAccount`. This test finds the routes that must
 * be: every route registered in a file that reaches, through its imports, a
 * module writing the `users` or `sessions` tables (the rows the session
 * cache holds). A new writer, or a new route beside one, fails here until it
 * is marked or listed below with its reason.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** Modules that write users or sessions but need no marked route, each with why. Paths from src/server. */
const WRITERS_WITHOUT_MARKED_ROUTES: Record<string, string> = {
  'auth/session-store.ts':
    'sign-in and sign-out set or clear the session cookie, which forgets by itself; an expired session is forgotten where it is found',
  'auth/sign-in-user.ts': 'runs in the sign-in callback, which sets the session cookie',
  'gdpr/deleted-account.ts': 'inserts the stand-in of a deleted account: a new row, nobody’s session',
  'seed/seed-people.ts': 'the demo seed, run by a command, not by a route',
};

/** Non-GET routes in a file that reaches a writer, which themselves change no account row, each with why. */
const ROUTES_THAT_CHANGE_NO_ACCOUNT: Record<string, string> = {
  'POST /api/gdpr/export/:userId': 'streams the export; only account deletion, beside it, writes users',
};

const WRITES_ACCOUNT_ROWS = [
  /\.(?:update|insert|delete)\(\s*(?:users|sessions)\s*\)/,
  /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+(?:\$\{\s*)?"?(?:users|sessions)\b/i,
];
const REGISTERS_A_WRITE = /\bapp\.(post|put|patch|delete)\s*(?:<[^>]*>)?\(/g;
const REGISTERS_A_WRITE_AT = /\bapp\.(post|put|patch|delete)\s*(?:<[^>]*>)?\(\s*'([^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)].flatMap(([, specifier]) => {
    const base = path.resolve(path.dirname(file), specifier ?? '');
    return [`${base}.ts`, path.join(base, 'index.ts')].filter((candidate) => existsSync(candidate)).slice(0, 1);
  });
}

interface SourceFacts {
  writers: string[];
  /** "METHOD url" of the non-GET routes registered in files that reach a writer needing marked routes. */
  mustForget: string[];
  unreadable: string[];
}

function findAccountChangingRoutes(): SourceFacts {
  const files = sourceFiles(SERVER_DIR);
  const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const relative = (file: string) => path.relative(SERVER_DIR, file).split(path.sep).join('/');
  const writers = files.filter((file) => WRITES_ACCOUNT_ROWS.some((pattern) => pattern.test(texts.get(file) ?? '')));

  const importers = new Map<string, string[]>();
  for (const [file, text] of texts) {
    for (const imported of relativeImports(file, text))
      importers.set(imported, [...(importers.get(imported) ?? []), file]);
  }
  const reaching = new Set<string>();
  const queue = writers.filter((file) => !(relative(file) in WRITERS_WITHOUT_MARKED_ROUTES));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (reaching.has(file)) continue;
    reaching.add(file);
    queue.push(...(importers.get(file) ?? []));
  }

  const mustForget: string[] = [];
  const unreadable: string[] = [];
  for (const file of reaching) {
    const text = texts.get(file) ?? '';
    const registered = [...text.matchAll(REGISTERS_A_WRITE)].length;
    const read = [...text.matchAll(REGISTERS_A_WRITE_AT)].map(([, method, url]) => `${method?.toUpperCase()} ${url}`);
    if (read.length !== registered) unreadable.push(relative(file));
    mustForget.push(...read);
  }
  return { writers: writers.map(relative).sort(), mustForget: mustForget.sort(), unreadable };
}

let database: TestDatabase;
/** Every non-GET route as "METHOD url", and whether it is marked `changesAccount`. */
const marked = new Map<string, boolean>();
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-app-')),
    SESSION_SECRET: 'app-test-session-secret-long-enough-0123456789',
  });
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { changesAccount?: boolean } | undefined;
    for (const method of methods) {
      if (method !== 'GET' && method !== 'HEAD') marked.set(`${method} ${route.url}`, config?.changesAccount === true);
    }
  };
  const app = await buildApp({ config, db: database.db, logger: false, onRoute });
  await app.close();
});
afterAll(() => database.destroy());

describe('routes that change the signed-in account (docs/decisions/0034)', () => {
  const facts = findAccountChangingRoutes();

  it('knows the modules that write users or sessions', () => {
    // A new module here needs its routes marked (found below) or its reason in WRITERS_WITHOUT_MARKED_ROUTES.
    expect(facts.writers).toEqual([
      'auth/session-store.ts',
      'auth/sign-in-user.ts',
      'feedback/banner.ts',
      'gdpr/delete-account.ts',
      'gdpr/deleted-account.ts',
      'seed/seed-people.ts',
      'users/profile-photo.ts',
      'users/update-profile.ts',
    ]);
  });

  it('reads every write route of the files that reach them', () => {
    expect(facts.unreadable, 'register these routes with a literal path, as the others are').toEqual([]);
    expect(facts.mustForget).toContain('PUT /api/users/profile');
  });

  it('marks every route that reaches a write to users or sessions', () => {
    const unmarked = facts.mustForget.filter(
      (route) => !(route in ROUTES_THAT_CHANGE_NO_ACCOUNT) && marked.get(route) !== true,
    );
    expect(unmarked, 'add `config: { changesAccount: true }` to these routes').toEqual([]);
  });

  it('marks no other route, and lists only routes that exist', () => {
    const needless = [...marked].filter(([route, isMarked]) => isMarked && !facts.mustForget.includes(route));
    expect(needless.map(([route]) => route)).toEqual([]);
    const stale = Object.keys(ROUTES_THAT_CHANGE_NO_ACCOUNT).filter(
      (route) => !facts.mustForget.includes(route) || marked.get(route) !== false,
    );
    expect(stale).toEqual([]);
  });
});
