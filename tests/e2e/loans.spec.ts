import type { Page } from '@playwright/test';
import { apiAs, userIdOf } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';
import { screenshotForReview } from './support/screenshots';

/**
 * Issue 18, due dates: Bob borrows Alice's saw (due in three days) and her
 * drill (due yesterday). His cards say "due in 3 days" and "overdue since";
 * Alice's My Items filters the overdue one. Bob asks to keep the saw longer;
 * Alice accepts on her card and both see the new due date without reloading.
 * Screenshots at 390 and 1280 px, in English and German.
 */

const itemCard = (page: Page, name: string) => page.getByTestId('item-card').filter({ hasText: name });
const SHOTS = '/tmp/loans-shots';

async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

/** `owner`'s item lent to `borrower` from `from` until `until`: shared, asked for, accepted and handed over. */
async function lend(owner: Person, borrower: Person, name: string, from: string, until: string) {
  const item = await apiAs<{ id: string }>(owner.page, 'POST', '/api/items', { name, category: 'tools' });
  await apiAs(owner.page, 'POST', '/api/permissions', {
    itemId: item.id,
    contactUserId: await userIdOf(borrower.page),
    canView: true,
  });
  const request = await apiAs<{ id: string }>(borrower.page, 'POST', '/api/lending-requests', {
    itemId: item.id,
    message: `May I borrow the ${name}?`,
    requestedFrom: from,
    expectedReturnDate: until,
  });
  await apiAs(owner.page, 'PUT', `/api/lending-requests/${request.id}`, { status: 'accepted' });
  await apiAs(owner.page, 'PUT', `/api/lending-requests/${request.id}`, { status: 'borrowed' });
}

/** A calendar date `days` from the browser's today. */
function dayIn(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return date.toLocaleDateString('sv-SE');
  }, days);
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await screenshotForReview(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('due labels, the Overdue filter, and an extension asked for and accepted', async ({ signUp }) => {
  test.setTimeout(120_000);
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  await befriend(alice, bob);
  for (const person of [alice, bob]) await apiAs(person.page, 'POST', '/api/banner/dismiss', {});
  const suffix = Date.now().toString(36);
  const saw = `Saw ${suffix}`;
  const drill = `Drill ${suffix}`;
  const today = await dayIn(bob.page, 0);
  const yesterday = await dayIn(bob.page, -1);
  await lend(alice, bob, saw, today, await dayIn(bob.page, 3));
  await lend(alice, bob, drill, yesterday, yesterday);

  // Bob's cards say when each is due.
  await bob.page.goto('/available-items');
  await expect(itemCard(bob.page, saw).getByTestId('loan-due')).toHaveText('Due back in 3 days');
  const overdue = itemCard(bob.page, drill).getByTestId('loan-due');
  await expect(overdue).toHaveAttribute('data-due-state', 'overdue');
  await expect(overdue).toContainText('Overdue since');

  // Alice's My Items: the Overdue filter shows only the drill.
  await alice.page.goto('/');
  await expect(itemCard(alice.page, saw).getByTestId('loan-due')).toHaveText('Due back in 3 days');
  await alice.page.getByRole('button', { name: /Overdue/ }).click();
  await expect(alice.page.getByTestId('item-card')).toHaveCount(1);
  await expect(itemCard(alice.page, drill).getByTestId('loan-due')).toContainText('Overdue since');
  await shoot(alice.page, 'my-items-overdue-en');
  await alice.page.getByRole('button', { name: /All/ }).click();

  // Bob asks to keep the saw a week longer.
  await itemCard(bob.page, saw).getByTestId('extension-ask').click();
  const dialog = bob.page.getByTestId('extension-dialog');
  const until = await dayIn(bob.page, 10);
  await dialog.getByTestId('extension-until').fill(until);
  await dialog.getByTestId('extension-message').fill('The shelves take longer than I thought.');
  await expectNoAxeViolations(bob.page, 'extension-dialog');
  await shoot(bob.page, 'extension-dialog-en');
  await dialog.getByTestId('extension-submit').click();
  await expect(itemCard(bob.page, saw).getByTestId('extension-pending')).toContainText('You asked to keep it until');
  await shoot(bob.page, 'available-items-borrowed-en');

  // Alice sees it on her card without reloading, and accepts.
  const request = itemCard(alice.page, saw).getByTestId('extension-request');
  await expect(request).toContainText(`${bob.user.name} would like to keep it until`);
  await expect(request).toContainText('The shelves take longer than I thought.');
  await expectNoAxeViolations(alice.page, 'my-items-extension');
  await shoot(alice.page, 'my-items-extension-en');
  await request.getByTestId('extension-accept').click();
  await expect(alice.page.getByTestId('toast')).toContainText('New return date accepted');
  await expect(itemCard(alice.page, saw).getByTestId('loan-due')).toHaveText('Due back in 10 days');
  await expect(itemCard(alice.page, saw).getByTestId('extension-request')).toHaveCount(0);

  // Bob sees the new date live, and can ask again later.
  await expect(itemCard(bob.page, saw).getByTestId('loan-due')).toHaveText('Due back in 10 days');
  await expect(itemCard(bob.page, saw).getByTestId('extension-ask')).toBeVisible();

  // The conversation tells the story in their words.
  await bob.page.goto('/messages');
  await bob.page.getByTestId('conversation-item').filter({ hasText: alice.user.name }).click();
  await expect(
    bob.page.getByTestId('system-message').filter({ hasText: `The loan of “${saw}” was extended.` }),
  ).toBeVisible();

  // German.
  await bob.page.goto('/available-items?lng=de');
  await expect(itemCard(bob.page, saw).getByTestId('loan-due')).toHaveText('Rückgabe in 10 Tagen');
  await expect(itemCard(bob.page, drill).getByTestId('loan-due')).toContainText('Überfällig seit');
  await shoot(bob.page, 'available-items-borrowed-de');
  await itemCard(bob.page, saw).getByTestId('extension-ask').click();
  await expect(bob.page.getByTestId('extension-dialog')).toContainText('länger behalten');
  await shoot(bob.page, 'extension-dialog-de');
  await bob.page.keyboard.press('Escape');
  await alice.page.goto('/?lng=de');
  await alice.page.getByRole('button', { name: /Überfällig/ }).click();
  await expect(alice.page.getByTestId('item-card')).toHaveCount(1);
  await shoot(alice.page, 'my-items-overdue-de');
});
