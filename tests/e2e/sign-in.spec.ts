import {
  accountButton,
  expectSignedInAs,
  newTestUser,
  openBuiltInSignInPage,
  signUpThroughProvider,
  submitCreateAccountForm,
} from './support/auth';
import { BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';

test.describe('sign-in through the built-in identity provider', () => {
  test('creates a local account and lands signed in on My Items', async ({ page }) => {
    const user = newTestUser('create');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Lend and borrow among friends' })).toBeVisible();

    await openBuiltInSignInPage(page);
    await expect(page).toHaveTitle('Sign in to Lendloop');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Lendloop' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Create a local account' })).toBeVisible();
    await page.getByLabel('Full name').fill(user.name);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email (optional)').fill(user.email);
    await page.getByRole('button', { name: 'Create account and sign in' }).click();

    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
    await expectSignedInAs(page, user);

    await page.getByTestId('user-menu-trigger').click();
    const menu = page.getByTestId('user-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText(user.name, { exact: true })).toBeVisible();
    // Spec §2: the email preview is cut to 20 characters.
    await expect(menu.getByTestId('user-menu-email')).toHaveText(`${user.email.slice(0, 20)}…`);
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  });

  test('signed out, a page asked for (/contacts?x=1) is where sign-in lands, through the OIDC round trip', async ({
    page,
  }) => {
    const user = newTestUser('return');
    await page.goto('/contacts?x=1');
    await openBuiltInSignInPage(page);
    await submitCreateAccountForm(page, user);
    await expect(page).toHaveURL(`${BASE_URL}/contacts?x=1`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  });

  test('a second sign-in picks the existing account from the list', async ({ page, browser }) => {
    const user = newTestUser('again');
    await signUpThroughProvider(page, user);

    // A separate browser: no app session, no provider session.
    const other = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US' });
    try {
      const second = await other.newPage();
      await second.goto('/');
      await openBuiltInSignInPage(second);
      await expect(second.getByRole('heading', { level: 2, name: 'Continue as' })).toBeVisible();
      const button = accountButton(second, user);
      await expect(button).toBeVisible();
      await expect(button).toContainText(user.name);
      await expect(button).toContainText(`@${user.username}`);
      await button.click();

      await expect(second).toHaveURL(`${BASE_URL}/`);
      await expectSignedInAs(second, user);
      await expect(second.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('a taken username is refused on the sign-in page, with the values kept', async ({ page }) => {
    const first = newTestUser('taken');
    await signUpThroughProvider(page, first);
    await page.context().clearCookies();

    await page.goto('/');
    await openBuiltInSignInPage(page);
    await submitCreateAccountForm(page, { name: 'Someone Else', username: first.username, email: '' });
    await expect(page).toHaveURL(/\/oidc\/interaction\/[^/]+\/create$/);
    const username = page.getByLabel('Username');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription('This username is already taken.');
    await expect(username).toHaveValue(first.username);
    await expect(page.getByLabel('Full name')).toHaveValue('Someone Else');
  });

  test('Cancel on the sign-in page returns to the landing page, still signed out', async ({ page }) => {
    await page.goto('/');
    await openBuiltInSignInPage(page);
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId('landing-sign-in')).toBeVisible();
    await expect(page.getByTestId('user-menu-trigger')).toHaveCount(0);
  });
});
