import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startFakePushService, type FakePushService } from '../support/fake-push-service';
import { apiAs, userIdOf } from './support/api';
import { newTestUser, openBuiltInSignInPage, submitCreateAccountForm, type TestUser } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { launchWorkerProfile, type WorkerProfile } from './support/worker-profile';
import { BASE_URL, E2E_PUSH_PORT, E2E_PUSH_TLS } from './support/env';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';
import { installPushServiceStandIn, subscribedServerKey } from './support/push-stand-in';

/**
 * Issue 18, "subscribing to push from the profile stores a subscription", end
 * to end: Alice (German browser) turns push on from her profile; Bob asks to
 * borrow her drill; the server's job sends the push to the push service, which
 * checks the VAPID token and decrypts it: German text, a link to the
 * conversation. Alice turns push off and the subscription is gone.
 *
 * The only stand-in is the browser vendor's push service (see
 * support/push-stand-in.ts for why): the page gets an endpoint on our loopback
 * push service instead of FCM's. scripts/e2e-server.mjs made the service's
 * certificate and told the server to trust it and to allow its port.
 */

let service: FakePushService;
let profile: WorkerProfile | undefined;
let alice: Person;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ launchOptions }) => {
  // A server left running from before (reuseExistingServer) was started without them.
  expect(
    existsSync(E2E_PUSH_TLS.certificateFile),
    `${E2E_PUSH_TLS.certificateFile} is missing: restart the e2e server (scripts/e2e-server.mjs makes it)`,
  ).toBe(true);
  service = await startFakePushService({ port: E2E_PUSH_PORT, tls: E2E_PUSH_TLS });
  // German: the account signed up from this browser gets German pushes.
  profile = await launchWorkerProfile(launchOptions, { name: 'push-delivery', locale: 'de-DE' });
  const { context, page } = profile;
  // Keys made here (ECDH P-256, 16 random auth bytes) that the loopback service decrypts with.
  await installPushServiceStandIn(context, service.subscribe());
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  // Signed up from a German browser: the account's language is German, so its pushes are too.
  const user: TestUser = newTestUser('alice');
  await page.goto('/');
  await openBuiltInSignInPage(page);
  await submitCreateAccountForm(page, user);
  await page.waitForURL(`${BASE_URL}/`);
  alice = { page, user };
});

test.afterAll(async () => {
  await profile?.close();
  await service?.close();
});

async function openNotificationsTab(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('profile-tab-notifications').click();
  await expect(page.getByTestId('notification-settings')).toBeVisible();
}

async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

/** An item of `owner` that `viewer` may see ("Can see" ticked), as the item screens make it. */
async function shareNewItem(owner: Person, viewer: Person, name: string): Promise<string> {
  const item = await apiAs<{ id: string }>(owner.page, 'POST', '/api/items', { name, category: 'tools' });
  await apiAs(owner.page, 'POST', '/api/permissions', {
    itemId: item.id,
    contactUserId: await userIdOf(viewer.page),
    canView: true,
  });
  return item.id;
}

test('push turned on from the profile is stored, and a borrow request reaches the push service in German', async ({
  signUp,
}) => {
  test.setTimeout(120_000);
  const { page } = alice;
  await openNotificationsTab(page);
  const state = page.getByTestId('push-state');
  await expect(state).toHaveAttribute('data-state', 'off', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Push einschalten' }).click();
  await expect(state).toHaveAttribute('data-state', 'on', { timeout: 15_000 });
  await expect(state).toHaveText('Push ist auf diesem Gerät an.');
  const device = page.getByTestId('push-device');
  await expect(device).toHaveCount(1);
  await expect(device).toContainText('Dieses Gerät');
  await expectNoAxeViolations(page, 'notification settings, push on, de');

  // Stored on the server, with the keys the page handed over, subscribed with the server's VAPID key.
  const stored = await apiAs<{ endpoint: string }[]>(page, 'GET', '/api/push/subscriptions');
  expect(stored.map((subscription) => subscription.endpoint)).toEqual([
    expect.stringMatching(new RegExp(`^https://127\\.0\\.0\\.1:${E2E_PUSH_PORT}/push/`)),
  ]);
  const { publicKey } = await apiAs<{ publicKey: string }>(page, 'GET', '/api/push/public-key');
  expect(await subscribedServerKey(page)).toBe(publicKey);

  // Bob (English) asks to borrow Alice's drill.
  const bob = await signUp('bob');
  await befriend(alice, bob);
  const drill = `Bohrmaschine ${Date.now().toString(36)}`;
  const itemId = await shareNewItem(alice, bob, drill);
  const today = await bob.page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  await apiAs(bob.page, 'POST', '/api/lending-requests', {
    itemId,
    message: 'Could I borrow it this weekend?',
    requestedFrom: today,
    expectedReturnDate: today,
  });

  // The job runner sends it within seconds; generous on two shared cores.
  await expect.poll(() => service.received.length, { timeout: 30_000 }).toBe(1);
  const [push] = service.received;
  expect(service.refused).toEqual([]);
  expect(push?.message).toEqual({
    title: `${bob.user.name} möchte ${drill} ausleihen`,
    body: 'Nimm die Anfrage an oder lehne sie ab.',
    url: `/messages?with=${await userIdOf(bob.page)}`,
    tag: expect.any(String),
  });
  expect(push?.urgency).toBe('high');
  expect(push?.vapidKey).toBe(publicKey);

  // The link opens the conversation with Bob's request.
  await page.goto(String(push?.message.url));
  await expect(page.getByTestId('lending-request-message')).toContainText('Could I borrow it this weekend?');
});

test('turning push off from the profile removes the subscription', async () => {
  const { page } = alice;
  await openNotificationsTab(page);
  const state = page.getByTestId('push-state');
  await expect(state).toHaveAttribute('data-state', 'on', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Push ausschalten' }).click();
  await expect(state).toHaveAttribute('data-state', 'off');
  await expect(page.getByTestId('push-device')).toHaveCount(0);
  expect(await apiAs<unknown[]>(page, 'GET', '/api/push/subscriptions')).toEqual([]);
  // The browser's side ended too: after a reload the page finds no subscription.
  await page.reload();
  await page.getByTestId('profile-tab-notifications').click();
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'off', { timeout: 15_000 });
});
