import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { expect } from './support/fixtures';
import { peopleTest as test, type Person } from './support/people';

/**
 * Issue "Items": Alice creates an item with a photo, shares it with Bob and
 * with a group; Bob and a group member see it with "shared via"; Dave, a
 * stranger, sees nothing and gets no photo; Alice edits and deletes it.
 * Runs at desktop and at phone width.
 */

const toast = (page: Page) => page.getByTestId('toast');
const itemCard = (page: Page, name: string) => page.getByTestId('item-card').filter({ hasText: name });

/** A real JPEG with GPS EXIF, as a phone camera would write it. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1' } })
    .toBuffer();
}

/** Alice and Bob become registered contacts of each other, as the contacts screens do. */
async function connect(alice: Person, bob: Person) {
  await apiAs(alice.page, 'POST', '/api/contacts', {
    name: bob.user.name,
    phone: '+41791002030',
    username: bob.user.username,
  });
}

/** A public group of Alice that `member` joined through a request Alice approved. */
async function groupWith(alice: Person, member: Person, name: string): Promise<string> {
  const group = await apiAs<{ id: string }>(alice.page, 'POST', '/api/groups', { name, maxMembers: 10 });
  await apiAs(member.page, 'POST', `/api/groups/${group.id}/join-requests`, { requestMessage: '' });
  const [request] = await apiAs<{ id: string }[]>(alice.page, 'GET', `/api/groups/${group.id}/join-requests`);
  await apiAs(alice.page, 'PUT', `/api/groups/join-requests/${request!.id}/approve`, { adminResponse: '' });
  return group.id;
}

/** Waits until the card's first photo has really loaded (not the placeholder). */
async function expectPhotoLoaded(page: Page, name: string) {
  const image = itemCard(page, name).locator('img[src^="/api/photos/"]').first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.getAttribute('src');
}

test('an item with a photo, shared with a contact and a group, then edited and deleted', async ({ signUp }) => {
  test.setTimeout(120_000);
  const [alice, bob, carol, dave] = [
    await signUp('alice'),
    await signUp('bob'),
    await signUp('carol'),
    await signUp('dave'),
  ];
  const suffix = Date.now().toString(36);
  const itemName = `Cordless drill ${suffix}`;
  const groupName = `Street ${suffix}`;
  await connect(alice, bob);
  await groupWith(alice, carol, groupName);

  // Alice adds the item with a photo from the gallery.
  await alice.page.goto('/');
  await expect(alice.page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
  await expect(alice.page.getByTestId('stat-contacts')).toHaveText('1');
  // The beta banner pushes the page down 72 px when its answer arrives (spec §2): a click aimed before that lands
  // 72 px too high, on no button (seen once in CI on the phone project). Wait until the layout has settled.
  await expect(alice.page.getByRole('region', { name: 'Beta feedback' })).toBeVisible();
  await alice.page.getByTestId('add-item').click();
  const dialog = alice.page.getByTestId('item-form-dialog');
  await dialog.getByLabel('Item name').fill(itemName);
  await dialog.getByLabel('Description (optional)').fill('18 V, two batteries');
  await dialog.getByLabel('Category').selectOption('tools');
  await dialog.getByTestId('item-photo-gallery-input').setInputFiles({
    name: 'drill.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(),
  });
  await expect(dialog.getByTestId('item-photos').getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(alice.page, 'item-form-dialog');
  await dialog.getByTestId('item-form-submit').click();
  await expect(toast(alice.page)).toContainText('Item created successfully!');
  await expect(dialog).toBeHidden();
  // A card's src is the photo's card copy; its srcset also offers the full image (the same
  // address without the size), which dense screens such as the phone project's choose.
  const cardSrc = await expectPhotoLoaded(alice.page, itemName);
  expect(cardSrc).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\?size=card$/);
  const photoUrls = [cardSrc!, cardSrc!.replace('?size=card', '')];

  // Neither stored copy carries metadata (GPS above all).
  for (const url of photoUrls) {
    const photo = await alice.page.request.get(url);
    expect(photo.status()).toBe(200);
    const stored = await sharp(await photo.body()).metadata();
    expect(stored.exif).toBeUndefined();
  }
  const statusesFor = (person: Person) =>
    Promise.all(photoUrls.map(async (url) => (await person.page.request.get(url)).status()));

  // Before any share, Bob sees nothing and gets no photo.
  await bob.page.goto('/available-items');
  await expect(bob.page.getByTestId('item-not-listed')).toBeVisible();
  await expect(itemCard(bob.page, itemName)).toHaveCount(0);
  expect(await statusesFor(bob)).toEqual([404, 404]);

  // Alice shares it with Bob and with the group.
  await itemCard(alice.page, itemName).getByTestId('item-permissions').click();
  const permissions = alice.page.getByTestId('item-permissions-dialog');
  await expect(permissions.getByTestId('permissions-tab-contacts')).toHaveText('Contacts (1)');
  await permissions.getByRole('checkbox', { name: `Can see ${bob.user.name}` }).check();
  await permissions.getByTestId('permissions-tab-groups').click();
  await permissions.getByRole('checkbox', { name: `Can see ${groupName}` }).check();
  await expectNoAxeViolations(alice.page, 'item-permissions-dialog');
  await permissions.getByTestId('permissions-save').click();
  await expect(toast(alice.page)).toContainText('Permissions updated');
  await expect(permissions).toBeHidden();
  await expect(alice.page.getByTestId('stat-shared')).toHaveText('1');

  // Bob, a contact, sees it with its photo; Carol sees it shared via the group.
  await bob.page.reload();
  const bobCard = itemCard(bob.page, itemName);
  await expect(bobCard.getByTestId('item-owner')).toHaveText(alice.user.name);
  await expectPhotoLoaded(bob.page, itemName);
  await expectNoAxeViolations(bob.page, 'available-items');
  // Search understands word forms and typos (issue 19): "drills" and "cordles" find the drill.
  for (const typed of ['drills', 'cordles']) {
    await bob.page.getByRole('searchbox').fill(typed);
    await expect(itemCard(bob.page, itemName)).toBeVisible();
  }
  await bob.page.getByRole('searchbox').fill('');

  await carol.page.goto('/available-items');
  await expect(itemCard(carol.page, itemName).getByTestId('item-shared-via-group')).toHaveText(groupName);
  await expectPhotoLoaded(carol.page, itemName);

  // Dave, a stranger, finds nothing, not even by searching, and gets no photo or details.
  await dave.page.goto('/available-items');
  await dave.page.getByRole('searchbox').fill('drill');
  await expect(dave.page.getByTestId('item-card')).toHaveCount(0);
  expect(await statusesFor(dave)).toEqual([404, 404]);
  const itemId = await itemIdOf(alice, itemName);
  expect((await dave.page.request.get(`/api/items/${itemId}`)).status()).toBe(404);

  // Alice renames it; Bob sees the new name.
  await itemCard(alice.page, itemName).getByTestId('item-edit').click();
  const edit = alice.page.getByTestId('item-form-dialog');
  await edit.getByLabel('Item name').fill(`${itemName} (with case)`);
  await edit.getByTestId('item-form-submit').click();
  await expect(toast(alice.page)).toContainText('Item updated');
  await bob.page.reload();
  await expect(itemCard(bob.page, `${itemName} (with case)`)).toBeVisible();

  // Alice deletes it; it is gone for everyone, its photo too.
  await itemCard(alice.page, itemName).getByTestId('item-delete').click();
  const confirm = alice.page.getByTestId('delete-item-dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this item?');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(alice.page)).toContainText('Item deleted');
  await expect(itemCard(alice.page, itemName)).toHaveCount(0);
  await bob.page.reload();
  await expect(bob.page.getByTestId('item-not-listed')).toBeVisible();
  await expect(itemCard(bob.page, itemName)).toHaveCount(0);
  expect(await statusesFor(bob)).toEqual([404, 404]);
});

async function itemIdOf(owner: Person, name: string): Promise<string> {
  const mine = await apiAs<{ id: string; name: string }[]>(owner.page, 'GET', '/api/items/my');
  const item = mine.find((candidate) => candidate.name === name);
  expect(item, `${name} in My Items`).toBeDefined();
  return item!.id;
}

test('My Items starts empty; its add-first-item button opens the add dialog', async ({ signUp }) => {
  const eve = await signUp('eve');
  await eve.page.goto('/');
  await expect(eve.page.getByTestId('my-items-empty')).toBeVisible();
  await expect(eve.page.getByTestId('stat-total')).toHaveText('0');
  await expectNoAxeViolations(eve.page, 'my-items-empty');
  await eve.page.getByTestId('add-first-item').click();
  await expect(eve.page.getByTestId('item-form-dialog')).toBeVisible();
  await expect(eve.page.getByLabel('Item name')).toBeFocused();
});
