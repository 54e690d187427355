import type { Page } from '@playwright/test';
import { apiAs, userIdOf } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';
import { SCREENSHOTS, screenshotForReview } from './support/screenshots';

/**
 * Issue 19 part 3, "looking for" finds things: Rita types "drill" in the
 * network request dialog and sees Fred's "Cordless drill", which Fred shares
 * with her, but neither Fred's "Hammer drill" nor Hanna's "Secret drill",
 * which they do not share with her (Hanna shares hers with Fred only); "Ask" opens the borrow flow for it. After sending,
 * Fred reads "You may have this" with his drill and answers in one tap;
 * Hanna, whose drill Rita cannot see, is only asked; Rita reads Fred's
 * answer. E2E_SCREENSHOTS=1 also saves the dialog and Fred's thread
 * at 390 and 1280 px in English and German to /tmp/looking-for-*.png.
 */

const toast = (page: Page) => page.getByTestId('toast');

/** Registered contacts of each other, as the contacts screens make them. */
async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

/** An item of `owner`, shared ("Can see") with `viewer` when given, as the item screens make it. */
async function newItem(owner: Person, name: string, viewer?: Person): Promise<string> {
  const item = await apiAs<{ id: string }>(owner.page, 'POST', '/api/items', { name, category: 'tools' });
  if (viewer) {
    await apiAs(owner.page, 'POST', '/api/permissions', {
      itemId: item.id,
      contactUserId: await userIdOf(viewer.page),
      canView: true,
    });
  }
  return item.id;
}

/** Opens the network request dialog on Available Items and types what is looked for. */
async function startAsking(page: Page, text: string, query = '') {
  await page.goto(`/available-items${query}`);
  await page.getByTestId('ask-network').click();
  const dialog = page.getByTestId('network-request-dialog');
  await dialog.getByTestId('network-request-title').fill(text);
  return dialog;
}

async function openThread(person: Person, partner: Person, query = '') {
  await person.page.goto(`/messages${query}`);
  await person.page.getByTestId('conversation-item').filter({ hasText: partner.user.name }).click();
}

test('a network request surfaces an item already visible, and a friend offers theirs in one tap', async ({
  signUp,
}) => {
  test.setTimeout(SCREENSHOTS ? 180_000 : 120_000);
  const rita = await signUp('rita');
  const fred = await signUp('fred');
  const hanna = await signUp('hanna');
  await befriend(rita, fred);
  await befriend(rita, hanna);
  await befriend(hanna, fred);
  const cordlessDrill = await newItem(fred, 'Cordless drill', rita);
  await newItem(fred, 'Hammer drill');
  // Shared, but with Fred, not Rita: what Rita is shown depends on her own permission.
  await newItem(hanna, 'Secret drill', fred);

  // Rita types "drill": Fred's shared drill is suggested, with owner and status; nothing she cannot see.
  const dialog = await startAsking(rita.page, 'drill');
  const suggestions = dialog.getByTestId('network-request-suggestions');
  await expect(suggestions.getByRole('heading', { name: 'Already in your network' })).toBeVisible();
  await expect(suggestions.getByTestId('network-request-suggestion')).toHaveCount(1);
  await expect(suggestions.getByTestId('network-request-suggestion')).toContainText('Cordless drill');
  await expect(suggestions).toContainText(`from ${fred.user.name}`);
  await expect(suggestions).toContainText('Available');
  await expect(dialog).not.toContainText('Hammer drill');
  await expect(dialog).not.toContainText('Secret drill');
  await expect(rita.page.getByTestId('network-request-suggestions-status')).toHaveText(
    '1 matching item already in your network',
  );
  await expectNoAxeViolations(rita.page, 'network-request-dialog');

  // "Ask" opens the borrow flow for that drill instead of asking everyone.
  await suggestions.getByRole('button', { name: `Ask ${fred.user.name} if you can borrow Cordless drill` }).click();
  const borrow = rita.page.getByTestId('borrow-dialog');
  await expect(borrow).toContainText('Cordless drill');
  await expect(dialog).toHaveCount(0);
  await rita.page.keyboard.press('Escape');
  await expect(borrow).toHaveCount(0);

  // She asks everyone after all.
  const asking = await startAsking(rita.page, 'drill');
  await expect(asking.getByTestId('network-request-suggestion')).toHaveCount(1);
  await asking.getByTestId('network-request-submit').click();
  await expect(toast(rita.page)).toContainText('It reached 2 people in your network.');

  // Hanna is asked, but told about nothing: Rita cannot see her drill.
  await openThread(hanna, rita);
  const hannasRequest = hanna.page.getByTestId('network-request-message');
  await expect(hannasRequest).toContainText('drill');
  await expect(hannasRequest.getByTestId('network-request-help')).toBeVisible();
  await expect(hannasRequest.getByTestId('network-request-matches')).toHaveCount(0);
  await expect(hanna.page.getByTestId('message-thread')).not.toContainText('Secret drill');

  // Fred reads "You may have this" with his drill (never the one he did not share with Rita).
  await openThread(fred, rita);
  const fredsRequest = fred.page.getByTestId('network-request-message');
  const matches = fredsRequest.getByTestId('network-request-matches');
  await expect(matches.getByRole('heading', { name: 'You may have this' })).toBeVisible();
  await expect(matches.getByTestId('network-request-match')).toHaveText(['Cordless drillOffer']);
  await expect(fredsRequest.getByTestId('network-request-help')).toBeVisible();
  await expectNoAxeViolations(fred.page, 'messages-thread');

  if (SCREENSHOTS) {
    await takeScreenshots(rita, fred);
    await openThread(fred, rita);
  }

  // One tap answers the request with that drill.
  await matches.getByRole('button', { name: `Offer Cordless drill to ${rita.user.name}` }).click();
  await expect(toast(fred.page)).toContainText('Offer sent');
  await expect(fredsRequest.getByTestId('network-request-answered')).toBeVisible();
  await expect(fredsRequest.getByTestId('network-request-matches')).toHaveCount(0);

  // Rita reads Fred's answer in their conversation.
  await openThread(rita, fred);
  await expect(rita.page.getByTestId('message-bubble').last()).toContainText(
    'I have this: Cordless drill. Ask me to borrow it!',
  );

  // Once she has asked Fred for it, the suggestion says so instead of offering Ask again.
  const today = await rita.page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
  await apiAs(rita.page, 'POST', '/api/lending-requests', {
    itemId: cordlessDrill,
    message: 'Could I borrow it?',
    requestedFrom: today,
    expectedReturnDate: today,
  });
  const again = await startAsking(rita.page, 'drill');
  const asked = again.getByTestId('network-request-suggestion');
  await expect(asked.getByTestId('network-request-suggestion-reason')).toHaveText('Already asked');
  await expect(asked.getByTestId('network-request-suggestion-ask')).toBeDisabled();
  await expectNoAxeViolations(rita.page, 'network-request-dialog-already-asked');
  if (SCREENSHOTS) {
    for (const width of [390, 1280]) {
      await rita.page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await screenshotForReview(rita.page, { path: `/tmp/looking-for-already-asked-${width}.png` });
    }
  }
});

/** The dialog with its suggestion and Fred's thread with the match, at 390 and 1280 px, in English and German. */
async function takeScreenshots(rita: Person, fred: Person) {
  for (const language of ['en', 'de']) {
    for (const width of [390, 1280]) {
      const name = `${language}-${width}`;
      await rita.page.setViewportSize({ width, height: 844 });
      const dialog = await startAsking(rita.page, 'drill', `?lng=${language}`);
      await expect(dialog.getByTestId('network-request-suggestion')).toHaveCount(1);
      await screenshotForReview(rita.page, { path: `/tmp/looking-for-dialog-${name}.png` });
      await rita.page.keyboard.press('Escape');

      await fred.page.setViewportSize({ width, height: 844 });
      await openThread(fred, rita, `?lng=${language}`);
      await expect(fred.page.getByTestId('network-request-match')).toHaveCount(1);
      await screenshotForReview(fred.page, { path: `/tmp/looking-for-thread-${name}.png` });
    }
  }
  for (const page of [rita.page, fred.page]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?lng=en');
  }
}
