import { expectNoAxeViolations } from './support/axe';
import { apiAs } from './support/api';
import { expect } from './support/fixtures';
import { peopleTest as test } from './support/people';
import { screenshotForReview } from './support/screenshots';

/**
 * Issue 36 (docs/decisions/0049): Alice lends her tent to Eve, who has no
 * account, and sends her a private loan link. Eve opens it in a fresh
 * browser, signed out: she sees only that loan, says "I have it", asks for
 * more time and says she brought it back; Alice sees each, and accepts the
 * time. "Join Lendloop" leads to Alice's invitation for Eve. Phone and desktop.
 */
test('a borrower without an account: the private link, its three steps, and joining through it', async ({
  signUp,
  newVisitor,
}) => {
  test.setTimeout(120_000);
  const alice = await signUp('alice');
  const tent = `Tent ${Date.now().toString(36)}`;
  const item = await apiAs<{ id: string }>(alice.page, 'POST', '/api/items', { name: tent, category: 'outdoor' });
  const eve = await apiAs<{ id: string }>(alice.page, 'POST', '/api/contacts', {
    name: 'Eve Example',
    phone: '+41795550111',
  });
  const day = (offset: number) =>
    alice.page.evaluate((days) => {
      const date = new Date();
      date.setDate(date.getDate() + days);
      return date.toLocaleDateString('sv-SE');
    }, offset);
  await apiAs(alice.page, 'POST', `/api/items/${item.id}/loans`, {
    borrower: { contactId: eve.id },
    lentOn: await day(0),
    expectedReturnDate: await day(7),
  });
  await apiAs(alice.page, 'PUT', `/api/items/${item.id}`, {
    name: tent,
    category: 'outdoor',
    description: 'Two-person tent with the rain fly',
  });

  // Alice makes the link from her card.
  await alice.page.goto('/');
  const card = alice.page.getByTestId('item-card').filter({ hasText: tent });
  await card.getByTestId('borrower-link-open').click();
  const dialog = alice.page.getByTestId('borrower-link-dialog');
  await expect(dialog.getByTestId('borrower-link-status')).toHaveText('No link is active.');
  await dialog.getByTestId('borrower-link-make').click();
  const url = await dialog.getByTestId('borrower-link-url').inputValue();
  expect(url).toMatch(/\/loan\/[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(alice.page, 'borrower link dialog');
  await alice.page.keyboard.press('Escape');

  // Eve, in a fresh browser, signed out.
  const evePage = await newVisitor();
  await evePage.goto(url);
  await expect(evePage.getByTestId('linked-loan-title')).toHaveText(`${tent}, lent to you by Ada`);
  await expect(evePage.getByRole('main')).toContainText('Two-person tent with the rain fly');
  await expect(evePage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // Nothing about anyone else: not Alice's full name, not her other items.
  await expect(evePage.getByRole('main')).not.toContainText(alice.user.name);
  await expectNoAxeViolations(evePage, 'loan link page');
  await screenshotForReview(evePage, { path: test.info().outputPath('loan-link.png'), fullPage: true });

  await evePage.getByTestId('linked-loan-have-it').click();
  await expect(evePage.getByTestId('linked-loan-status')).toContainText('You confirmed having it');
  await evePage.getByTestId('linked-loan-more-time').click();
  await evePage.getByTestId('linked-loan-until').fill(await day(14));
  await evePage.getByTestId('linked-loan-note').fill('Rain all week');
  await evePage.getByTestId('linked-loan-ask').click();
  await expect(evePage.getByTestId('linked-loan-extension')).toContainText('has not answered yet');

  // Alice sees both, and accepts the time.
  await card.getByTestId('borrower-link-open').click();
  await expect(dialog.getByTestId('borrower-link-have-it')).toBeVisible();
  await expect(dialog.getByTestId('borrower-link-extension')).toContainText('Rain all week');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByTestId('borrower-link-extension')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await evePage.reload();
  await expect(evePage.getByTestId('linked-loan-extension')).toContainText('agreed');
  await evePage.getByTestId('linked-loan-brought-back').click();
  await expect(evePage.getByTestId('linked-loan-returned')).toBeVisible();
  await card.getByTestId('borrower-link-open').click();
  await expect(dialog.getByTestId('borrower-link-brought-back')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Joining leads to Alice's invitation for Eve, which links the loan when she signs up.
  await evePage.getByTestId('linked-loan-join-button').click();
  await expect(evePage).toHaveURL(/\/invite\?ref=[0-9A-Za-z]{12}$/);

  // Alice takes the tent back: the link ends.
  await card.getByTestId('item-return').click();
  await expect(card.getByTestId('item-edit')).toBeVisible();
  await evePage.goto(url);
  await expect(evePage.getByTestId('loan-link-gone')).toBeVisible();
});
