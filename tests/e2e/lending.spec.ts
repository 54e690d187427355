import type { Page } from '@playwright/test';
import { apiAs, userIdOf } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';

/**
 * Issue "Lending, messages and network requests": Bob requests Alice's
 * drill; Alice sees it in Messages within a second without reloading (the
 * live stream, not the 30 s poll); accepts; marks it borrowed; Bob sees the
 * status; Alice marks it returned and the drill is available again. Bob asks
 * his network for a ladder; Alice answers with quick-add; Bob sees the ladder
 * appear in Available Items without reloading, and a notice naming Alice in
 * Messages. Runs at desktop and at phone width.
 */

const toast = (page: Page) => page.getByTestId('toast');
const itemCard = (page: Page, name: string) => page.getByTestId('item-card').filter({ hasText: name });

/** Registered contacts of each other, as the contacts screens make them. */
async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

/** An item of `owner` that `viewer` may see ("Can see" ticked), as the item screens make it. */
async function shareNewItem(owner: Person, viewer: Person, name: string) {
  const item = await apiAs<{ id: string }>(owner.page, 'POST', '/api/items', { name, category: 'tools' });
  await apiAs(owner.page, 'POST', '/api/permissions', {
    itemId: item.id,
    contactUserId: await userIdOf(viewer.page),
    canView: true,
  });
}

test('a loan from request to return, live in Messages, and a network request answered by quick-add', async ({
  signUp,
}) => {
  test.setTimeout(120_000);
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  const suffix = Date.now().toString(36);
  const drill = `Drill ${suffix}`;
  const ladder = `Ladder ${suffix}`;
  await befriend(alice, bob);
  await shareNewItem(alice, bob, drill);

  // Alice waits in Messages, with nothing yet.
  await alice.page.goto('/messages');
  await expect(alice.page.getByTestId('conversations-empty')).toBeVisible();

  // Bob asks to borrow the drill.
  await bob.page.goto('/available-items');
  await itemCard(bob.page, drill).getByTestId('item-request').click();
  const borrow = bob.page.getByTestId('borrow-dialog');
  await borrow.getByTestId('borrow-message').fill('Could I borrow it for the shelves this weekend?');
  const today = await bob.page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  await borrow.getByTestId('borrow-from').fill(today);
  await expect(borrow.getByTestId('borrow-until')).toHaveValue(today);
  await expectNoAxeViolations(bob.page, 'borrow-dialog');
  const sent = bob.page.waitForResponse((r) => r.url().endsWith('/api/lending-requests') && r.status() === 201);
  await borrow.getByTestId('borrow-submit').click();
  await sent;

  // Alice sees it within a second, without reloading.
  const conversation = alice.page.getByTestId('conversation-item').filter({ hasText: bob.user.name });
  await expect(conversation).toBeVisible({ timeout: 1_000 });
  await expect(conversation.getByTestId('conversation-unread-badge')).toContainText('1 unread message');
  await expect(itemCard(bob.page, drill).getByTestId('item-request-pending')).toBeVisible();

  // Alice opens the conversation and accepts.
  await conversation.click();
  const request = alice.page.getByTestId('lending-request-message');
  await expect(request.getByTestId('request-message-text')).toHaveText(
    'Could I borrow it for the shelves this weekend?',
  );
  await expect(request.getByTestId('request-status')).toHaveAttribute('data-status', 'pending');
  await expectNoAxeViolations(alice.page, 'messages-thread');
  await request.getByTestId('request-accept').click();
  await expect(request.getByTestId('request-status')).toHaveAttribute('data-status', 'accepted');
  await expect(request.getByTestId('request-accept')).toHaveCount(0);

  // Bob sees the request accepted (live), and a message in his conversation with Alice.
  await expect(itemCard(bob.page, drill).getByTestId('item-request-accepted')).toBeVisible();

  // Alice hands the drill over.
  await alice.page.goto('/');
  await itemCard(alice.page, drill).getByTestId('item-mark-borrowed').click();
  await expect(itemCard(alice.page, drill).getByTestId('item-return')).toBeVisible();
  await expect(itemCard(alice.page, drill).getByTestId('item-lent-to')).toContainText(bob.user.name);
  await expect(itemCard(bob.page, drill).getByTestId('item-request-borrowed')).toBeVisible();

  // Alice takes it back; it is available again and Bob may ask again.
  await itemCard(alice.page, drill).getByTestId('item-return').click();
  await expect(toast(alice.page)).toContainText('Item returned successfully');
  await expect(itemCard(alice.page, drill).getByTestId('item-edit')).toBeVisible();
  await expect(itemCard(bob.page, drill).getByTestId('item-request')).toBeEnabled();
  await expect(itemCard(bob.page, drill).getByTestId('item-status')).toHaveText('Available');

  // Bob asks his network for a ladder.
  await bob.page.getByTestId('ask-network').click();
  const ask = bob.page.getByTestId('network-request-dialog');
  await ask.getByTestId('network-request-title').fill(ladder);
  await ask.getByTestId('network-request-description').fill('To clean the gutters');
  await expect(ask.getByTestId('network-request-urgency-normal')).toBeChecked();
  await expectNoAxeViolations(bob.page, 'network-request-dialog');
  await ask.getByTestId('network-request-submit').click();
  await expect(toast(bob.page)).toContainText('1');

  // Alice answers it with quick-add.
  await alice.page.goto('/messages');
  await alice.page.getByTestId('conversation-item').filter({ hasText: bob.user.name }).click();
  const lookingFor = alice.page.getByTestId('network-request-message').filter({ hasText: ladder });
  await lookingFor.getByTestId('network-request-help').click();
  const quickAdd = alice.page.getByTestId('quick-add-dialog');
  await expect(quickAdd.getByTestId('quick-add-name')).toHaveValue(ladder);
  await expectNoAxeViolations(alice.page, 'quick-add-dialog');
  await quickAdd.getByTestId('quick-add-submit').click();
  await expect(lookingFor.getByTestId('network-request-answered')).toBeVisible();

  // Bob, still on Available Items where he asked, sees the ladder appear without reloading:
  // the server tells him `items_changed` (the page does not poll, so nothing else would show it).
  await expect(bob.page).toHaveURL(/\/available-items$/);
  await expect(itemCard(bob.page, ladder).getByTestId('item-owner')).toHaveText(alice.user.name);
  await expect(itemCard(bob.page, ladder).getByTestId('item-request')).toBeEnabled();

  // His conversation with Alice says who added it for which request, and leads back to Available Items.
  await bob.page.goto('/messages');
  await bob.page.getByTestId('conversation-item').filter({ hasText: alice.user.name }).click();
  const itemAdded = bob.page.getByTestId('system-message').filter({ hasText: ladder });
  await expect(itemAdded).toContainText(`${alice.user.name} added an item for your request “${ladder}”.`);
  await itemAdded.getByTestId('system-message-available-items').click();
  await expect(bob.page).toHaveURL(/\/available-items$/);
  await expect(itemCard(bob.page, ladder)).toBeVisible();
});
