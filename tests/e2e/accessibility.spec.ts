import { openBuiltInSignInPage } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect, signedInTest, test } from './support/fixtures';

// Runs in both projects: phone (412 px) and desktop (1280 px).

test.describe('accessibility, signed out', () => {
  test('landing page with the cookie banner, then after dismissing it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await expectNoAxeViolations(page, 'landing-with-banner');

    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Essential only' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    await expectNoAxeViolations(page, 'landing');
  });

  test('cookie settings dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByTestId('cookie-settings-dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'cookie-settings-dialog');
  });

  test('built-in sign-in page', async ({ page }) => {
    await page.goto('/');
    await openBuiltInSignInPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Lendloop');
    await expectNoAxeViolations(page, 'sign-in-page');
  });

  test('auth-debug page', async ({ page }) => {
    await page.goto('/auth-debug?error=login_failed');
    await expect(page.getByTestId('auth-debug-error')).toBeVisible();
    await expectNoAxeViolations(page, 'auth-debug');
  });
});

signedInTest.describe('accessibility, signed in', () => {
  signedInTest.describe('before a cookie choice', () => {
    signedInTest.use({ cookieConsent: 'unset' });

    signedInTest('My Items shell with the cookie banner, then after dismissing it', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Items');
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      await expectNoAxeViolations(page, 'my-items-with-banner');

      await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept all' }).click();
      await expect(page.getByTestId('cookie-banner')).toBeHidden();
      await expectNoAxeViolations(page, 'my-items');
    });
  });

  signedInTest('news dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('brand-button').click();
    await expect(page.getByTestId('news-dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'news-dialog');
  });

  signedInTest('user menu open', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('user-menu-trigger').click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expectNoAxeViolations(page, 'user-menu');
  });

  signedInTest('not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expectNoAxeViolations(page, 'not-found');
  });
});
