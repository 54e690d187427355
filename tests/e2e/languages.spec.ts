import { openBuiltInSignInPage } from './support/auth';
import { BASE_URL } from './support/env';
import { expect, signedInTest, test } from './support/fixtures';

test.describe('interface language', () => {
  test('switching to German changes the texts and survives a reload', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByTestId('language-select').selectOption('de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leihen und verleihen unter Freunden');
    await expect(page.getByTestId('landing-sign-in')).toHaveText('Anmelden');
    await expect(page.getByTestId('cookie-banner')).toContainText('Wir verwenden Cookies');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('language-select')).toHaveValue('de');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');
    await expect
      .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value)
      .toBe('de');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leihen und verleihen unter Freunden');
    await expect(page.getByTestId('language-select')).toHaveValue('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('?lng=fr picks French, and the built-in sign-in page follows', async ({ page }) => {
    await page.goto('/?lng=fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prêter et emprunter entre amis');
    await expect(page.getByTestId('language-select')).toHaveValue('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    // The choice is remembered without the query parameter.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prêter et emprunter entre amis');

    await openBuiltInSignInPage(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle('Se connecter à Lendloop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Se connecter à Lendloop');
    await expect(page.getByRole('heading', { level: 2, name: 'Créer un compte local' })).toBeVisible();
    await expect(page.getByLabel('Nom complet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Créer le compte et se connecter' })).toBeVisible();
  });

  test('the German choice also reaches the built-in sign-in page', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-select').selectOption('de');
    await expect(page.getByTestId('landing-sign-in')).toHaveText('Anmelden');
    await openBuiltInSignInPage(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Lendloop anmelden');
    await expect(page.getByRole('button', { name: 'Konto anlegen und anmelden' })).toBeVisible();
  });
});

test.describe('a browser language we do not support', () => {
  test.use({ locale: 'ja-JP' });

  test('gets German (ADR 0004), not the English of a static <html lang>', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leihen und verleihen unter Freunden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('language-select')).toHaveValue('de');
  });
});

signedInTest('signed in, the user menu switches the language of the shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Items');
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Sachen');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Sachen');
});
