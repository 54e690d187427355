import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS } from './support/axe';
import { BASE_URL } from './support/env';
import { screenshotForReview } from './support/screenshots';

/**
 * The unsubscribe page of the email digests (docs/decisions/0025) is
 * rendered by the server, also for someone whose browser runs the installed
 * app's service worker: the worker must not answer the navigation with the
 * app shell (vite.config.ts navigateFallbackDenylist). Without the server's
 * secret this spec cannot sign a token, so it opens the page with a bad one;
 * the server tests cover valid tokens.
 */
test.use({ serviceWorkers: 'allow', locale: 'de-CH' });

test('with the service worker in control, an unsubscribe link reaches the server page, which passes axe', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated')
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${BASE_URL}/sw.js`);

  const response = await page.goto('/unsubscribe?token=not-a-token');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Not expectNoAxeViolations: its guard wants more than 10 passing rules, and this page is a heading, a paragraph and a link.
  const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(axe.passes.map((rule) => rule.id)).toEqual(
    expect.arrayContaining(['color-contrast', 'html-has-lang', 'document-title']),
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await screenshotForReview(page, { path: test.info().outputPath(`unsubscribe-invalid-${width}.png`) });
  }
});
