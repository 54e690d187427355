import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Client layering (ARCHITECTURE.md, Client): app → features → components, lib,
 * i18n, contract. A feature imports no other feature (the pages in app/
 * compose them); shared code imports no feature and nothing from app/.
 * Feature folders are read from disk, so a new feature is fenced in at once.
 */
const CLIENT = './src/client';
/** The resolver follows tsconfig's `paths` (`@/` is src/), so the zones see aliased imports too. */
const TSCONFIG = { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) };
const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientBoundaries = [
  ...features.map((feature) => ({
    target: `${CLIENT}/features/${feature}`,
    from: `${CLIENT}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move shared code to lib/ or components/, or compose in app/.',
  })),
  {
    target: `${CLIENT}/features`,
    from: `${CLIENT}/app`,
    message: 'Features do not import app/: the app composes features, not the other way round.',
  },
  ...['components', 'lib', 'i18n'].map((shared) => ({
    target: `${CLIENT}/${shared}`,
    from: [`${CLIENT}/features`, `${CLIENT}/app`],
    message: `${shared}/ is shared code: it imports no feature and nothing from app/.`,
  })),
  {
    target: './src/contract',
    from: [`${CLIENT}`, './src/server'],
    message: 'The contract is shared by client and server and imports neither.',
  },
];

/**
 * Server layering (ARCHITECTURE.md, "Server layers"; issue 34): each layer
 * imports only from the layers below it, never from the composition root
 * (the files directly in src/server: app.ts, main.ts, server-parts.ts,
 * job-handlers.ts, fastify-types.ts), which wires everything. Product
 * features are every other folder, read from disk, so a new folder starts
 * as a feature; features may use each other but never in a circle
 * (tests/unit/server-layers.test.ts), and no module imports one that imports
 * it back (import-x/no-cycle).
 */
const SERVER = './src/server';
const serverEntries = readdirSync(new URL('./src/server', import.meta.url), { withFileTypes: true });
const SERVER_ROOT_FILES = serverEntries.filter((entry) => entry.isFile()).map((entry) => `${SERVER}/${entry.name}`);
export const SERVER_LAYERS = [
  // Storage, configuration and what talks to the outside: no product knowledge.
  { name: 'foundation', folders: ['config', 'dates', 'db', 'i18n', 'outbound'] },
  // The web server's plumbing and the shared machinery every feature may use.
  { name: 'platform', folders: ['http', 'rate-limits', 'jobs', 'events', 'relations'] },
  // Cross-cutting services: who is signed in, who may do what, how people are told.
  { name: 'services', folders: ['auth', 'policies', 'notifications', 'message-writer'] },
];
const layeredFolders = SERVER_LAYERS.flatMap((layer) => layer.folders);
const serverFeatures = serverEntries
  .filter((entry) => entry.isDirectory() && !layeredFolders.includes(entry.name))
  .map((entry) => entry.name);
const serverLayers = [...SERVER_LAYERS, { name: 'features', folders: serverFeatures }];
const serverBoundaries = serverLayers.map((layer, index) => ({
  target: layer.folders.map((folder) => `${SERVER}/${folder}`),
  from: [
    ...serverLayers.slice(index + 1).flatMap((above) => above.folders.map((folder) => `${SERVER}/${folder}`)),
    ...SERVER_ROOT_FILES,
  ],
  message: `The server's ${layer.name} layer imports only from the layers below it, never from the composition root (ARCHITECTURE.md, "Server layers").`,
}));

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'playwright-report', 'test-results', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': true, 'ts-ignore': true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Tests may assert presence with `!` right after checking it.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The server project's forks run file after file without isolation (vitest.config.ts,
    // ADR 0038): a module replaced for one file would stay replaced for the next.
    files: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/support/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'hoisted', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server tests share their fork with other files (isolate: false): use a real part or inject it.',
        })),
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Server code must not reach into the client and vice versa: both share src/contract only.
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'], tsconfig: TSCONFIG })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaries }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files itself: it needs the TypeScript parser and resolution.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], tsconfig: TSCONFIG }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: clientBoundaries }],
      // A lazy import() runs after both modules have loaded: the route tables and the
      // first-page preloader name each other's chunks that way, which is no cycle at load.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
    },
  },
);
