import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          globalSetup: ['tests/setup/global-database.ts'],
          // Each file gets its own database, so files may run in parallel.
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
          // jsdom tests share the CPU with the server forks; 5 s is too tight under CI load
          // (a 7-test dialog file took 19 s there). This is a hang guard, not a speed assertion.
          testTimeout: 15_000,
          // The donation banner shows only when the build names a donation page.
          env: { VITE_DONATION_URL: 'https://donate.example.org/lendloop' },
        },
      },
    ],
  },
});
