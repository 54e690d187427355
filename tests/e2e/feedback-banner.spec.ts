import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { isPhoneLayout } from './support/layout';
import { peopleTest as test } from './support/people';
import { screenshotForReview } from './support/screenshots';

/** The beta feedback banner (spec §2/§4/§5): per person, gone for good once answered or dismissed. */

function banner(page: Page) {
  return page.getByRole('region', { name: 'Beta feedback' });
}

async function screenshot(page: Page, name: string): Promise<void> {
  await screenshotForReview(page, {
    path: test.info().outputPath(`${name}-${isPhoneLayout(page) ? 'phone' : 'desktop'}.png`),
  });
}

test('rating with stars and text thanks the person and hides the banner for good', async ({ signUp }) => {
  const { page } = await signUp('rater');
  await expect(banner(page)).toBeVisible();
  // The page starts below the 72 px bar; the sticky header sits right under it.
  const header = page.getByRole('banner');
  expect((await header.boundingBox())?.y).toBe(72);
  await expectNoAxeViolations(page, 'feedback banner');
  await screenshot(page, 'bar');

  await banner(page).getByRole('button', { name: 'Give feedback' }).click();
  const panel = page.getByTestId('feedback-panel');
  await expect(panel).toBeVisible();
  // Opened over the page, under the bar, and whole: nothing below the viewport or under the bar.
  const box = await panel.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y >= 72 && box.y + box.height <= viewport.height).toBe(true);
  await expect(panel.getByRole('button', { name: 'Submit' })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, 'feedback panel');
  await screenshot(page, 'panel');

  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('toast')).toContainText('Please select a rating');

  await panel.getByTestId('feedback-star-4').click();
  await expect(panel.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
  await panel.getByRole('textbox').fill('  Handy for borrowing a drill.  ');
  await panel.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('toast')).toContainText('Thank you for your feedback!');
  await expect(banner(page)).toHaveCount(0);
  expect((await header.boundingBox())?.y).toBe(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Items');
  await expect(banner(page)).toHaveCount(0);
});

test('dismissing hides it for that person only, also after a reload', async ({ signUp }) => {
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  await expect(banner(bob.page)).toBeVisible();
  await banner(bob.page).getByRole('button', { name: 'Dismiss the feedback banner' }).click();
  await expect(banner(bob.page)).toHaveCount(0);
  // The dismissal reached the server before the reload.
  await expect
    .poll(async () => (await bob.page.request.get('/api/banner/should-show')).json())
    .toEqual({ show: false });

  await bob.page.reload();
  await expect(bob.page.getByRole('heading', { level: 1 })).toHaveText('My Items');
  await expect(banner(bob.page)).toHaveCount(0);

  await alice.page.reload();
  await expect(banner(alice.page)).toBeVisible();
});
