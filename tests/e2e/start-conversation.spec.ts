import { apiAs, userIdOf } from './support/api';
import { expect } from './support/fixtures';
import { peopleTest as test } from './support/people';

/*
 * Issue 33, defect 7: a conversation could only be started by typing
 * /messages?with=<id>. Now Message is on an active contact's card, on each
 * other member of a shared group, and beside an item shared with you; an
 * unregistered contact's card says why it has none.
 */
test('Message on a contact card, a group member and a shared item opens the thread with that person', async ({
  signUp,
}) => {
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  const [aliceId, bobId] = [await userIdOf(alice.page), await userIdOf(bob.page)];
  await apiAs(alice.page, 'POST', '/api/contacts', { contactUserId: bobId });
  await apiAs(bob.page, 'POST', '/api/contacts', { contactUserId: aliceId });
  await apiAs(alice.page, 'POST', '/api/contacts', { name: 'Carla Offline', phone: '+41795550199' });
  const group = await apiAs<{ id: string; groupCode: string }>(alice.page, 'POST', '/api/groups', {
    name: 'Hausgemeinschaft',
    isPrivate: true,
    maxMembers: 10,
  });
  const joining = await apiAs<{ id: string; status: string }>(
    bob.page,
    'POST',
    `/api/groups/${group.id}/join-requests`,
    {
      groupCode: group.groupCode,
    },
  );
  if (joining.status === 'pending') {
    await apiAs(alice.page, 'PUT', `/api/groups/join-requests/${joining.id}/approve`, {});
  }
  const tent = await apiAs<{ id: string }>(bob.page, 'POST', '/api/items', { name: 'Zelt', category: 'sports' });
  await apiAs(bob.page, 'POST', '/api/permissions', { itemId: tent.id, contactUserId: aliceId, canView: true });
  const { page } = alice;
  const expectThreadWithBob = async () => {
    await expect(page).toHaveURL(new RegExp(`/messages\\?with=${bobId}$`));
    await expect(page.getByTestId('thread-partner-name')).toHaveText(bob.user.name);
    await expect(page.getByTestId('message-input')).toBeVisible();
  };

  await page.goto('/contacts');
  const bobsCard = page.getByTestId('contact-card').filter({ hasText: bob.user.name });
  await bobsCard.getByTestId('message-person').click();
  await expectThreadWithBob();
  // The first message of a conversation that did not exist before.
  await page.getByTestId('message-input').fill('Hallo Bob!');
  await page.getByTestId('message-send').click();
  await expect(page.getByTestId('message-bubble').filter({ hasText: 'Hallo Bob!' })).toBeVisible();

  await page.goto('/contacts');
  const carlasCard = page.getByTestId('contact-card').filter({ hasText: 'Carla Offline' });
  await expect(carlasCard.getByTestId('message-person')).toHaveCount(0);
  await expect(carlasCard.getByTestId('contact-message-unavailable')).toBeVisible();

  await page.goto(`/groups/${group.id}`);
  const members = page.getByTestId('member');
  await expect(members).toHaveCount(2);
  await expect(members.filter({ hasText: alice.user.name }).getByTestId('message-person')).toHaveCount(0);
  await members.filter({ hasText: bob.user.name }).getByTestId('message-person').click();
  await expectThreadWithBob();

  await page.goto('/available-items');
  await page.getByTestId('item-card').filter({ hasText: 'Zelt' }).getByTestId('message-person').click();
  await expectThreadWithBob();
});
