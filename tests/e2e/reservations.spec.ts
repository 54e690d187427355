import type { Page } from '@playwright/test';
import { apiAs, userIdOf } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';
import { screenshotForReview } from './support/screenshots';

/**
 * Issue 35 (docs/decisions/0047): Carol has Alice's tent now; Bob sees when
 * it is free, asks for days that are taken, asks to be told when they are
 * free, is offered the nearest free ones in one tap, and books a later week
 * while the tent is still out; Alice accepts it beside Carol's loan and sees
 * who waits. Runs at phone and desktop width.
 */

const itemCard = (page: Page, name: string) => page.getByTestId('item-card').filter({ hasText: name });

async function befriend(a: Person, b: Person) {
  await apiAs(a.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(b.page) });
  await apiAs(b.page, 'POST', '/api/contacts', { contactUserId: await userIdOf(a.page) });
}

/** `YYYY-MM-DD`, `days` after today in the browser's time zone. */
const inDays = (page: Page, days: number) =>
  page.evaluate((offset) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return date.toLocaleDateString('sv-SE');
  }, days);

test('booking a later week while the item is out: busy days greyed, a conflict with a suggestion, both loans held', async ({
  signUp,
}) => {
  test.setTimeout(120_000);
  const [alice, bob, carol] = [await signUp('alice'), await signUp('bob'), await signUp('carol')];
  await befriend(alice, bob);
  await befriend(alice, carol);
  const tent = `Tent ${Date.now().toString(36)}`;
  const item = await apiAs<{ id: string }>(alice.page, 'POST', '/api/items', { name: tent, category: 'outdoor' });
  for (const viewer of [bob, carol]) {
    await apiAs(alice.page, 'POST', '/api/permissions', {
      itemId: item.id,
      contactUserId: await userIdOf(viewer.page),
      canView: true,
    });
  }
  // Carol has it from today for five days.
  const carols = await apiAs<{ id: string }>(carol.page, 'POST', '/api/lending-requests', {
    itemId: item.id,
    message: 'For the weekend at the lake',
    requestedFrom: await inDays(carol.page, 0),
    expectedReturnDate: await inDays(carol.page, 4),
  });
  await apiAs(alice.page, 'PUT', `/api/lending-requests/${carols.id}`, { status: 'accepted' });
  await apiAs(alice.page, 'PUT', `/api/lending-requests/${carols.id}`, { status: 'borrowed' });

  // Bob sees it is taken now, and when it is free.
  await bob.page.goto('/available-items');
  const card = itemCard(bob.page, tent);
  await expect(card.getByTestId('item-request-later')).toBeVisible();
  await card.getByTestId('item-calendar').click();
  const calendarDialog = bob.page.getByTestId('item-availability-dialog');
  const busyToday = calendarDialog.locator(`[data-day="${await inDays(bob.page, 0)}"]`);
  await expect(busyToday).toHaveAttribute('data-busy', 'true');
  await expect(calendarDialog).not.toContainText(carol.user.name);
  await expectNoAxeViolations(bob.page, 'item-availability-dialog');
  await screenshotForReview(bob.page, { path: test.info().outputPath('calendar.png') });
  // Back closes the calendar and keeps the page.
  await bob.page.goBack();
  await expect(calendarDialog).toBeHidden();
  await expect(bob.page).toHaveURL(/\/available-items$/);

  // He asks for days inside Carol's loan, typed into the fields.
  await card.getByTestId('item-request').click();
  const borrow = bob.page.getByTestId('borrow-dialog');
  const tomorrow = await inDays(bob.page, 1);
  // The calendar opens on this month; tomorrow may be the 1st of the next.
  if (tomorrow.endsWith('-01')) await borrow.getByTestId('calendar-next').click();
  await expect(borrow.locator(`[data-day="${tomorrow}"]`)).toBeDisabled();
  await borrow.getByTestId('borrow-message').fill('Could I take it the weekend after?');
  await borrow.getByTestId('borrow-from').fill(await inDays(bob.page, 3));
  await borrow.getByTestId('borrow-until').fill(await inDays(bob.page, 5));
  await borrow.getByTestId('borrow-submit').click();
  const conflict = borrow.getByTestId('borrow-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict).not.toContainText(carol.user.name);
  await expectNoAxeViolations(bob.page, 'borrow-dialog');
  await screenshotForReview(bob.page, { path: test.info().outputPath('borrow-conflict.png') });

  // "Tell me when these days are free": he joins the waiting list for them.
  await conflict.getByTestId('waitlist-join').click();
  await expect(conflict.getByTestId('waitlist-waiting')).toBeVisible();

  // One tap takes the nearest free three days, after Carol's.
  await conflict.getByTestId('borrow-use-suggestion').click();
  await expect(borrow.getByTestId('borrow-from')).toHaveValue(await inDays(bob.page, 5));
  await expect(borrow.getByTestId('borrow-until')).toHaveValue(await inDays(bob.page, 7));
  const sent = bob.page.waitForResponse((r) => r.url().endsWith('/api/lending-requests') && r.status() === 201);
  await borrow.getByTestId('borrow-submit').click();
  await sent;
  await expect(card.getByTestId('item-request-pending')).toBeVisible();

  // Alice accepts it while Carol still has the tent, and her calendar says who has which days.
  const requests = await apiAs<{ id: string; requester: { name: string } }[]>(
    alice.page,
    'GET',
    '/api/lending-requests/received',
  );
  const bobs = requests.find((request) => request.requester.name === bob.user.name);
  await apiAs(alice.page, 'PUT', `/api/lending-requests/${bobs?.id}`, { status: 'accepted' });
  await alice.page.goto('/');
  await itemCard(alice.page, tent).getByTestId('item-loan-menu').click();
  await alice.page.getByTestId('item-calendar').click();
  const bookings = alice.page.getByTestId('item-bookings');
  await expect(bookings).toContainText(carol.user.name);
  await expect(bookings).toContainText(bob.user.name);
  await expect(alice.page.getByTestId('waitlist-people')).toContainText(bob.user.name);
  await expectNoAxeViolations(alice.page, 'item-availability-dialog');
  await screenshotForReview(alice.page, { path: test.info().outputPath('owner-calendar.png') });
});
