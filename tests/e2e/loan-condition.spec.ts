import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, userIdOf } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';
import { screenshotForReview } from './support/screenshots';

/**
 * Issue 36 (docs/decisions/0048): Alice lends Bob her drill. At the hand-out
 * she adds a photo and a note; while he has it Bob reports a missing part,
 * which reaches Alice's open page live; when it comes back she marks it
 * returned, is asked how it came back, says "damaged" and adds a return
 * photo, and sees hand-out and return side by side. Phone and desktop.
 */

const itemCard = (page: Page, name: string) => page.getByTestId('item-card').filter({ hasText: name });

async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

const photo = (color: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function addPhoto(dialog: ReturnType<Page['getByTestId']>, color: string) {
  await dialog.getByTestId('condition-photo-input').setInputFiles({
    name: 'condition.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(color),
  });
  await expect(dialog.getByTestId('condition-photos-field').getByRole('img')).toHaveCount(1);
}

/**
 * Alice lends Bob an item she shares with him: asked for today, then taken through `steps` by her
 * (accepted, borrowed, and returned where a test starts after the return). Answers the item's name.
 */
async function lendToBob(alice: Person, bob: Person, label: string, category: string, steps: string[]) {
  await befriend(alice, bob);
  const name = `${label} ${Date.now().toString(36)}`;
  const item = await apiAs<{ id: string }>(alice.page, 'POST', '/api/items', { name, category });
  await apiAs(alice.page, 'POST', '/api/permissions', {
    itemId: item.id,
    contactUserId: await userIdOf(bob.page),
    canView: true,
  });
  const today = await bob.page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  const loan = await apiAs<{ id: string }>(bob.page, 'POST', '/api/lending-requests', {
    itemId: item.id,
    message: `For the ${label.toLowerCase()}`,
    requestedFrom: today,
    expectedReturnDate: today,
  });
  for (const status of steps) await apiAs(alice.page, 'PUT', `/api/lending-requests/${loan.id}`, { status });
  return name;
}

test('a hand-out with a photo, a problem reaching the owner live, a return marked damaged beside the hand-out', async ({
  signUp,
}) => {
  test.setTimeout(120_000);
  const [alice, bob] = [await signUp('alice'), await signUp('bob')];
  const drill = await lendToBob(alice, bob, 'Drill', 'tools', ['accepted', 'borrowed']);

  // Alice records the hand-out: a photo and a note.
  await alice.page.goto('/');
  const aliceCard = itemCard(alice.page, drill);
  await aliceCard.getByTestId('loan-condition-open').click();
  const dialog = alice.page.getByTestId('loan-condition-dialog');
  await expect(dialog).toContainText('Nothing recorded yet');
  await dialog.getByTestId('condition-add-handover').click();
  await addPhoto(dialog, '#336699');
  await dialog.getByTestId('condition-note').fill('Complete, charged, 2 batteries');
  await dialog.getByTestId('condition-entry-form-submit').click();
  const handover = dialog.getByTestId('condition-handover');
  await expect(handover).toContainText('Complete, charged, 2 batteries');
  await expect(handover.getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(alice.page, 'loan condition dialog');
  await screenshotForReview(alice.page, { path: test.info().outputPath('handover.png') });
  // Back closes the dialog and keeps the page.
  await alice.page.goBack();
  await expect(dialog).toBeHidden();
  await expect(alice.page).toHaveURL(/\/$/);

  // Bob sees her photo, and reports a missing part; Alice's open page shows it at once.
  await bob.page.goto('/available-items');
  await itemCard(bob.page, drill).getByTestId('loan-condition-open').click();
  const bobsDialog = bob.page.getByTestId('loan-condition-dialog');
  await expect(bobsDialog.getByTestId('condition-handover').getByRole('img')).toHaveCount(1);
  await bobsDialog.getByTestId('condition-report').click();
  await bobsDialog.getByTestId('problem-kind').selectOption('part_missing');
  await bobsDialog.getByTestId('problem-note').fill('The charger was not in the box');
  await bobsDialog.getByTestId('problem-report-form-submit').click();
  await expect(bobsDialog.getByTestId('condition-problem')).toContainText('A part is missing');
  await expect(aliceCard.getByTestId('loan-problem-flag')).toBeVisible();

  // Alice settles it and takes the drill back: she is asked how it came back.
  await aliceCard.getByTestId('loan-condition-open').click();
  await dialog.getByTestId('condition-settle').click();
  await expect(dialog.getByTestId('condition-problem')).toContainText('Settled');
  // The corner button, not Escape: Escape first dismisses the "Marked settled" toast, the top layer.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await aliceCard.getByTestId('item-return').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('condition-assess').click();
  await dialog.getByRole('radio', { name: 'Damaged' }).check();
  await dialog.getByTestId('assessment-note').fill('The chuck is cracked');
  await dialog.getByTestId('return-assessment-form-submit').click();
  await expect(dialog.getByTestId('condition-assessment')).toContainText('Damaged');
  await dialog.getByTestId('condition-add-return').click();
  await addPhoto(dialog, '#993322');
  await dialog.getByTestId('condition-entry-form-submit').click();
  // Hand-out and return side by side.
  const compare = dialog.getByTestId('condition-compare');
  await expect(compare.getByTestId('condition-handover').getByRole('img')).toHaveCount(1);
  await expect(compare.getByTestId('condition-return').getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(alice.page, 'loan condition after return');
  await screenshotForReview(alice.page, { path: test.info().outputPath('return.png') });
});

test('thanks after a return: sent from the loan, shown on the profile, hidden by the person thanked', async ({
  signUp,
}) => {
  test.setTimeout(120_000);
  const [alice, bob] = [await signUp('alice'), await signUp('bob')];
  const tent = await lendToBob(alice, bob, 'Tent', 'outdoor', ['accepted', 'borrowed', 'returned']);

  // Bob thanks Alice from their loans.
  await bob.page.goto('/contacts');
  const aliceCard = bob.page.getByTestId('contact-card').filter({ hasText: alice.user.name });
  await aliceCard.getByTestId('contact-loans').click();
  const loans = bob.page.getByTestId('contact-loans-dialog');
  await loans.getByTestId('loan-history-open-condition').click();
  const condition = bob.page.getByTestId('loan-condition-dialog');
  await condition.getByTestId('condition-thank').click();
  await condition.getByTestId('thanks-note').fill('Best weekend at the lake!');
  await condition.getByTestId('thanks-submit').click();
  await expect(condition.getByTestId('condition-thanks')).toContainText(`You thanked ${alice.user.name}.`);
  await expect(condition.getByTestId('condition-thank')).toHaveCount(0);

  // Alice sees it on her profile, and hides it.
  await alice.page.goto('/profile');
  const received = alice.page.getByTestId('received-thanks');
  const entry = received.getByTestId('received-thanks-entry');
  await expect(entry).toContainText(`${bob.user.name} thanked you for lending ${tent}`);
  await expect(entry).toContainText('Best weekend at the lake!');
  await expectNoAxeViolations(alice.page, 'profile with thanks');
  await screenshotForReview(alice.page, { path: test.info().outputPath('profile-thanks.png'), fullPage: true });
  const shown = entry.getByTestId('received-thanks-shown');
  await expect(shown).toHaveAttribute('aria-checked', 'true');
  await shown.click();
  await expect(shown).toHaveAttribute('aria-checked', 'false');
  const thanksOfAlice = await apiAs<{ lending: number }>(
    bob.page,
    'GET',
    `/api/users/${await userIdOf(alice.page)}/thanks`,
  );
  expect(thanksOfAlice.lending).toBe(0);
});
