import { BASE_URL } from './support/env';
import { firstNumber, pausePageClock } from './support/clock';
import { expect, test } from './support/fixtures';

test.describe('auth-debug page (signed out)', () => {
  test('shows the error from the query, and stays', async ({ page }) => {
    await page.goto('/auth-debug?error=login_failed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in help');
    await expect(page.getByTestId('auth-debug-error')).toHaveText('login_failed');
    await expect(page.getByTestId('auth-debug-countdown')).toHaveCount(0);
    const main = page.getByRole('main');
    await expect(main).toContainText(await page.evaluate(() => navigator.userAgent));
    await expect(main).toContainText(`${BASE_URL}/auth-debug?error=login_failed`);
    await expect(page.getByRole('button', { name: 'Try Login Again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to Home' })).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/auth-debug?error=login_failed`);
  });

  test('shows markup in the error as text', async ({ page }) => {
    const error = '<img src=x onerror=alert(1)>';
    await page.goto(`/auth-debug?error=${encodeURIComponent(error)}`);
    await expect(page.getByTestId('auth-debug-error')).toHaveText(error);
    await expect(page.getByTestId('auth-debug-error').locator('img')).toHaveCount(0);
  });

  test('without an error, counts down and goes to / after 5 seconds', async ({ page }) => {
    // The page's clock, moved by the test: the five seconds pass at once (issue 31). It runs
    // while the page loads (the page needs its timers to load), and stops once the countdown
    // shows, so only runFor moves it after that.
    await page.clock.install();
    await page.goto('/auth-debug');
    const countdown = page.getByTestId('auth-debug-countdown');
    await expect(countdown).toHaveText('Going to the home page in 5 seconds.');
    // On a loaded machine a whole second may pass before the clock stops; the count then
    // goes on from what it shows, one second per second of the page's time.
    await pausePageClock(page);
    const shown = firstNumber(await countdown.textContent());
    expect([4, 5]).toContain(shown);
    await page.clock.runFor(1_000);
    await expect(countdown).toHaveText(`Going to the home page in ${shown - 1} seconds.`);
    await page.clock.runFor((shown - 2) * 1_000);
    await expect(countdown).toHaveText('Going to the home page in 1 second.');
    await expect(page).toHaveURL(`${BASE_URL}/auth-debug`);
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
  });

  test('Go to Home leaves at once', async ({ page }) => {
    await page.goto('/auth-debug?error=login_expired');
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByTestId('landing-sign-in')).toBeVisible();
  });

  test('Try Login Again starts the sign-in flow', async ({ page }) => {
    await page.goto('/auth-debug?error=login_failed');
    await page.getByRole('button', { name: 'Try Login Again' }).click();
    await page.waitForURL(/\/oidc\/interaction\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Lendloop');
  });
});
