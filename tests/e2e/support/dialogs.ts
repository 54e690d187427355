import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Escape on a dialog, then the history settled: a dialog closed another way
 * than Back takes its own history entry back off with history.back()
 * (src/client/lib/back-closes-layer.ts), a navigation that would abort a
 * `page.goto` started at once (net::ERR_ABORTED). Wait for both before
 * going elsewhere.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.waitForFunction(() => {
    const state: unknown = history.state;
    return !(typeof state === 'object' && state !== null && 'lendloopLayer' in state);
  });
}
