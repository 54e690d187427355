import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/contract/limits';
import type { OwnItem } from '@/contract/schemas/item';
import { localIsoDate } from '@/client/lib/local-date';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { DONATION_BANNER_STORAGE_KEY } from '../donation';
import { photoFile, stubImageDecoding } from '@/client/testing/image-stubs';
import { DRILL_ID, makeOwnItem } from '@/client/testing/make-item';
import { ItemFormDialog } from './item-form-dialog';

const SAVED_PHOTO_1 = '11111111-1111-4111-8111-111111111111';
const SAVED_PHOTO_2 = '22222222-2222-4222-8222-222222222222';
const NEW_PHOTO_1 = '33333333-3333-4333-8333-333333333333';
const NEW_PHOTO_2 = '44444444-4444-4444-8444-444444444444';

type Routes = Parameters<typeof mockFetch>[0];

/** The server is outside this component test's walls: fetch answers from a table shaped like its contract. */
function renderDialog(routes: Routes, item?: OwnItem) {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  const result = renderWithProviders(<ItemFormDialog open onOpenChange={onOpenChange} item={item} />);
  return { ...result, fetchMock, onOpenChange, dialog: screen.getByTestId('item-form-dialog') };
}

/** Answers POST /api/photos with the given ids, one per upload. */
function photoUploads(...ids: string[]): Routes[string] {
  let next = 0;
  return () => {
    const id = ids[next++] ?? 'unexpected-upload';
    return { status: 201, body: { id, url: `/api/photos/${id}` } };
  };
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, url: string, method: string) {
  return fetchMock.mock.calls.filter(([input, init]) => input === url && init?.method === method);
}

function sentBody(fetchMock: ReturnType<typeof mockFetch>, url: string, method: string): unknown {
  const call = callsTo(fetchMock, url, method)[0];
  return JSON.parse(String(call?.[1]?.body));
}

/** The texts an input's aria-describedby points to. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

describe('<ItemFormDialog/> create', () => {
  it('focuses the name and shows the validation messages without calling the server', async () => {
    const user = userEvent.setup();
    const { fetchMock, dialog } = renderDialog({});
    const name = within(dialog).getByLabelText('Item name');
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    expect(within(dialog).getByRole('heading', { name: 'Add item' })).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await vi.waitFor(() => expect(describedText(name)).toContain('Item name is required'));
    expect(describedText(within(dialog).getByLabelText('Category'))).toContain('Category is required');

    await user.click(name);
    await user.paste('x'.repeat(LIMITS.nameMax + 1));
    await user.type(within(dialog).getByLabelText('Photo URL (optional)'), 'not a web address');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await vi.waitFor(() => expect(describedText(name)).toContain('Name is too long'));
    expect(describedText(within(dialog).getByLabelText('Photo URL (optional)'))).toContain('Please enter a valid URL');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a reservation date in the past; switched off, the date is not sent', async () => {
    const user = userEvent.setup();
    const { dialog, fetchMock } = renderDialog({ '/api/items': { status: 201, body: makeOwnItem() } });
    await user.type(within(dialog).getByLabelText('Item name'), 'Ladder');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'tools');
    const reserved = within(dialog).getByRole('switch', { name: 'Reserved for personal use' });
    expect(reserved.getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).queryByLabelText('Available again on')).toBeNull();

    await user.click(reserved);
    const date = within(dialog).getByLabelText('Available again on');
    expect(date.getAttribute('min')).toBe(localIsoDate());
    await user.type(date, '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await vi.waitFor(() => expect(describedText(date)).toContain('The date cannot be in the past.'));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(reserved);
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, '/api/items', 'POST')).toHaveLength(1));
    expect(sentBody(fetchMock, '/api/items', 'POST')).toMatchObject({ personalUseUntil: null });
  });

  it('uploads resized photos at once and creates the item with their ids in order', async () => {
    const user = userEvent.setup();
    stubImageDecoding();
    const until = inDays(10);
    const { fetchMock, dialog, onOpenChange, queryClient } = renderDialog({
      '/api/photos': photoUploads(NEW_PHOTO_1, NEW_PHOTO_2),
      '/api/items': { status: 201, body: makeOwnItem({ name: 'Ladder' }) },
    });
    queryClient.setQueryData(['/api/items/my'], []);

    await user.type(within(dialog).getByLabelText('Item name'), '  Ladder ');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Three metres');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'outdoor');
    await user.click(within(dialog).getByRole('radio', { name: 'In use' }));
    await user.upload(within(dialog).getByTestId('item-photo-gallery-input'), [
      photoFile('first.jpg'),
      photoFile('second.png', { type: 'image/png' }),
    ]);
    await within(dialog).findByRole('img', { name: 'Photo 2' });
    // The thumbnails show the card copy.
    expect(within(dialog).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      `/api/photos/${NEW_PHOTO_1}?size=card`,
    );
    expect(within(dialog).getByRole('button', { name: 'Remove photo 2' })).not.toBeNull();

    const uploads = callsTo(fetchMock, '/api/photos', 'POST');
    expect(uploads).toHaveLength(2);
    const uploaded = uploads[0]?.[1];
    expect(new Headers(uploaded?.headers).get('Content-Type')).toBe('image/jpeg');
    expect(await (uploaded?.body as Blob).text()).toBe('1024x768@0.85');

    await user.click(within(dialog).getByRole('switch', { name: 'Reserved for personal use' }));
    await user.type(within(dialog).getByLabelText('Available again on'), until);
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentBody(fetchMock, '/api/items', 'POST')).toEqual({
      name: 'Ladder',
      description: 'Three metres',
      category: 'outdoor',
      status: 'in_use',
      imageUrl: '',
      photoIds: [NEW_PHOTO_1, NEW_PHOTO_2],
      personalUseUntil: until,
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Item created successfully!');
    expect(queryClient.getQueryState(['/api/items/my'])?.isInvalidated).toBe(true);
  });

  it('refuses a photo over 5 MB before processing or uploading it', async () => {
    const user = userEvent.setup();
    const stubs = stubImageDecoding();
    const { fetchMock, dialog } = renderDialog({});
    await user.upload(
      within(dialog).getByTestId('item-photo-camera-input'),
      photoFile('huge.jpg', { size: LIMITS.uploadEditMaxBytes + 1 }),
    );
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('File too large');
    expect(toast.textContent).toContain('Please select an image smaller than 5MB');
    expect(stubs.createImageBitmap).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(within(dialog).queryByTestId('item-photos')).toBeNull();
  });

  it("says 'Failed to process image' when the photo cannot be decoded", async () => {
    const user = userEvent.setup();
    stubImageDecoding({ decodes: false });
    const { fetchMock, dialog } = renderDialog({});
    await user.upload(within(dialog).getByTestId('item-photo-camera-input'), photoFile());
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Upload failed');
    expect(toast.textContent).toContain('Failed to process image. Please try again.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's reason when an upload is refused", async () => {
    const user = userEvent.setup();
    stubImageDecoding();
    const { dialog } = renderDialog({
      '/api/photos': {
        status: 415,
        body: { error: { code: 'invalid_image_format', messageKey: 'errors.invalid_image_format', message: 'x' } },
      },
    });
    await user.upload(within(dialog).getByTestId('item-photo-gallery-input'), photoFile());
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Upload failed');
    expect(toast.textContent).toContain('Invalid image format. Use a JPEG, PNG or WebP photo.');
  });

  it('Cancel after an upload saves nothing', async () => {
    const user = userEvent.setup();
    stubImageDecoding();
    const { fetchMock, dialog, onOpenChange } = renderDialog({ '/api/photos': photoUploads(NEW_PHOTO_1) });
    await user.upload(within(dialog).getByTestId('item-photo-camera-input'), photoFile());
    await within(dialog).findByRole('img', { name: 'Photo 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/photos']);
  });

  it('shows the donation banner at most once per 15 days, with a safe external link', async () => {
    const user = userEvent.setup();
    const first = renderDialog({});
    const banner = within(first.dialog).getByTestId('donation-banner');
    const link = within(banner).getByRole('link', { name: /Donate/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(localStorage.getItem(DONATION_BANNER_STORAGE_KEY)).not.toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(within(first.dialog).queryByTestId('donation-banner')).toBeNull();
    first.unmount();

    const second = renderDialog({});
    expect(within(second.dialog).queryByTestId('donation-banner')).toBeNull();
  });
});

describe('<ItemFormDialog/> edit', () => {
  const item = makeOwnItem({
    name: 'Cordless drill',
    description: 'With two batteries',
    status: 'in_use',
    imageUrl: 'https://example.org/drill.jpg',
    photos: [
      { id: SAVED_PHOTO_1, url: `/api/photos/${SAVED_PHOTO_1}` },
      { id: SAVED_PHOTO_2, url: `/api/photos/${SAVED_PHOTO_2}` },
    ],
    personalUseUntil: inDays(5),
  });

  it('starts from the item, and removing a photo leaves its id out of the update', async () => {
    const user = userEvent.setup();
    stubImageDecoding();
    const { fetchMock, dialog, onOpenChange } = renderDialog(
      {
        '/api/photos': photoUploads(NEW_PHOTO_1),
        [`/api/items/${DRILL_ID}`]: { body: item },
      },
      item,
    );
    expect(within(dialog).getByRole('heading', { name: 'Edit item' })).not.toBeNull();
    expect((within(dialog).getByLabelText('Item name') as HTMLInputElement).value).toBe('Cordless drill');
    expect((within(dialog).getByRole('radio', { name: 'In use' }) as HTMLInputElement).checked).toBe(true);
    // Spec §4: the switch starts on while the stored date is ahead.
    expect(within(dialog).getByRole('switch', { name: 'Reserved for personal use' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect((within(dialog).getByLabelText('Available again on') as HTMLInputElement).value).toBe(inDays(5));

    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(dialog).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      `/api/photos/${SAVED_PHOTO_2}?size=card`,
    );
    await user.upload(within(dialog).getByTestId('item-photo-camera-input'), photoFile());
    await within(dialog).findByRole('img', { name: 'Photo 2' });

    await user.click(within(dialog).getByRole('button', { name: 'Update item' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentBody(fetchMock, `/api/items/${DRILL_ID}`, 'PUT')).toEqual({
      name: 'Cordless drill',
      description: 'With two batteries',
      category: 'tools',
      status: 'in_use',
      imageUrl: 'https://example.org/drill.jpg',
      photoIds: [SAVED_PHOTO_2, NEW_PHOTO_1],
      personalUseUntil: inDays(5),
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Item updated');
  });

  it('disables the add buttons at 6 photos, with a hint', () => {
    const full = makeOwnItem({
      photos: Array.from({ length: LIMITS.photosPerItemMax }, (_, index) => {
        const id = `00000000-0000-4000-8000-00000000000${index}`;
        return { id, url: `/api/photos/${id}` };
      }),
    });
    const { dialog } = renderDialog({}, full);
    expect((within(dialog).getByRole('button', { name: 'Take photo' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Choose from gallery' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).getByTestId('item-photos-hint').textContent).toContain('You have added 6 photos');
  });

  it('starts with the switch off when the stored date has passed, and sends null', async () => {
    const user = userEvent.setup();
    const past = makeOwnItem({ personalUseUntil: inDays(-1) });
    const { fetchMock, dialog } = renderDialog({ [`/api/items/${DRILL_ID}`]: { body: past } }, past);
    expect(within(dialog).getByRole('switch', { name: 'Reserved for personal use' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update item' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, `/api/items/${DRILL_ID}`, 'PUT')).toHaveLength(1));
    expect(sentBody(fetchMock, `/api/items/${DRILL_ID}`, 'PUT')).toMatchObject({ personalUseUntil: null });
  });

  it('leaves the status alone while the item is lent out', async () => {
    const user = userEvent.setup();
    const lent = makeOwnItem({ status: 'borrowed' });
    const { fetchMock, dialog } = renderDialog({ [`/api/items/${DRILL_ID}`]: { body: lent } }, lent);
    for (const name of ['Available', 'In use']) {
      const radio = within(dialog).getByRole('radio', { name }) as HTMLInputElement;
      expect(radio.disabled).toBe(true);
      expect(radio.checked).toBe(false);
    }
    expect(dialog.textContent).toContain('This item is lent out.');
    await user.click(within(dialog).getByRole('button', { name: 'Update item' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, `/api/items/${DRILL_ID}`, 'PUT')).toHaveLength(1));
  });

  it("reports a failed update with the server's reason and stays open", async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog(
      {
        [`/api/items/${DRILL_ID}`]: {
          status: 409,
          body: { error: { code: 'photo_not_available', messageKey: 'errors.photo_not_available', message: 'x' } },
        },
      },
      makeOwnItem(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update item' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to update item');
    expect(toast.textContent).toContain('A photo could not be found. Add it again.');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
