import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import {
  accountButton,
  newTestUser,
  openBuiltInSignInPage,
  SESSION_COOKIE,
  signUpThroughProvider,
} from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';

// No cookie banner over the page; every signed-in test makes its own account (one deletes it).
test.use({ cookieConsent: 'essential-only' });

async function openPrivacyFromUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('user-menu-privacy').click();
  await expect(page).toHaveURL(`${BASE_URL}/gdpr`);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy and data' })).toBeVisible();
}

/** Today in the browser's own time zone, as the export's file name carries it. */
async function browserLocalDate(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

test('the privacy policy is readable signed out, from the landing footer', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('footer-privacy').click();
  await expect(page).toHaveURL(`${BASE_URL}/gdpr`);
  await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByTestId(/^policy-section-/)).toHaveCount(11);
  // The browser-test server configures no OPERATOR_* variables: the policy says so instead of naming nobody.
  await expect(page.getByTestId('operator-missing')).toContainText('has not yet entered their name and address');
  await expectNoAxeViolations(page, 'gdpr-policy-signed-out');

  await page.getByTestId('privacy-tab-export').click();
  await expect(page.getByTestId('privacy-sign-in-notice')).toContainText('Sign in to download your data.');
  await expect(page.getByTestId('export-download')).toHaveCount(0);
  await expectNoAxeViolations(page, 'gdpr-export-signed-out');

  await page.getByTestId('privacy-tab-deletion').click();
  await expect(page.getByTestId('privacy-sign-in-notice')).toContainText('Sign in to delete your account.');
  await expect(page.getByTestId('delete-account-open')).toHaveCount(0);
  await expectNoAxeViolations(page, 'gdpr-deletion-signed-out');
});

test('signed in: opened from the user menu, the export downloads a JSON file of the account', async ({ page }) => {
  const user = newTestUser('export');
  await signUpThroughProvider(page, user);
  await apiAs(page, 'POST', '/api/items', { name: 'Export test drill', category: 'tools' });

  await openPrivacyFromUserMenu(page);
  await expect(page.getByTestId('policy-section-controller')).toBeVisible();
  await expectNoAxeViolations(page, 'gdpr-policy');

  await page.getByTestId('privacy-tab-export').click();
  await expect(page).toHaveURL(`${BASE_URL}/gdpr?tab=export`);
  await expectNoAxeViolations(page, 'gdpr-export');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`lendloop-${await browserLocalDate(page)}.json`);
  const text = await readFile(await download.path(), 'utf8');
  const exported: unknown = JSON.parse(text);
  expect(typeof exported).toBe('object');
  expect(text).toContain(user.name);
  expect(text).toContain('Export test drill');
  await expect(page.getByTestId('toast')).toContainText('Your data was downloaded');

  await page.getByTestId('privacy-tab-deletion').click();
  await expect(page.getByTestId('deletion-warning')).toBeVisible();
  await expectNoAxeViolations(page, 'gdpr-deletion');
  await page.getByTestId('delete-account-open').click();
  const dialog = page.getByTestId('delete-account-dialog');
  await expect(dialog.getByTestId('delete-account-confirm')).toBeDisabled();
  await expectNoAxeViolations(page, 'gdpr-delete-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // Cancelled: still signed in, the account untouched.
  expect((await apiAs<{ name: string }[]>(page, 'GET', '/api/items/my')).map((item) => item.name)).toEqual([
    'Export test drill',
  ]);
});

test('deleting the account signs out and deletes its sign-in account; signing up again starts empty', async ({
  page,
  context,
}) => {
  const user = newTestUser('deleteme');
  await signUpThroughProvider(page, user);
  await apiAs(page, 'POST', '/api/items', { name: 'Soon gone ladder', category: 'tools' });
  await page.reload();
  await expect(page.getByTestId('stat-total')).toHaveText('1');

  await openPrivacyFromUserMenu(page);
  await page.getByTestId('privacy-tab-deletion').click();
  await page.getByTestId('delete-account-open').click();
  const dialog = page.getByTestId('delete-account-dialog');
  const confirm = dialog.getByTestId('delete-account-confirm');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('I understand that my account and my data will be deleted permanently.').check();
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByTestId('landing-sign-in')).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The built-in provider's account went too (ADR 0015, amended by 0051): the picker no longer lists it,
  // and the same username makes a new, empty account.
  await page.goto('/');
  await openBuiltInSignInPage(page);
  await expect(accountButton(page, user)).toHaveCount(0);
  await signUpThroughProvider(page, user);
  await expect(page.getByTestId('my-items-empty')).toBeVisible();
  await expect(page.getByTestId('stat-total')).toHaveText('0');
  expect(await apiAs<unknown[]>(page, 'GET', '/api/items/my')).toEqual([]);
});
