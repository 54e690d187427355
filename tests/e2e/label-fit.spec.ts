import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { expect } from './support/fixtures';
import { overflowingLabels } from './support/layout';
import { peopleTest as test } from './support/people';
import { screenshotForReview } from './support/screenshots';

/**
 * Issue 14 §6: long translations clipped tab and button labels on narrow
 * phones ("Meine Gruppen (2)" at 390 px). At 360 px, the narrowest common
 * phone width, every tab list, filter row, dialog footer and the bottom bar
 * must show its labels whole, in each language.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function expectAllLabelsFit(page: Page, scopeName: string, scope = page.locator('body')): Promise<void> {
  await screenshotForReview(page, { path: test.info().outputPath(`${scopeName}.png`) });
  // Soft: one run lists every clipped label of every screen, not only the first.
  expect.soft(await overflowingLabels(scope), `clipped labels on ${scopeName}`).toEqual([]);
}

for (const language of ['de', 'fr', 'it', 'en'] as const) {
  test(`tabs, filters, dialog buttons and the bottom bar fit at 360 px in ${language}`, async ({ signUp }) => {
    const { page } = await signUp(`fit${language}`);
    // Two groups for "My Groups (2)", one item for its permissions dialog.
    const group = await apiAs<{ id: string }>(page, 'POST', '/api/groups', {
      name: `Nachbarschaft ${language} 1`,
      maxMembers: 10,
    });
    await apiAs(page, 'POST', '/api/groups', { name: `Nachbarschaft ${language} 2`, maxMembers: 10 });
    await apiAs(page, 'POST', '/api/items', { name: 'Akkubohrschrauber', category: 'tools' });
    // The feedback banner is answered elsewhere; here it would only cover the top of each page.
    await apiAs(page, 'POST', '/api/banner/dismiss', {});

    // ?lng= comes first in the detection order and is remembered for the next pages (spec §1).
    await page.goto(`/groups?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('groups-tab-mine')).toContainText('(2)');
    await expectAllLabelsFit(page, `${language}-groups`);

    await page.goto('/');
    await expect(page.getByTestId('item-card')).toHaveCount(1);
    await expectAllLabelsFit(page, `${language}-my-items`);
    await page.getByTestId('item-permissions').click();
    const permissions = page.getByTestId('item-permissions-dialog');
    await expect(permissions.getByRole('tablist')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-item-permissions`, permissions);
    await page.keyboard.press('Escape');
    await page.getByTestId('add-item').click();
    const itemForm = page.getByTestId('item-form-dialog');
    await expect(itemForm).toBeVisible();
    await expectAllLabelsFit(page, `${language}-item-form`, itemForm);
    await page.keyboard.press('Escape');

    await page.goto('/available-items');
    await expect(page.getByTestId('available-search')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-available-items`);

    await page.goto('/contacts');
    await expect(page.getByTestId('add-contact')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-contacts`);
    await page.getByTestId('add-contact').click();
    const addContact = page.getByTestId('add-contact-dialog');
    await expect(addContact.getByRole('tablist')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-add-contact`, addContact);
    await page.keyboard.press('Escape');

    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllLabelsFit(page, `${language}-messages`);

    await page.goto(`/groups/${group.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nachbarschaft');
    await expectAllLabelsFit(page, `${language}-group-details`);

    await page.goto('/profile');
    await expect(page.getByRole('tablist')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-profile`);

    await page.goto('/gdpr');
    await expect(page.getByRole('tablist')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-gdpr`);
    await page.getByTestId('privacy-tab-export').click();
    await expect(page.getByTestId('export-download')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-gdpr-export`);
    await page.getByTestId('privacy-tab-deletion').click();
    await expect(page.getByTestId('delete-account-open')).toBeVisible();
    await expectAllLabelsFit(page, `${language}-gdpr-deletion`);
    await page.getByTestId('delete-account-open').click();
    const confirmDeletion = page.getByTestId('delete-account-dialog');
    await expect(confirmDeletion).toBeVisible();
    await expectAllLabelsFit(page, `${language}-gdpr-delete-dialog`, confirmDeletion);
    await page.keyboard.press('Escape');
  });
}
