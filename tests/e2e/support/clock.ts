import type { Page } from '@playwright/test';

/**
 * Stops the page's running clock (installed with page.clock.install) just after its present
 * time, so only page.clock.runFor moves it from here on. Reading the page's time and pausing
 * are two round trips, so on a loaded machine the clock may pass the time read before the
 * pause arrives ("Cannot fast-forward to the past", seen in CI); then it reads again.
 * A timer due in that gap has fired, so a caller reads what the page shows after this.
 */
export async function pausePageClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 20);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('past')) throw error;
    }
  }
}

/** The first whole number in a locator's text: a countdown's seconds, an elapsed time. */
export function firstNumber(text: string | null): number {
  return Number(/\d+/.exec(text ?? '')?.[0]);
}
