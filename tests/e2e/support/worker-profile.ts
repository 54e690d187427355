import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type LaunchOptions, type Page } from '@playwright/test';
import { COOKIE_CONSENT_STORAGE_KEY, ESSENTIAL_ONLY_CONSENT } from './cookie-consent';
import { BASE_URL } from './env';

export interface WorkerProfile {
  context: BrowserContext;
  page: Page;
  /** Closes the browser and deletes its profile folder. */
  close(): Promise<void>;
}

/**
 * A Chromium with a profile folder of its own and service workers allowed
 * (playwright.config.ts blocks them for every other spec): the installability
 * check needs a persistent profile, and push and offline need the worker. A
 * returning visitor: "essential only" is stored, so the cookie banner covers
 * nothing.
 */
export async function launchWorkerProfile(
  launchOptions: LaunchOptions,
  options: { name: string; locale?: string },
): Promise<WorkerProfile> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), `lendloop-${options.name}-`));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...launchOptions,
    baseURL: BASE_URL,
    locale: options.locale ?? 'en-US',
    timezoneId: 'Europe/Zurich',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  await context.addInitScript(
    ([key, value]) => {
      // Only pages of our origin have our storage; about:blank refuses access.
      if (window.location.protocol !== 'about:' && !localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [COOKIE_CONSENT_STORAGE_KEY, ESSENTIAL_ONLY_CONSENT] as const,
  );
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
