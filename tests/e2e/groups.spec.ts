import type { Page } from '@playwright/test';
import { newTestUser, submitCreateAccountForm } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test } from './support/people';

/**
 * Issue "Groups": Alice creates a private group; Bob joins by code with a
 * message; Alice approves; Bob sees the group and its members; Alice
 * transfers admin to Bob; Bob deletes the group and Alice no longer sees it.
 * Runs at desktop and at phone width.
 */

const toast = (page: Page) => page.getByTestId('toast');
const member = (page: Page, name: string) => page.getByTestId('member').filter({ hasText: name });

test('a private group from creation to deletion, through join, approval and admin transfer', async ({ signUp }) => {
  // Two sign-ups and five axe scans: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000);
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  const groupName = `Climbing ${Date.now().toString(36)}`;

  // Alice creates a private group.
  await alice.page.goto('/groups');
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await alice.page.getByTestId('create-group').click();
  const createDialog = alice.page.getByTestId('create-group-dialog');
  await createDialog.getByLabel('Group name').fill(groupName);
  await createDialog.getByLabel('Maximum members').fill('5');
  await createDialog.getByTestId('create-group-private').click();
  await expectNoAxeViolations(alice.page, 'create-group-dialog');
  await createDialog.getByTestId('create-group-submit').click();
  await expect(toast(alice.page)).toContainText(groupName);

  const aliceCard = alice.page.getByTestId('group-card').filter({ hasText: groupName });
  await expect(aliceCard).toContainText('1/5');
  const code = (await aliceCard.getByTestId('group-code').innerText()).replace(/\D/g, '');
  expect(code).toMatch(/^\d{10}$/);
  await expectNoAxeViolations(alice.page, 'groups-mine');

  // Bob cannot find it, but joins by code with a message.
  await bob.page.goto('/groups');
  await bob.page.getByTestId('join-group').click();
  const joinDialog = bob.page.getByTestId('join-group-dialog');
  await joinDialog.getByTestId('join-code-input').fill(code);
  await joinDialog.getByTestId('join-code-next').click();
  await expect(joinDialog).toContainText(groupName);
  await joinDialog.getByTestId('join-back').click();
  await expect(joinDialog.getByTestId('join-code-input')).toBeVisible();
  await joinDialog.getByTestId('join-code-next').click();
  await joinDialog.getByTestId('join-message').fill('Hi Alice, it is Bob from the climbing gym.');
  await expectNoAxeViolations(bob.page, 'join-group-confirm');
  await joinDialog.getByTestId('join-send').click();
  await expect(toast(bob.page)).toContainText('Join request sent');

  // Alice approves with a response.
  await aliceCard.getByRole('link', { name: new RegExp(groupName) }).click();
  await expect(alice.page.getByTestId('group-details')).toBeVisible();
  const request = alice.page.getByTestId('join-request').filter({ hasText: bob.user.name });
  await expect(request).toContainText('Hi Alice, it is Bob from the climbing gym.');
  await expectNoAxeViolations(alice.page, 'group-details-admin');
  await request.getByTestId('join-response').fill('Welcome, Bob!');
  await request.getByTestId('approve-request').click();
  await expect(member(alice.page, bob.user.name)).toBeVisible();
  await expect(alice.page.getByTestId('join-request')).toHaveCount(0);
  const groupUrl = alice.page.url();

  // Bob sees the group and its members.
  await bob.page.goto('/groups');
  const bobCard = bob.page.getByTestId('group-card').filter({ hasText: groupName });
  await expect(bobCard).toContainText('2/5');
  await bob.page.goto(groupUrl);
  await expect(member(bob.page, alice.user.name).getByTestId('admin-badge')).toBeVisible();
  await expect(member(bob.page, bob.user.name).getByTestId('you-badge')).toBeVisible();
  await expect(bob.page.getByTestId('delete-group')).toHaveCount(0);
  await expectNoAxeViolations(bob.page, 'group-details-member');

  // Alice transfers the admin role to Bob and becomes a member.
  await alice.page.reload();
  await member(alice.page, bob.user.name).getByTestId('member-actions').click();
  await alice.page.getByTestId('transfer-admin').click();
  await alice.page.getByTestId('confirm-dialog-confirm').click();
  await expect(alice.page.getByTestId('group-edit')).toHaveCount(0);
  await expect(member(alice.page, bob.user.name).getByTestId('admin-badge')).toBeVisible();

  // Bob, now admin, deletes the group; Alice no longer sees it.
  await bob.page.reload();
  await bob.page.getByTestId('delete-group').click();
  await bob.page.getByTestId('confirm-dialog-confirm').click();
  await expect(bob.page).toHaveURL(/\/groups$/);

  await alice.page.goto('/groups');
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await expect(alice.page.getByTestId('group-card').filter({ hasText: groupName })).toHaveCount(0);
  await alice.page.goto(groupUrl);
  await expect(alice.page.getByTestId('group-not-found')).toBeVisible();
});

test('a join link from Invite Members brings a signed-out person through sign-in to the join dialog', async ({
  signUp,
  newVisitor,
}) => {
  const alice = await signUp('alice');
  const groupName = `Garden ${Date.now().toString(36)}`;
  await alice.page.goto('/groups');
  await alice.page.getByTestId('create-group').click();
  await alice.page.getByTestId('create-group-dialog').getByLabel('Group name').fill(groupName);
  await alice.page.getByTestId('create-group-submit').click();
  await alice.page
    .getByTestId('group-card')
    .filter({ hasText: groupName })
    .getByRole('link', { name: new RegExp(groupName) })
    .click();
  await alice.page.getByTestId('invite-members').click();
  const link = await alice.page.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/groups\?join=\d{10}$/);

  const dora = await newVisitor();
  const doraUser = newTestUser('dora');
  await dora.goto(link);
  await expect(dora.getByRole('heading', { level: 1, name: 'Login required' })).toBeVisible();
  await expect(dora.getByTestId('login-required-text')).toContainText("You've been invited to join a group.");
  await expectNoAxeViolations(dora, 'login-required');
  await dora.getByTestId('login-required-sign-in').click();
  await dora.waitForURL(/\/oidc\/interaction\/[^/]+$/);
  await submitCreateAccountForm(dora, doraUser);
  await expect(dora).toHaveURL(link);
  const joinDialog = dora.getByTestId('join-group-dialog');
  await expect(joinDialog).toContainText(groupName);
  await joinDialog.getByTestId('join-send').click();
  await expect(toast(dora)).toContainText('Join request sent');
});
