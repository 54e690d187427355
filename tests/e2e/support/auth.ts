import { expect, type Page } from '@playwright/test';
import { BASE_URL } from './env';

/** The session cookie over http (https uses the __Host- prefixed name). */
export const SESSION_COOKIE = 'lendloop_session';

export interface TestUser {
  name: string;
  username: string;
  email: string;
}

let counter = 0;

/**
 * A person with a username no other test (or earlier run against a reused
 * server) has: 3–30 characters of [a-z0-9._-].
 */
export function newTestUser(label = 'user'): TestUser {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${counter.toString(36)}`;
  const username = `${label
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)}.${suffix}`.slice(0, 30);
  return { name: `Ada ${label} Tester`, username, email: `${username}@example.com` };
}

/** Landing page → "Sign in" → /api/login → provider → our built-in sign-in page. */
export async function openBuiltInSignInPage(page: Page): Promise<void> {
  if (!page.url().startsWith(BASE_URL)) await page.goto('/');
  await page.getByTestId('landing-sign-in').click();
  await page.waitForURL(/\/oidc\/interaction\/[^/]+$/);
}

/** Fills and submits the "create a local account" form of the built-in sign-in page. */
export async function submitCreateAccountForm(page: Page, user: Partial<TestUser>): Promise<void> {
  await page.locator('#name').fill(user.name ?? '');
  await page.locator('#username').fill(user.username ?? '');
  await page.locator('#email').fill(user.email ?? '');
  // The form's submit button; located by its form so the helper works in every language.
  await page.locator('form[action$="/create"] button[type="submit"]').click();
}

/** The account button of the built-in sign-in page's account list (name and @username). */
export function accountButton(page: Page, user: Pick<TestUser, 'username'>) {
  return page.getByRole('button', { name: `@${user.username}` });
}

/** The user menu trigger's accessible name names the signed-in person. */
export async function expectSignedInAs(page: Page, user: Pick<TestUser, 'name'>): Promise<void> {
  await expect(page.getByTestId('user-menu-trigger')).toHaveAccessibleName(`Account menu for ${user.name}`);
}

/** The whole real sign-up: landing → provider → new local account → back on the app, signed in. */
export async function signUpThroughProvider(page: Page, user: TestUser): Promise<void> {
  await page.goto('/');
  await openBuiltInSignInPage(page);
  await submitCreateAccountForm(page, user);
  await page.waitForURL(`${BASE_URL}/`);
  await expectSignedInAs(page, user);
}

/**
 * The same real sign-up as signUpThroughProvider (the built-in provider's
 * form, the authorization code flow with PKCE, the token exchange, the
 * session cookie), sent as the context's own HTTP requests instead of
 * rendered pages, then the app opened signed in. For specs about what comes
 * after signing in: the landing and sign-in pages it skips are driven by
 * sign-in.spec.ts, accessibility.spec.ts and security.spec.ts. About a
 * second less per person (issue 31).
 */
export async function signUpOverHttp(page: Page, user: TestUser): Promise<void> {
  // As the browser would on the landing page: its languages pick the account's language (ADR 0016).
  const headers = { 'accept-language': await page.evaluate(() => navigator.languages.join(',')) };
  const login = await page.request.get('/api/login', { headers });
  const interaction = new URL(login.url());
  expect(interaction.pathname, `GET /api/login: ${login.status()}`).toMatch(/^\/oidc\/interaction\/[^/]+$/);
  const created = await page.request.post(`${interaction.pathname}/create`, {
    headers: { ...headers, origin: BASE_URL },
    form: { name: user.name, username: user.username, email: user.email },
  });
  expect(new URL(created.url()).pathname, `account creation: ${created.status()}`).toBe('/');
  await page.goto('/');
  await expectSignedInAs(page, user);
}

/** Signs in as an existing local account by picking it on the built-in sign-in page. */
export async function signInAsExisting(page: Page, user: TestUser): Promise<void> {
  await page.goto('/');
  await openBuiltInSignInPage(page);
  await accountButton(page, user).click();
  await page.waitForURL(`${BASE_URL}/`);
  await expectSignedInAs(page, user);
}
