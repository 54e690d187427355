import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT, E2E_PUSH_PORT, E2E_PUSH_TLS_DIR } from './tests/e2e/support/env';

const CI = !!process.env.CI;

/**
 * Browser tests against the built app (scripts/e2e-server.mjs: build if
 * needed, fresh embedded database, built-in identity provider). Chromium is
 * the system one; @playwright/test never downloads browsers here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two cores: one browser per core; the server and PostgreSQL share them.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    // .ci/run counts the tests each step ran from this report (issue 31).
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as ['json']] : []),
  ],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
    // Recording a trace for every test slows the suite noticeably on two cores; CI records the retry's.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The app registers a service worker that precaches the whole client in every new context: on two
    // cores that is load for nothing, and its cache would answer requests a spec routes. pwa.spec.ts
    // tests the worker in a profile of its own with workers allowed.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      // Layout-dependent specs also run at phone width (bottom navigation, axe).
      name: 'phone',
      testMatch:
        /(shell|accessibility|contacts|groups|items|item-creation|lending|feedback-banner|profile|gdpr|deleted-account|blocking|loan-history|looking-for|start-conversation|reservations|loan-condition|loan-link)\.spec\.ts$/,
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/healthz`,
    env: { E2E_PORT: String(E2E_PORT), E2E_PUSH_PORT: String(E2E_PUSH_PORT), E2E_PUSH_TLS_DIR },
    reuseExistingServer: !CI,
    // Build (a few seconds) plus initdb of the embedded PostgreSQL.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server stop PostgreSQL and the wrapper delete its data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
