import { test as base, type BrowserContextOptions, type Cookie } from '@playwright/test';
import { newTestUser, SESSION_COOKIE, signUpOverHttp, type TestUser } from './auth';
import { COOKIE_CONSENT_STORAGE_KEY, ESSENTIAL_ONLY_CONSENT, type CookieConsentPreset } from './cookie-consent';
import { BASE_URL } from './env';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

function storageStateFor(consent: CookieConsentPreset, cookies: Cookie[] = []): StorageState {
  return {
    cookies,
    origins:
      consent === 'essential-only'
        ? [{ origin: BASE_URL, localStorage: [{ name: COOKIE_CONSENT_STORAGE_KEY, value: ESSENTIAL_ONLY_CONSENT }] }]
        : [],
  };
}

interface Options {
  /** Whether the page starts with a stored cookie choice (no banner) or without one (banner shows). */
  cookieConsent: CookieConsentPreset;
}

/** Signed-out visitor; a first visit by default (no cookie choice stored yet). */
export const test = base.extend<Options>({
  cookieConsent: ['unset', { option: true }],
  storageState: async ({ cookieConsent }, use) => {
    await use(storageStateFor(cookieConsent));
  },
});

interface SignedInFixtures {
  /** The person the page is signed in as. */
  account: TestUser;
}

interface SignedInWorkerFixtures {
  workerAccount: { user: TestUser; cookies: Cookie[] };
}

/**
 * Signed in as a local account that each worker creates once through the
 * real sign-in flow. Tests that end the session (sign-out) must create their
 * own account instead, or later tests of the worker would be signed out.
 * Starts with "essential only" stored, so the cookie banner does not cover
 * the bottom navigation; override with test.use({ cookieConsent: 'unset' }).
 */
export const signedInTest = test.extend<SignedInFixtures, SignedInWorkerFixtures>({
  cookieConsent: 'essential-only',
  workerAccount: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: BASE_URL,
        locale: 'en-US',
        storageState: storageStateFor('essential-only'),
      });
      const page = await context.newPage();
      const user = newTestUser(`worker${workerInfo.workerIndex}`);
      await signUpOverHttp(page, user);
      const cookies = (await context.cookies()).filter((cookie) => cookie.name === SESSION_COOKIE);
      await context.close();
      await use({ user, cookies });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ cookieConsent, workerAccount }, use) => {
    await use(storageStateFor(cookieConsent, workerAccount.cookies));
  },
  account: async ({ workerAccount }, use) => {
    await use(workerAccount.user);
  },
});

export { expect } from '@playwright/test';
