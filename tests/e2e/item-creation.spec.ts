import type { Page } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { firstNumber, pausePageClock } from './support/clock';
import { BASE_URL } from './support/env';
import { expect, signedInTest as test } from './support/fixtures';

/**
 * Issue 16: an item from a photo (offline analyzer, no network) and from a
 * book's barcode read in the browser by zxing-wasm, which the server
 * serves itself. Runs at phone and at desktop width.
 */

const ISBN = '9780306406157';

/** A real JPEG as a phone camera would give it: a bright object on a plain background. */
async function cameraPhoto(): Promise<Buffer> {
  const object = await sharp({
    create: { width: 700, height: 500, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 235, g: 235, b: 230 } } })
    .composite([{ input: object, left: 450, top: 350 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** An EAN-13 of a book's ISBN, as printed on its back (zxing finds nothing on a transparent background). */
async function isbnBarcode(): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'ean13',
    text: ISBN,
    scale: 3,
    height: 20,
    includetext: true,
    backgroundcolor: 'FFFFFF',
    paddingwidth: 12,
    paddingheight: 12,
  });
}

/** Refuses every request that leaves our origin: the reader and the analyzer must work offline. */
async function stayOffline(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.context().route(
    (url) => url.origin !== new URL(BASE_URL).origin,
    (route) => {
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return refused;
}

async function openCreationDialog(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My Items' })).toBeVisible();
  await page.getByTestId('add-from-photo').click();
  const dialog = page.getByTestId('item-creation-dialog');
  await expect(dialog.getByRole('heading', { name: 'Add from a photo' })).toBeVisible();
  return dialog;
}

test('a photo becomes an item: preview, progress, then its edit dialog', async ({ page }) => {
  test.setTimeout(60_000);
  const refused = await stayOffline(page);
  // A clock the test can move forward (the progress step's seconds); it runs on its own otherwise.
  await page.clock.install();
  const dialog = await openCreationDialog(page);
  await expectNoAxeViolations(page, 'item creation: choice');
  await expect(dialog.getByTestId('item-creation-camera-input')).toHaveAttribute('capture', 'environment');

  await dialog.getByTestId('item-creation-gallery-input').setInputFiles({
    name: 'thing.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(),
  });
  const preview = dialog.getByTestId('item-creation-preview');
  await expect(preview.getByRole('img')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Retake' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectNoAxeViolations(page, 'item creation: preview');

  // Held back until the progress step has been seen, however fast the offline analyzer is.
  const sent: { aiImage?: string; displayImage?: string; language?: string } = {};
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/items/analyze-and-create', async (route) => {
    Object.assign(sent, route.request().postDataJSON() as typeof sent);
    await released;
    await route.continue();
  });
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/items/analyze-and-create'));
  await preview.getByRole('button', { name: 'Create item' }).click();
  const progress = dialog.getByTestId('item-creation-progress');
  await expect(progress.getByRole('status')).toHaveText('Analysing your photo…');
  // The page's clock, stopped and moved by the test: a second passes at once (issue 31).
  await pausePageClock(page);
  const elapsed = progress.getByTestId('item-creation-elapsed');
  const shown = firstNumber(await elapsed.textContent());
  await page.clock.runFor(1_000);
  await expect(elapsed).toHaveText(`${shown + 1} s`);
  // Running again before axe, which waits on the page's timers; the answer is still held.
  await page.clock.resume();
  await expectNoAxeViolations(page, 'item creation: progress');
  release();
  expect((await answer).status()).toBe(201);
  expect(sent.language).toBe('en');
  expect(sent.aiImage).toMatch(/^data:image\/jpeg;base64,/);
  expect(sent.displayImage).toMatch(/^data:image\/jpeg;base64,/);

  await expect(dialog).toBeHidden();
  const edit = page.getByTestId('item-form-dialog');
  await expect(edit.getByRole('heading', { name: 'Edit item' })).toBeVisible();
  await expect(edit.getByTestId('item-form-notice')).toBeVisible();
  const name = edit.getByLabel('Item name');
  await expect(name).toBeFocused();
  await expect(name).not.toHaveValue('');
  // The display copy is the item's photo.
  await expect(edit.getByTestId('item-photos').getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(page, 'edit dialog after creation');
  // Read before the dialog closes: then the field is gone, and reading it would wait forever.
  const itemName = await name.inputValue();
  // Cancel, not Escape: Escape first dismisses the "Item created" toast, the top layer.
  await edit.getByTestId('item-form-cancel').click();
  await expect(edit).toBeHidden();
  // Closed without saving: the item exists already, so the page asks (issue 33); Keep keeps it.
  const question = page.getByTestId('keep-new-item-dialog');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep item' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByTestId('item-card').filter({ hasText: itemName }).first()).toBeVisible();
  expect(refused).toEqual([]);
});

test('a book’s barcode is read in the browser offline and becomes a book with its ISBN', async ({ page }) => {
  test.setTimeout(60_000);
  const refused = await stayOffline(page);
  const dialog = await openCreationDialog(page);
  await dialog.getByRole('button', { name: /Scan a barcode/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Scan a barcode' })).toBeVisible();
  await expectNoAxeViolations(page, 'item creation: barcode');

  const wasm = page.waitForResponse((response) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(response.url()));
  await dialog.getByTestId('item-creation-camera-input').setInputFiles({
    name: 'barcode.png',
    mimeType: 'image/png',
    buffer: await isbnBarcode(),
  });
  expect((await wasm).status()).toBe(200);
  const found = dialog.getByTestId('item-creation-barcode-found');
  await expect(found.getByTestId('item-creation-barcode-code')).toHaveText(`Number ${ISBN}`);
  await expectNoAxeViolations(page, 'item creation: barcode read');

  await found.getByRole('button', { name: 'Create item' }).click();
  const edit = page.getByTestId('item-form-dialog');
  await expect(edit.getByRole('heading', { name: 'Edit item' })).toBeVisible();
  await expect(edit.getByTestId('item-form-notice')).toContainText('ISBN');
  await expect(edit.getByLabel('Category')).toHaveValue('books');
  await expect(edit.getByLabel('Description (optional)')).toHaveValue(new RegExp(ISBN));
  await expect(edit.getByLabel('Item name')).toBeFocused();
  expect(refused).toEqual([]);
});
