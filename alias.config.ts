import { fileURLToPath } from 'node:url';

/**
 * `@/` is src/: tsconfig.json's `paths` (which esbuild, tsx, Playwright and
 * ESLint's resolver read) and, for the tools that take an alias of their
 * own, this one definition: vite.config.ts, vitest.config.ts and
 * tests/faults/vitest.config.ts.
 */
export const SRC_ALIAS = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
