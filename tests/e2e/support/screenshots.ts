import type { Locator, Page } from '@playwright/test';

/**
 * Whether specs save the screenshots they take for people to look at
 * (`E2E_SCREENSHOTS=1 npm run test:e2e`; the files land in test-results/ or
 * the folder a spec names). They assert nothing: what a screenshot shows is
 * asserted beside it (labels that fit, axe, bounding boxes). Off by default,
 * because a full-page PNG costs a worker up to a second on two cores and the
 * suite takes dozens (issue 31). Failing tests still get Playwright's own
 * screenshot (playwright.config.ts).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** `target.screenshot(options)` when screenshots are asked for; nothing otherwise. */
export async function screenshotForReview(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (!SCREENSHOTS) return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}
