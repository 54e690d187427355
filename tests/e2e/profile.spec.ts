import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, userIdOf } from './support/api';
import { accountButton, openBuiltInSignInPage } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { BASE_URL } from './support/env';
import { expect } from './support/fixtures';
import { isPhoneLayout } from './support/layout';
import { peopleTest as test, type Person } from './support/people';

/**
 * Issue 14, Profile screen: a new name shows in the header and in the other
 * person's conversation; a profile photo shows in the header avatar; the
 * language saved in the profile switches the interface at once and again
 * after the next sign-in; Account Activity lists both sign-ins. Runs at
 * desktop and at phone width.
 */

const toast = (page: Page) => page.getByTestId('toast');
const menuTrigger = (page: Page) => page.getByTestId('user-menu-trigger');

/** A real photo, as a phone's gallery would hand it over. */
async function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** Registered contacts of each other, as the contacts screens make them. */
async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

/** The profile needs a phone number before it can be saved: new accounts have none. */
async function fillRequiredPhone(page: Page) {
  const phone = page.getByTestId('profile-phone');
  await phone.fill('');
  // Typed as people do, starting with a digit: the + appears by itself.
  await phone.pressSequentially('41 79 123 45 67');
  await expect(phone).toHaveValue('+41 79 123 45 67');
}

test('a new name shows in the header and in messages, a photo in the header avatar', async ({ signUp }) => {
  test.setTimeout(90_000);
  const alice = await signUp('alice');
  const bob = await signUp('bob');
  await befriend(alice, bob);
  await apiAs(alice.page, 'POST', '/api/messages', {
    receiverId: await userIdOf(bob.page),
    content: 'Hi Bob, it is Alice.',
    messageType: 'user',
  });

  // Alice opens her profile from the account menu.
  await menuTrigger(alice.page).click();
  await alice.page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(alice.page).toHaveURL(/\/profile$/);
  await expect(alice.page.getByTestId('account-username')).toHaveText(`@${alice.user.username}`);
  await expect(alice.page.getByTestId('account-id')).toHaveText(await userIdOf(alice.page));
  await expectNoAxeViolations(alice.page, 'profile-tab');

  const newName = `Alice Renamed ${Date.now().toString(36)}`;
  await alice.page.getByTestId('profile-name').fill(newName);
  await fillRequiredPhone(alice.page);
  await alice.page.getByTestId('profile-save').click();
  await expect(toast(alice.page)).toContainText('Profile updated');
  await expect(menuTrigger(alice.page)).toHaveAccessibleName(`Account menu for ${newName}`);
  await expect(alice.page.getByTestId('profile-phone')).toHaveValue('+41791234567');

  // Bob sees the new name on Alice's conversation and in the thread.
  await bob.page.goto('/messages');
  const conversation = bob.page.getByTestId('conversation-item').filter({ hasText: newName });
  await expect(conversation).toBeVisible();
  await conversation.click();
  await expect(bob.page.getByTestId('thread-partner-name')).toHaveText(newName);

  // Alice adds a photo: the header avatar shows it at once.
  await expect(menuTrigger(alice.page).getByTestId('avatar-photo')).toHaveCount(0);
  await alice.page.getByTestId('profile-photo-input').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await portrait(),
  });
  await expect(toast(alice.page)).toContainText('Profile photo updated');
  const headerPhoto = menuTrigger(alice.page).getByTestId('avatar-photo');
  await expect(headerPhoto).toBeVisible();
  await expect(headerPhoto).toHaveAttribute('src', /^\/api\/users\/[0-9a-f-]+\/photo\?v=/);
  // Really decoded under the CSP, not just an element with a src.
  expect(await headerPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(alice.page.getByTestId('profile-photo-remove')).toBeVisible();
  await expectNoAxeViolations(alice.page, 'profile-tab-with-photo');

  // Removing it brings the initials back.
  await alice.page.getByTestId('profile-photo-remove').click();
  await expect(toast(alice.page)).toContainText('Profile photo removed');
  await expect(menuTrigger(alice.page).getByTestId('avatar-photo')).toHaveCount(0);
  await expect(menuTrigger(alice.page).getByTestId('avatar-initials')).toHaveText('AR');
});

test('the language saved in the profile switches the interface, now and after the next sign-in', async ({ signUp }) => {
  test.setTimeout(90_000);
  const carol = await signUp('carol');
  const { page } = carol;
  await page.goto('/profile');
  await fillRequiredPhone(page);
  await page.getByTestId('profile-language').selectOption('de');
  await page.getByTestId('profile-save').click();

  await expect(toast(page)).toContainText('Profil aktualisiert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profil');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(menuTrigger(page)).toHaveAccessibleName(`Kontomenü von ${carol.user.name}`);

  // Signed out, someone picks English on the landing page; signing in brings Carol's German back.
  await page.goto('/api/logout');
  await page.waitForURL(`${BASE_URL}/`);
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.getByTestId('landing-sign-in')).toHaveText('Sign in');
  await openBuiltInSignInPage(page);
  await accountButton(page, carol.user).click();
  await page.waitForURL(`${BASE_URL}/`);
  await expect(menuTrigger(page)).toHaveAccessibleName(`Kontomenü von ${carol.user.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Sachen');

  // Within the session the header menu may still switch this browser to another language, and it stays.
  await menuTrigger(page).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Items');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Items');
});

test('Account Activity lists both sign-ins', async ({ signUp }) => {
  test.setTimeout(60_000);
  const dave = await signUp('dave');
  const { page } = dave;
  await page.goto('/api/logout');
  await page.waitForURL(`${BASE_URL}/`);
  await openBuiltInSignInPage(page);
  await accountButton(page, dave.user).click();
  await page.waitForURL(`${BASE_URL}/`);

  await page.goto('/profile');
  await page.getByTestId('profile-tab-activity').click();
  const rows = page.getByTestId('login-history-row');
  await expect(rows).toHaveCount(2);
  const device = isPhoneLayout(page) ? 'Mobile Device' : 'Chrome Browser';
  await expect(rows.getByTestId('login-history-device')).toHaveText([device, device]);
  await expect(rows.first().getByTestId('login-history-method')).toHaveText('Signed in with Lendloop account');
  await expect(rows.first().getByTestId('login-history-relative')).toHaveText(/now|minute/);
  await expect(page.getByTestId('activity-last-login-value')).toHaveText(/now|minute/);
  await expect(page.getByTestId('activity-member-since-value')).not.toHaveText('N/A');
  await expectNoAxeViolations(page, 'account-activity-tab');
});

test('the profile tabs fit a 360 px phone in every language', async ({ signUp }) => {
  const { page } = await signUp('erin');
  await page.setViewportSize({ width: 360, height: 780 });
  for (const language of ['en', 'de', 'fr', 'it']) {
    await page.goto(`/profile?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const tabs = page.getByRole('tablist');
    for (const element of [tabs, ...(await tabs.getByRole('tab').all())]) {
      const { scrollWidth, clientWidth } = await element.evaluate((node) => ({
        scrollWidth: node.scrollWidth,
        clientWidth: node.clientWidth,
      }));
      expect(scrollWidth, `${language}: ${await element.textContent()}`).toBeLessThanOrEqual(clientWidth);
    }
  }
});

test('the open tab is in the address: it can be linked to and is kept on reload (issue 33, defect 9)', async ({
  signUp,
}) => {
  const { page } = await signUp('tabs');
  // The email digest's "settings" link.
  await page.goto('/profile?tab=notifications');
  await expect(page.getByTestId('profile-tab-notifications')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('profile-tab-blocked').click();
  await expect(page).toHaveURL(`${BASE_URL}/profile?tab=blocked`);
  await page.reload();
  await expect(page.getByTestId('profile-tab-blocked')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('profile-tab-profile').click();
  await expect(page).toHaveURL(`${BASE_URL}/profile`);
  // An unknown tab opens the first one.
  await page.goto('/profile?tab=nonsense');
  await expect(page.getByTestId('profile-tab-profile')).toHaveAttribute('aria-selected', 'true');
});
