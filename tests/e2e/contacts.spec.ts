import type { Page } from '@playwright/test';
import { expectSignedInAs, newTestUser, submitCreateAccountForm } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { BASE_URL } from './support/env';
import { expect } from './support/fixtures';
import { peopleTest as test } from './support/people';

/**
 * Issue "Contacts, invitations and referrals": several people, each in their
 * own browser context, through the real sign-in flow. Runs at desktop and at
 * phone width (playwright.config.ts).
 */

async function openAddContactForm(page: Page) {
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await page.getByTestId('add-contact').click();
  return page.getByTestId('add-contact-form');
}

const card = (page: Page, name: string) => page.getByTestId('contact-card').filter({ hasText: name });

test.describe('contacts, invitations and referrals', () => {
  test('Alice adds Bob by username, without a phone, and sees him active', async ({ signUp }) => {
    const bob = await signUp('bob');
    const alice = await signUp('alice');

    await alice.page.goto('/contacts');
    await expect(alice.page.getByTestId('add-first-contact')).toBeVisible();
    await expectNoAxeViolations(alice.page, 'contacts-empty');

    const form = await openAddContactForm(alice.page);
    await expectNoAxeViolations(alice.page, 'add-contact-dialog');
    // Spec §1: a registered person is added by username; no phone is needed.
    await form.getByLabel('Name', { exact: true }).fill('Bob');
    await form.getByLabel('Username (optional)').fill(`@${bob.user.username}`);
    await form.getByTestId('add-contact-submit').click();

    await expect(alice.page.getByTestId('add-contact-dialog')).toBeHidden();
    const bobCard = card(alice.page, 'Bob');
    await expect(bobCard).toHaveAttribute('data-status', 'active');
    await expect(bobCard).toContainText(`@${bob.user.username}`);
    await expect(bobCard.getByTestId('contact-invite')).toHaveCount(0);
    await expect(alice.page.getByTestId('contacts-count')).toContainText('1');
    await expectNoAxeViolations(alice.page, 'contacts-with-card');

    // The same person again is refused at the username field, in words.
    const again = await openAddContactForm(alice.page);
    await again.getByLabel('Name', { exact: true }).fill('Bob again');
    await again.getByLabel('Username (optional)').fill(bob.user.username);
    await again.getByTestId('add-contact-submit').click();
    await expect(again.getByText('This person is already one of your contacts.')).toBeVisible();
  });

  test('Alice invites Carol by link; Carol signs up through it and both are active contacts', async ({
    signUp,
    newVisitor,
  }) => {
    const alice = await signUp('alice');
    await alice.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });

    const form = await openAddContactForm(alice.page);
    await form.getByLabel('Name', { exact: true }).fill('Carol');
    // Carol is not on Lendloop: her email alone cannot invite her, so the phone is asked for.
    await form.getByLabel('Email (optional)').fill('carol.e2e@example.test');
    await form.getByTestId('add-contact-submit').click();
    const phoneField = form.getByLabel('Phone number');
    await expect(form.getByText("This person isn't on Lendloop yet: add a phone number to invite them.")).toBeVisible();
    await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
    await expect(phoneField).toBeFocused();
    await phoneField.fill('41 79 200 30 40');
    await form.getByTestId('add-contact-submit').click();

    const prompt = alice.page.getByTestId('invitation-prompt');
    await expect(prompt).toContainText('Carol is not registered on Lendloop yet.');
    await prompt.getByTestId('invite-send').click();

    const dialog = alice.page.getByTestId('invitation-dialog');
    const linkField = dialog.getByTestId('invitation-link');
    // A short link: 12 random characters, not a long signed token.
    await expect(linkField).toHaveValue(new RegExp(`^${BASE_URL}/invite\\?ref=[0-9A-Za-z]{12}$`));
    const link = await linkField.inputValue();
    expect(link.length).toBeLessThan(60);
    await expect(dialog).toContainText(alice.user.name);
    await expectNoAxeViolations(alice.page, 'invitation-dialog');
    await dialog.getByTestId('copy-invitation-link').click();
    await expect(dialog.getByTestId('copy-invitation-link')).toContainText('Copied');
    expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await alice.page.keyboard.press('Escape');
    await expect(card(alice.page, 'Carol')).toHaveAttribute('data-status', 'invited');

    // Carol opens the link signed out: the landing page names Alice.
    const carolPage = await newVisitor();
    const carol = newTestUser('carol');
    await carolPage.goto(link);
    await expect(carolPage).toHaveURL(/\/\?ref=/);
    const banner = carolPage.getByTestId('invited-banner');
    await expect(banner).toContainText(`${alice.user.name} invited you to Lendloop`);
    await expectNoAxeViolations(carolPage, 'landing-invited');
    await banner.getByTestId('invite-join').click();
    await carolPage.waitForURL(/\/oidc\/interaction\/[^/]+$/);
    await submitCreateAccountForm(carolPage, carol);
    await carolPage.waitForURL(`${BASE_URL}/`);
    await expectSignedInAs(carolPage, carol);
    await expect(carolPage.getByTestId('toast')).toContainText(`You're now connected with ${alice.user.name}`);

    await carolPage.goto('/contacts');
    await expect(card(carolPage, alice.user.name)).toHaveAttribute('data-status', 'active');

    await alice.page.reload();
    await expect(card(alice.page, 'Carol')).toHaveAttribute('data-status', 'active');
    await expect(card(alice.page, 'Carol')).toContainText(`@${carol.username}`);
  });

  test('a tampered invite link is refused on the landing page', async ({ page }) => {
    await page.goto('/invite?ref=tampered.link');
    await expect(page).toHaveURL(/\/\?ref=tampered\.link$/);
    await expect(page.getByTestId('invited-banner')).toContainText('This invite link is invalid or corrupted');
    await expect(page.getByTestId('invite-join')).toHaveCount(0);
    await expectNoAxeViolations(page, 'landing-invite-invalid');
  });
});
