import type { BrowserContext, Page } from '@playwright/test';
import { COOKIE_CONSENT_STORAGE_KEY } from './support/cookie-consent';
import { BASE_URL } from './support/env';
import { expect, test } from './support/fixtures';

async function storedConsent(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).sort();
}

/** Cookies an analytics script would have left, plus one that is not analytics. */
async function addThirdPartyCookies(context: BrowserContext): Promise<void> {
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.123456789.1700000000', url: BASE_URL },
    { name: '_gid', value: 'GA1.1.987654321.1700000000', url: BASE_URL },
    { name: 'keep_me', value: '1', url: BASE_URL },
  ]);
}

test.describe('cookie consent', () => {
  test('the banner shows on a first visit; "Essential only" hides it for good', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('heading', { name: 'We use cookies' })).toBeVisible();
    expect(await storedConsent(page)).toBeNull();

    await banner.getByRole('button', { name: 'Essential only' }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ essential: true, functional: false, analytics: false });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test('"Accept all" stores every category', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ essential: true, functional: true, analytics: true });
  });

  test('settings dialog: analytics on, Save persists the choice', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByTestId('cookie-settings-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();

    const essential = dialog.getByRole('switch', { name: 'Essential cookies' });
    const functional = dialog.getByRole('switch', { name: 'Functional cookies' });
    const analytics = dialog.getByRole('switch', { name: 'Analytics cookies' });
    await expect(essential).toBeChecked();
    await expect(essential).toBeDisabled();
    await expect(functional).not.toBeChecked();
    await expect(analytics).not.toBeChecked();

    await analytics.click();
    await expect(analytics).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ essential: true, functional: false, analytics: true });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    // The footer reopens the settings, which start from the stored choice.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('switch', { name: 'Analytics cookies' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Functional cookies' })).not.toBeChecked();
  });

  test('closing the settings dialog returns focus to the button that opened it', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Essential only' }).click();
    const opener = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await storedConsent(page)).toMatchObject({ analytics: false });
  });

  test('declining analytics removes analytics cookies already set', async ({ page, context }) => {
    await addThirdPartyCookies(context);
    await page.goto('/');
    expect(await cookieNames(context)).toEqual(expect.arrayContaining(['_ga', '_gid', 'keep_me']));

    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Essential only' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    await expect.poll(() => cookieNames(context)).not.toContain('_ga');
    const names = await cookieNames(context);
    expect(names).not.toContain('_gid');
    expect(names).toContain('keep_me');
  });

  test('declining analytics in the settings dialog removes them too', async ({ page, context }) => {
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept all' }).click();
    await addThirdPartyCookies(context);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const analytics = page.getByRole('switch', { name: 'Analytics cookies' });
    await expect(analytics).toBeChecked();
    await analytics.click();
    await expect(analytics).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => cookieNames(context)).not.toContain('_ga');
    expect(await cookieNames(context)).toEqual(expect.arrayContaining(['keep_me']));
    expect(await storedConsent(page)).toMatchObject({ analytics: false, functional: true });
  });

  test('a stored "no analytics" clears analytics cookies on the next visit', async ({ page, context }) => {
    await page.goto('/');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Essential only' }).click();
    await addThirdPartyCookies(context);
    expect(await cookieNames(context)).toContain('_ga');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
    await expect.poll(() => cookieNames(context)).not.toContain('_ga');
    expect(await cookieNames(context)).toContain('keep_me');
  });
});
