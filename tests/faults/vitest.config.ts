import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SRC_ALIAS } from '../../alias.config';

/**
 * `npm run test:faults`: the fault suite (docs/decisions/0019). It runs the
 * built server as a child process and kills it, its PostgreSQL and its
 * connections, so it is slow and kept out of `npm test`. It also runs two
 * built servers behind a loopback proxy (two-instances.test.ts, issue 37). One file at a time:
 * each starts its own server, and the machine has two cores.
 */
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  resolve: { alias: SRC_ALIAS },
  test: {
    name: 'faults',
    environment: 'node',
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['tests/faults/global-setup.ts'],
    fileParallelism: false,
    // Budgets, not expectations: a cycle takes seconds; these only stop a hang.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
