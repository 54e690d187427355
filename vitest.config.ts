import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { SRC_ALIAS } from './alias.config';

const CLIENT_TESTS = 'src/client/**/*.test.{ts,tsx}';

/**
 * Client test files that replace a module (vi.mock) or reload modules
 * (vi.resetModules: later files of a shared fork would get the copies it
 * loaded last), read from the files themselves so none is missed.
 */
const clientDir = new URL('./src/client/', import.meta.url);
const moduleMockingClientTests = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(new URL(file, clientDir), 'utf8')))
  .map((file) => `src/client/${file}`);

/**
 * The client tests in jsdom with the real English locale files. Without
 * isolation a fork keeps its imported modules and its jsdom from one file to
 * the next (tests/setup/client.ts resets the DOM, storage, cookies, timers,
 * stubs and i18n after every test); issue 31.
 */
/** `@/` is src/ (alias.config.ts). */
const resolve = { alias: SRC_ALIAS };

function clientProject(
  name: string,
  files: { include: string[]; exclude?: string[]; isolate: boolean },
): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    resolve,
    test: {
      name,
      environment: 'jsdom',
      ...files,
      setupFiles: ['tests/setup/client.ts'],
      // jsdom tests share the CPU with the server forks; 5 s is too tight under CI load
      // (a 7-test dialog file took 19 s there). This is a hang guard, not a speed assertion.
      testTimeout: 15_000,
      // The donation banner shows only when the build names a donation page.
      env: { VITE_DONATION_URL: 'https://donate.example.org/lendloop' },
    },
  };
}

export default defineConfig({
  test: {
    // One fork per core. Vitest's default is one per core minus one: a single
    // worker on the 2-core machines, so every file ran after the other (issue 31).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    projects: [
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          globalSetup: ['tests/setup/global-database.ts'],
          setupFiles: ['tests/setup/server.ts'],
          // Each file gets its own database, so files may run in parallel.
          pool: 'forks',
          // A fork runs file after file without re-importing the server's modules for each
          // (a third of this project's time, issue 31). Safe because no server test replaces a
          // module (vi.mock) and every file builds its own app on its own database; what a file
          // changes in process-wide state (the clock, env) it restores after itself, and
          // lint keeps vi.mock out of this project (tests/unit/lint-boundaries.test.ts).
          // tests/setup/server.ts gives back the clock, globals and env after each file.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      clientProject('client', { include: [CLIENT_TESTS], exclude: moduleMockingClientTests, isolate: false }),
      // Files that replace a module (vi.mock) get a fresh module graph each: a replaced module
      // would otherwise stay replaced for the next file of the fork.
      clientProject('client-isolated', { include: moduleMockingClientTests, isolate: true }),
    ],
  },
});
