import { randomUUID } from 'node:crypto';
import { BASE_URL } from './support/env';
import { expect, signedInTest, test } from './support/fixtures';
import { isPhoneLayout } from './support/layout';

const NAV_ENTRIES = [
  { label: 'My Items', path: '/', heading: 'My Items' },
  { label: 'Available Items', path: '/available-items', heading: 'Available Items' },
  { label: 'Contacts', path: '/contacts', heading: 'Contacts' },
  { label: 'Groups', path: '/groups', heading: 'Groups' },
  { label: 'Messages', path: '/messages', heading: 'Messages' },
] as const;

/** Spec §2, signed-in route table: every route and the <h1> of its page frame. */
const SIGNED_IN_ROUTES = [
  { path: '/', heading: 'My Items' },
  { path: '/available-items', heading: 'Available Items' },
  { path: '/contacts', heading: 'Contacts' },
  { path: '/groups', heading: 'Groups' },
  // A group that does not exist: the details page shows its not-found state.
  { path: `/groups/${randomUUID()}`, heading: 'Group not found' },
  { path: '/messages', heading: 'Messages' },
  { path: '/profile', heading: 'Profile' },
  { path: '/gdpr', heading: 'Privacy and data' },
  { path: '/auth-debug?error=e2e_check', heading: 'Sign-in help' },
] as const;

signedInTest.describe('signed-in shell', () => {
  signedInTest('navigation reaches each of the five main pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
    // Phones use the bottom bar, wider screens the header navigation (spec §2).
    const nav = page.getByRole('navigation', { name: isPhoneLayout(page) ? 'Quick navigation' : 'Main navigation' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(NAV_ENTRIES.map((entry) => entry.label));

    for (const entry of [...NAV_ENTRIES.slice(1), NAV_ENTRIES[0]]) {
      const link = nav.getByRole('link', { name: entry.label, exact: true });
      await link.click();
      await expect(page).toHaveURL(`${BASE_URL}${entry.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  signedInTest('bottom navigation shows on phones only, header navigation from md up', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
    const bottomNav = page.getByTestId('bottom-nav');
    const headerNav = page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main navigation', includeHidden: true });
    if (isPhoneLayout(page)) {
      await expect(bottomNav).toBeVisible();
      await expect(bottomNav).toHaveAccessibleName('Quick navigation');
      await expect(bottomNav.getByRole('link')).toHaveCount(5);
      await expect(headerNav).toBeHidden();
    } else {
      await expect(bottomNav).toBeHidden();
      await expect(headerNav).toBeVisible();
    }
  });

  signedInTest('the brand opens the news dialog with the four announcements', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('brand-button').click();
    const dialog = page.getByTestId('news-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: "What's new at Lendloop" })).toBeVisible();
    await expect(dialog.getByRole('article')).toHaveCount(4);
    for (const id of ['welcome', 'mobileFeatures', 'securityUpdates', 'communityGuidelines']) {
      await expect(dialog.getByTestId(`news-item-${id}`)).toBeVisible();
    }
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      'Welcome to Lendloop!',
      'Made for your phone',
      'Security updates',
      'Community guidelines',
    ]);
    await expect(dialog.getByTestId('news-item-welcome')).toContainText('High priority');
    await expect(dialog.getByTestId('news-item-welcome').locator('time')).toHaveAttribute('datetime', '2026-03-02');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('brand-button')).toBeFocused();
  });

  signedInTest('the unread badge is absent at zero and shows the count otherwise', async ({ page }) => {
    const countResponse = page.waitForResponse(
      (response) => response.url() === `${BASE_URL}/api/messages/unread-count` && response.ok(),
    );
    await page.goto('/');
    const { count } = (await (await countResponse).json()) as { count: number };
    // The header's messages icon (the navigation's text link has no aria-label).
    const messagesLink = page.getByRole('banner').getByLabel(/^Messages/);
    await expect(messagesLink).toBeVisible();
    if (count === 0) {
      await expect(messagesLink).toHaveAccessibleName('Messages');
      await expect(page.getByTestId('unread-badge')).toHaveCount(0);
      await expect(page.getByTestId('bottom-nav-unread-badge')).toHaveCount(0);
    } else {
      const text = count > 99 ? '99+' : String(count);
      await expect(page.getByTestId('unread-badge')).toHaveText(text);
      await expect(messagesLink).toHaveAccessibleName(`Messages (unread: ${text})`);
    }
  });

  signedInTest('the user menu shows the person and links to Profile Settings', async ({ page, account }) => {
    await page.goto('/');
    await page.getByTestId('user-menu-trigger').click();
    const menu = page.getByTestId('user-menu');
    await expect(menu.getByText(account.name, { exact: true })).toBeVisible();
    await expect(menu.getByTestId('user-menu-email')).toHaveText(`${account.email.slice(0, 20)}…`);
    await menu.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
    await expect(menu).toBeHidden();
  });

  signedInTest('every signed-in route of spec §2 shows its page frame', async ({ page }) => {
    for (const route of SIGNED_IN_ROUTES) {
      await signedInTest.step(route.path, async () => {
        await page.goto(route.path);
        const main = page.getByRole('main');
        await expect(main).toBeVisible();
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
      });
    }
  });

  signedInTest('/invite without a referral goes on to My Items', async ({ page }) => {
    await page.goto('/invite');
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Items');
  });

  signedInTest('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/no/such/page`);
    await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Items');
  });
});

test('signed out, an unknown path shows the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
  await expect(page.getByTestId('landing-sign-in')).toBeVisible();
  await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  await expect(page).toHaveURL(`${BASE_URL}/no/such/page`);
});
