import { request as playwrightRequest } from '@playwright/test';
import { newTestUser, SESSION_COOKIE, signUpThroughProvider } from './support/auth';
import { BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';

test('sign-out ends the session on the server, not only in the browser', async ({ page, context }) => {
  // Its own account: ending the shared worker session would sign out other tests.
  const user = newTestUser('signout');
  await signUpThroughProvider(page, user);

  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session, `a ${SESSION_COOKIE} cookie after sign-in`).toBeDefined();
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const cookieHeader = `${SESSION_COOKIE}=${session?.value ?? ''}`;

  // A client outside the browser, holding only the captured cookie.
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Cookie: cookieHeader } });
  try {
    const before = await api.get('/api/auth/user');
    expect(before.status()).toBe(200);
    expect(((await before.json()) as { username: string }).username).toBe(user.username);

    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId('landing-sign-in')).toBeVisible();
    await expect(page.getByTestId('user-menu-trigger')).toHaveCount(0);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);

    const after = await api.get('/api/auth/user');
    expect(after.status()).toBe(401);
  } finally {
    await api.dispose();
  }

  // The browser stays signed out after a reload.
  await page.reload();
  await expect(page.getByTestId('landing-sign-in')).toBeVisible();
});
