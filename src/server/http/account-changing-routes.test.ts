import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';

/**
 * docs/decisions/0034: a request forgets the signer's cached session only
 * when its route is marked `changesAccount` (or it sets or clears the
 * session cookie). This test finds the routes that must be: every route
 * registered in a file that reaches, through its imports, a module writing
 * the `users` or `sessions` tables (the rows the session cache holds). Each
 * route's file is taken from the call stack as it registers, so however a
 * route is registered it is seen. A new writer, or a new route beside one,
 * fails here until it is marked or listed below with its reason.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * Modules that write users or sessions but need no marked route, each with
 * why, and the only modules that may use them (a new user of one is
 * reviewed here: it may need a mark). Paths from src/server.
 */
const WRITERS_WITHOUT_MARKED_ROUTES: Record<string, { why: string; usedBy: string[] }> = {
  'auth/session-store.ts': {
    why: 'sign-in and sign-out set or clear the session cookie (the guard forgets whoever was signed in); an expired session is forgotten where it is found',
    usedBy: ['auth/routes.ts', 'auth/session-guard.ts', 'live-stream/routes.ts'],
  },
  'auth/sign-in-user.ts': {
    why: 'runs in the sign-in callback, before any session of the new one exists here; their sessions elsewhere hear the trigger',
    usedBy: ['auth/routes.ts', 'seed/seed-people.ts'],
  },
  'gdpr/deleted-account.ts': {
    why: 'inserts the stand-in of a deleted account: a new row, nobody’s session',
    usedBy: ['gdpr/delete-account.ts'],
  },
  'seed/seed-people.ts': { why: 'the demo seed, run by a command, not by a route', usedBy: ['seed/seed-demo-data.ts'] },
};

/** Routes in a file that reaches a writer, which themselves change no account row, each with why. */
const ROUTES_THAT_CHANGE_NO_ACCOUNT: Record<string, string> = {
  'POST /api/gdpr/export/:userId': 'streams the export; only account deletion, beside it, writes users',
  'GET /api/auth/user': 'reads the signed-in user',
  'GET /api/user/current': 'reads the signed-in user',
  'GET /api/user/login-history': 'reads the sign-ins',
  'GET /api/users/:userId/photo': 'reads a profile photo',
  'GET /api/banner/should-show': 'reads the banner’s state',
};

const WRITES_ACCOUNT_ROWS = [
  /\.(?:update|insert|delete)\(\s*(?:\w+\.)?(?:users|sessions)\s*\)/,
  /\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM|TRUNCATE|MERGE\s+INTO)\s+(?:\$\{\s*)?(?:\w+\.)?"?(?:users|sessions)\b/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files a module imports for their values (`import type` brings no code). */
function valueImports(file: string, text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)].flatMap(([, specifier]) => {
    const base = path.resolve(path.dirname(file), (specifier ?? '').replace(/\.js$/, ''));
    return [`${base}.ts`, path.join(base, 'index.ts')].filter((candidate) => existsSync(candidate)).slice(0, 1);
  });
}

const relative = (file: string) => path.relative(SERVER_DIR, file).split(path.sep).join('/');

interface SourceFacts {
  writers: string[];
  /** Files (from src/server) that reach a writer needing marked routes. */
  reaching: Set<string>;
  /** Each module's value importers. */
  importers: Map<string, string[]>;
}

function readSources(): SourceFacts {
  const files = sourceFiles(SERVER_DIR);
  const texts = new Map(files.map((file) => [relative(file), readFileSync(file, 'utf8')]));
  const writers = [...texts].filter(([, text]) => WRITES_ACCOUNT_ROWS.some((pattern) => pattern.test(text)));
  const importers = new Map<string, string[]>();
  for (const [file, text] of texts) {
    for (const imported of valueImports(path.join(SERVER_DIR, file), text).map(relative)) {
      importers.set(imported, [...(importers.get(imported) ?? []), file]);
    }
  }
  const reaching = new Set<string>();
  const queue = writers.map(([file]) => file).filter((file) => !(file in WRITERS_WITHOUT_MARKED_ROUTES));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reaching.has(file)) continue;
    reaching.add(file);
    queue.push(...(importers.get(file) ?? []));
  }
  return { writers: writers.map(([file]) => file).sort(), reaching, importers };
}

/** The src/server file on the call stack nearest to Fastify: the one registering the route. */
function registeringFile(stack: string): string | undefined {
  for (const line of stack.split('\n')) {
    const file = /\(?((?:\/|[A-Za-z]:)[^():]+\.ts):\d+:\d+\)?$/.exec(line.trim())?.[1];
    if (file && file.startsWith(SERVER_DIR + path.sep) && !file.endsWith('.test.ts')) return relative(file);
  }
  return undefined;
}

interface RegisteredRoute {
  file: string | undefined;
  marked: boolean;
}

let database: TestDatabase;
/** Every route as "METHOD url", with the file that registered it and whether it is marked `changesAccount`. */
const routes = new Map<string, RegisteredRoute>();
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-app-')),
    SESSION_SECRET: 'app-test-session-secret-long-enough-0123456789',
  });
  const onRoute = (route: RouteOptions) => {
    const stackLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 100;
    const file = registeringFile(new Error('where the route registers').stack ?? '');
    Error.stackTraceLimit = stackLimit;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD')
        routes.set(`${method} ${route.url}`, { file, marked: route.config?.changesAccount === true });
    }
  };
  const app = await buildApp({ config, db: database.db, logger: false, onRoute });
  await app.close();
  rmSync(config.dataDir, { recursive: true, force: true });
});
afterAll(() => database.destroy());

describe('routes that change the signed-in account (docs/decisions/0034)', () => {
  const facts = readSources();
  const mustForget = () =>
    [...routes].filter(([, route]) => route.file !== undefined && facts.reaching.has(route.file)).map(([key]) => key);

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

  it('uses the writers that need no mark only where reviewed', () => {
    for (const [writer, { usedBy }] of Object.entries(WRITERS_WITHOUT_MARKED_ROUTES)) {
      expect((facts.importers.get(writer) ?? []).sort(), writer).toEqual(usedBy);
    }
  });

  it('finds the file that registered each route', () => {
    expect(routes.get('PUT /api/users/profile')?.file).toBe('users/routes.ts');
    expect(routes.get('POST /unsubscribe')?.file).toBe('notifications/email/unsubscribe-routes.ts');
    const unplaced = [...routes].filter(([, route]) => route.file === undefined).map(([key]) => key);
    expect(unplaced).toEqual([]);
  });

  it('marks every route that reaches a write to users or sessions', () => {
    const unmarked = mustForget().filter((key) => !(key in ROUTES_THAT_CHANGE_NO_ACCOUNT) && !routes.get(key)?.marked);
    expect(unmarked, 'add `config: { changesAccount: true }` to these routes').toEqual([]);
  });

  it('marks no other route, and lists only routes that exist unmarked', () => {
    const needed = new Set(mustForget());
    const needless = [...routes].filter(([key, route]) => route.marked && !needed.has(key)).map(([key]) => key);
    expect(needless).toEqual([]);
    const stale = Object.keys(ROUTES_THAT_CHANGE_NO_ACCOUNT).filter(
      (key) => !needed.has(key) || routes.get(key)?.marked !== false,
    );
    expect(stale).toEqual([]);
  });
});
