import type { Page, TestInfo } from '@playwright/test';
import { apiAs, userIdOf } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';
import { screenshotForReview } from './support/screenshots';

/**
 * Issue 15, blocking (docs/decisions/0018): Alice and Bob are contacts, share
 * a group and talk; Alice blocks Bob from their conversation. Bob can no
 * longer write to her (the send fails with a toast) and no longer sees her
 * tent (shared with the group) or her kayak (shared with him directly) in
 * Available Items. Alice finds him under Blocked people in her profile and
 * unblocks him: the tent is back for Bob; the kayak is not, because a block
 * ends direct shares for good (Alice would share it again). Screenshots of
 * the new screens (English and German) land in test-results/ for review.
 */

async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

/** A public group of Alice that `member` joined through a request Alice approved. */
async function groupWith(alice: Person, member: Person, name: string): Promise<string> {
  const group = await apiAs<{ id: string }>(alice.page, 'POST', '/api/groups', { name, maxMembers: 10 });
  await apiAs(member.page, 'POST', `/api/groups/${group.id}/join-requests`, { requestMessage: '' });
  const [request] = await apiAs<{ id: string }[]>(alice.page, 'GET', `/api/groups/${group.id}/join-requests`);
  await apiAs(alice.page, 'PUT', `/api/groups/join-requests/${request!.id}/approve`, { adminResponse: '' });
  return group.id;
}

const itemCard = (page: Page, name: string) => page.getByTestId('item-card').filter({ hasText: name });

function screenshotter(page: Page, testInfo: TestInfo) {
  return (name: string) => screenshotForReview(page, { path: testInfo.outputPath(`blocking-${name}.png`) });
}

test('Alice blocks Bob from their conversation and unblocks him from her profile', async ({ signUp }, testInfo) => {
  test.setTimeout(150_000);
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  await befriend(alice, bob);
  const aliceId = await userIdOf(alice.page);
  const bobId = await userIdOf(bob.page);
  const groupId = await groupWith(alice, bob, `Campers ${Date.now().toString(36)}`);
  const tent = await apiAs<{ id: string }>(alice.page, 'POST', '/api/items', { name: 'Tent', category: 'sports' });
  await apiAs(alice.page, 'POST', '/api/group-permissions', { itemId: tent.id, groupId, canView: true });
  const kayak = await apiAs<{ id: string }>(alice.page, 'POST', '/api/items', { name: 'Kayak', category: 'sports' });
  await apiAs(alice.page, 'POST', '/api/permissions', { itemId: kayak.id, contactUserId: bobId, canView: true });
  await apiAs(alice.page, 'POST', '/api/messages', { receiverId: bobId, content: 'Want to borrow my tent?' });
  await apiAs(bob.page, 'POST', '/api/messages', { receiverId: aliceId, content: 'Yes please, next weekend!' });
  const shot = screenshotter(alice.page, testInfo);

  // Bob sees the tent and the kayak, and has the conversation with Alice open.
  await bob.page.goto('/available-items');
  await expect(itemCard(bob.page, 'Tent')).toBeVisible();
  await expect(itemCard(bob.page, 'Kayak')).toBeVisible();
  await bob.page.goto(`/messages?with=${aliceId}`);
  await expect(bob.page.getByText('Want to borrow my tent?')).toBeVisible();

  // Alice blocks Bob from the conversation's menu, after reading what it does.
  await alice.page.goto('/messages');
  await alice.page.getByTestId('conversation-item').filter({ hasText: bob.user.name }).click();
  await expect(alice.page.getByTestId('thread-partner-name')).toHaveText(bob.user.name);
  await alice.page.getByRole('button', { name: `More actions for ${bob.user.name}` }).click();
  await alice.page.getByRole('menuitem', { name: `Block ${bob.user.name}` }).click();
  const dialog = alice.page.getByRole('alertdialog', { name: `Block ${bob.user.name}?` });
  await expect(dialog).toContainText(`${bob.user.name} is not told.`);
  await expect(dialog).toContainText('You can unblock');
  await expectNoAxeViolations(alice.page, 'block-dialog');
  await shot('block-dialog-en');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(alice.page.getByTestId('toast')).toContainText(`${bob.user.name} is blocked`);
  // The conversation is hidden now, so Alice is back on the list, without Bob in it.
  await expect(alice.page).toHaveURL(/\/messages$/);
  await expect(alice.page.getByTestId('conversation-item').filter({ hasText: bob.user.name })).toHaveCount(0);

  // Bob's message does not go through: the failure toast, and his text stays.
  const input = bob.page.getByTestId('message-input');
  await input.fill('Are you still there?');
  await bob.page.getByTestId('message-send').click();
  await expect(bob.page.getByTestId('toast')).toContainText('Failed to send message');
  await expect(input).toHaveValue('Are you still there?');
  await screenshotForReview(bob.page, { path: testInfo.outputPath('blocking-bob-send-refused-en.png') });

  // Nor does Bob see Alice's items any more.
  await bob.page.goto('/available-items');
  await expect(bob.page.getByTestId('available-empty')).toBeVisible();
  await expect(itemCard(bob.page, 'Tent')).toHaveCount(0);
  await expect(itemCard(bob.page, 'Kayak')).toHaveCount(0);

  // Alice finds Bob under Blocked people in her profile.
  await alice.page.goto('/profile');
  await alice.page.getByRole('tab', { name: 'Blocked people' }).click();
  const row = alice.page.getByTestId('blocked-person').filter({ hasText: bob.user.name });
  await expect(row).toContainText(`@${bob.user.username}`);
  await expect(row.getByTestId('blocked-person-date')).toContainText('Blocked on');
  await expectNoAxeViolations(alice.page, 'blocked-people');
  await shot('blocked-people-en');

  // The same tab in German, where the labels are longest; then she unblocks him there.
  await alice.page.goto('/profile?lng=de');
  await alice.page.getByRole('tab', { name: 'Blockierte Personen' }).click();
  await expect(alice.page.getByTestId('blocked-person')).toHaveCount(1);
  await shot('blocked-people-de');
  await row.getByRole('button', { name: `Blockierung von ${bob.user.name} aufheben` }).click();
  const unblock = alice.page.getByRole('alertdialog', { name: `Blockierung von ${bob.user.name} aufheben?` });
  await expect(unblock).toContainText(`${bob.user.name} erfährt nichts davon.`);
  await expectNoAxeViolations(alice.page, 'unblock-dialog');
  await shot('unblock-dialog-de');
  await unblock.getByRole('button', { name: 'Blockierung aufheben', exact: true }).click();
  await expect(alice.page.getByTestId('toast')).toContainText(`Blockierung von ${bob.user.name} aufgehoben`);
  await expect(alice.page.getByTestId('blocked-people-empty')).toContainText('Du hast niemanden blockiert.');
  await expectNoAxeViolations(alice.page, 'blocked-people-empty');
  await shot('blocked-people-empty-de');

  // Bob sees the tent, shared through the group, again; the block ended the kayak's direct share.
  await bob.page.goto('/available-items');
  await expect(itemCard(bob.page, 'Tent')).toBeVisible();
  await expect(itemCard(bob.page, 'Kayak')).toHaveCount(0);
});

test('a contact card offers Block for a registered contact, and Unblock once blocked', async ({ signUp }, testInfo) => {
  test.setTimeout(90_000);
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  await befriend(alice, bob);

  await alice.page.goto('/contacts');
  const card = alice.page.getByTestId('contact-card').filter({ hasText: bob.user.name });
  await card.getByRole('button', { name: `Block ${bob.user.name}` }).click();
  const dialog = alice.page.getByRole('alertdialog', { name: `Block ${bob.user.name}?` });
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(alice.page.getByTestId('toast')).toContainText(`${bob.user.name} is blocked`);
  await expect(card.getByRole('button', { name: `Unblock ${bob.user.name}` })).toBeVisible();
  await expectNoAxeViolations(alice.page, 'contacts-with-blocked');
  await screenshotForReview(card, { path: testInfo.outputPath('blocking-contact-card-en.png') });

  await alice.page.goto('/contacts?lng=de');
  await expect(card.getByRole('button', { name: `Blockierung von ${bob.user.name} aufheben` })).toBeVisible();
  await screenshotForReview(card, { path: testInfo.outputPath('blocking-contact-card-de.png') });
});
