import { apiAs, userIdOf } from './support/api';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';
import { screenshotForReview } from './support/screenshots';

/**
 * Issue 14, account deletion (docs/decisions/0015): Bob borrows Alice's tent,
 * writes to her, then deletes his account. Alice keeps the conversation,
 * shown as from "Deleted account" in her language, with the notice that the
 * borrower is gone and no way to reply; her tent still says who has it and
 * she can mark it returned. Screenshots land in test-results/ for review.
 */

async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

test('the other side of a deleted account: read-only conversation and a loan still to return', async ({
  signUp,
}, testInfo) => {
  test.setTimeout(120_000);
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  await befriend(alice, bob);
  const bobId = await userIdOf(bob.page);
  const tent = await apiAs<{ id: string }>(alice.page, 'POST', '/api/items', { name: 'Tent', category: 'sports' });
  await apiAs(alice.page, 'POST', '/api/permissions', { itemId: tent.id, contactUserId: bobId, canView: true });
  const today = await bob.page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  const request = await apiAs<{ id: string }>(bob.page, 'POST', '/api/lending-requests', {
    itemId: tent.id,
    message: 'Could I take it camping this weekend?',
    requestedFrom: today,
    expectedReturnDate: today,
  });
  await apiAs(alice.page, 'PUT', `/api/lending-requests/${request.id}`, { status: 'accepted' });
  await apiAs(alice.page, 'PUT', `/api/lending-requests/${request.id}`, { status: 'borrowed' });
  await apiAs(bob.page, 'POST', '/api/messages', { receiverId: await userIdOf(alice.page), content: 'Thanks a lot!' });
  await apiAs(bob.page, 'DELETE', `/api/gdpr/delete-account/${bobId}`);

  const shot = (name: string) =>
    screenshotForReview(alice.page, { path: testInfo.outputPath(`deleted-account-${name}.png`), fullPage: false });

  await alice.page.goto('/messages');
  const conversation = alice.page.getByTestId('conversation-item').first();
  await expect(conversation.getByTestId('conversation-name')).toHaveText('Deleted account');
  await conversation.click();
  await expect(alice.page.getByTestId('thread-partner-name')).toHaveText('Deleted account');
  await expect(
    alice.page.getByText('The person borrowing “Tent” deleted their account. Mark it returned when you get it back.'),
  ).toBeVisible();
  await expect(alice.page.getByTestId('thread-partner-deleted')).toBeVisible();
  await expect(alice.page.getByRole('textbox')).toHaveCount(0);
  await shot('thread-en');

  await alice.page.goto(`${alice.page.url()}&lng=de`);
  await expect(alice.page.getByTestId('thread-partner-name')).toHaveText('Gelöschtes Konto');
  await expect(alice.page.getByTestId('thread-partner-deleted')).toHaveText(
    'Dieses Konto wurde gelöscht, du kannst nicht mehr antworten.',
  );
  await shot('thread-de');

  await alice.page.goto('/?lng=en');
  const card = alice.page.getByTestId('item-card').filter({ hasText: 'Tent' });
  await expect(card.getByTestId('item-lent-to')).toContainText('Lent to Deleted account');
  await card.scrollIntoViewIfNeeded();
  await screenshotForReview(card, { path: testInfo.outputPath('deleted-account-my-items-card-en.png') });
  await card.getByTestId('item-return').click();
  await expect(card.getByTestId('item-edit')).toBeVisible();
});
