import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { newTestUser, signUpOverHttp, type TestUser } from './auth';
import { COOKIE_CONSENT_STORAGE_KEY, ESSENTIAL_ONLY_CONSENT } from './cookie-consent';
import { BASE_URL } from './env';
import { test as signedOutTest } from './fixtures';

/**
 * Specs with several people (Alice, Bob, Carol), each in their own browser
 * context, signed up through the real sign-in flow. The contexts follow the
 * project's device, so the same spec runs at phone and at desktop width.
 */
export type DeviceOptions = Pick<
  BrowserContextOptions,
  'viewport' | 'isMobile' | 'hasTouch' | 'userAgent' | 'deviceScaleFactor' | 'locale'
>;

export interface Person {
  page: Page;
  user: TestUser;
}

interface PeopleFixtures {
  /** A fresh, signed-out person with the cookie choice made (no banner over the bottom bar). */
  newVisitor: () => Promise<Page>;
  /** A fresh person signed up and signed in; `label` ends up in their name and username. */
  signUp: (label: string) => Promise<Person>;
}

async function newContext(browser: Browser, device: DeviceOptions): Promise<BrowserContext> {
  return browser.newContext({
    ...device,
    baseURL: BASE_URL,
    storageState: {
      cookies: [],
      origins: [
        { origin: BASE_URL, localStorage: [{ name: COOKIE_CONSENT_STORAGE_KEY, value: ESSENTIAL_ONLY_CONSENT }] },
      ],
    },
  });
}

export const peopleTest = signedOutTest.extend<PeopleFixtures>({
  newVisitor: async ({ browser, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, locale }, use) => {
    const device = { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, locale };
    const opened: BrowserContext[] = [];
    await use(async () => {
      const context = await newContext(browser, device);
      opened.push(context);
      return context.newPage();
    });
    await Promise.all(opened.map((context) => context.close()));
  },
  signUp: async ({ newVisitor }, use) => {
    await use(async (label) => {
      const page = await newVisitor();
      const user = newTestUser(label);
      await signUpOverHttp(page, user);
      return { page, user };
    });
  },
});
