import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/contract/limits';
import type { CreatedFromBarcode, CreatedFromPhoto } from '@/contract/schemas/item-creation';
import { photoFile, stubImageDecoding } from '@/client/testing/image-stubs';
import { mockFetch, type MockResponse } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { makeOwnItem } from '@/client/testing/make-item';
import { ANALYZE_AND_CREATE_URL, FROM_BARCODE_URL } from '../api/item-creation-urls';
import type { BarcodeDecoder } from '../barcode-decoder';
import { ItemCreationDialog } from './item-creation-dialog';

type Routes = Parameters<typeof mockFetch>[0];

const CREATED_ITEM = makeOwnItem({ id: 'new-1', name: 'Bicycle', category: 'sports', sharedWithCount: 0 });

const recognised: CreatedFromPhoto = {
  item: CREATED_ITEM,
  analysis: { recognized: true, analyzer: 'offline', confidence: 0.82, category: 'sports', suggestion: null },
};

/** The server is outside this component test's walls: fetch answers from a table shaped like its contract. */
function renderDialog(routes: Routes = {}, decodeBarcode?: BarcodeDecoder) {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  const onCreated = vi.fn();
  const result = renderWithProviders(
    <ItemCreationDialog open onOpenChange={onOpenChange} onCreated={onCreated} decodeBarcode={decodeBarcode} />,
  );
  return { ...result, fetchMock, onOpenChange, onCreated, dialog: () => screen.getByTestId('item-creation-dialog') };
}

/** Choosing a file as the (hidden) gallery input would hand it over. */
function chooseFile(file: File, input = 'item-creation-gallery-input') {
  fireEvent.change(screen.getByTestId(input), { target: { files: [file] } });
}

async function toPreview() {
  const user = userEvent.setup();
  stubImageDecoding({ width: 4000, height: 3000 });
  await user.click(screen.getByRole('button', { name: /Upload photo/ }));
  chooseFile(photoFile('bike.jpg'));
  await screen.findByTestId('item-creation-preview');
  return user;
}

/** The request body of the one POST to `url`. */
function sentBody(fetchMock: ReturnType<typeof mockFetch>, url: string): Record<string, unknown> {
  const calls = fetchMock.mock.calls.filter(([input, init]) => input === url && init?.method === 'POST');
  expect(calls).toHaveLength(1);
  return JSON.parse(String(calls[0]?.[1]?.body)) as Record<string, unknown>;
}

/** The image stub encodes "<width>x<height>@<quality>" as the JPEG bytes; this reads it back from a data URL. */
function encodedAs(dataUrl: unknown): string {
  expect(dataUrl).toMatch(/^data:image\/jpeg;base64,/);
  return atob(String(dataUrl).split(',')[1] ?? '');
}

/** An answer that never comes unless the request is aborted, as fetch behaves with an AbortSignal. */
function pendingUntilAborted(seen: { signal?: AbortSignal }): Routes[string] {
  return ({ init }) =>
    new Promise<MockResponse>((_resolve, reject) => {
      seen.signal = init?.signal ?? undefined;
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
}

describe('<ItemCreationDialog/> photo', () => {
  it('offers camera, upload and barcode; the camera input captures with the back camera', () => {
    const { dialog } = renderDialog();
    expect(within(dialog()).getByRole('heading', { name: 'Add from a photo' })).not.toBeNull();
    for (const name of [/Take photo/, /Upload photo/, /Scan a barcode/]) {
      expect(within(dialog()).getByRole('button', { name })).not.toBeNull();
    }
    const camera = screen.getByTestId('item-creation-camera-input');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
  });

  it('refuses a photo over 10 MB with the spec’s message and sends nothing', async () => {
    const { fetchMock } = renderDialog();
    chooseFile(photoFile('huge.jpg', { size: LIMITS.uploadAiMaxBytes + 1 }), 'item-creation-camera-input');
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('File too large');
    expect(toast.textContent).toContain('Please select an image smaller than 10MB');
    expect(screen.queryByTestId('item-creation-preview')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts exactly 10 MB', async () => {
    stubImageDecoding();
    renderDialog();
    chooseFile(photoFile('big.jpg', { size: LIMITS.uploadAiMaxBytes }));
    expect(await screen.findByTestId('item-creation-preview')).not.toBeNull();
  });

  it('says so when the photo cannot be decoded and stays on the choice', async () => {
    stubImageDecoding({ decodes: false });
    renderDialog();
    chooseFile(photoFile('broken.jpg'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Upload failed');
    expect(toast.textContent).toContain('Failed to process image. Please try again.');
    expect(screen.getByRole('button', { name: /Upload photo/ })).not.toBeNull();
  });

  it('previews, then posts a 512 px q0.7 and a 1024 px q0.85 JPEG with the language, and hands over the item', async () => {
    const { fetchMock, onCreated, onOpenChange } = renderDialog({
      [ANALYZE_AND_CREATE_URL]: { status: 201, body: recognised },
    });
    const user = await toPreview();
    const preview = screen.getByTestId('item-creation-preview');
    expect(within(preview).getByRole('button', { name: 'Retake' })).not.toBeNull();
    expect(within(preview).getByRole('button', { name: 'Cancel' })).not.toBeNull();
    expect(encodedAs(within(preview).getByRole('img').getAttribute('src'))).toBe('1024x768@0.85');

    await user.click(within(preview).getByRole('button', { name: 'Create item' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    const body = sentBody(fetchMock, ANALYZE_AND_CREATE_URL);
    expect(encodedAs(body.aiImage)).toBe('512x384@0.7');
    expect(encodedAs(body.displayImage)).toBe('1024x768@0.85');
    expect(body.language).toBe('en');
    expect(onCreated).toHaveBeenCalledWith({
      item: CREATED_ITEM,
      notice: 'Filled in from your photo. Check the details, then save.',
      suggestion: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect((await screen.findByTestId('toast')).textContent).toContain('Item created successfully!');
  });

  it('sends the language the person reads', async () => {
    const { fetchMock, i18n, onCreated } = renderDialog({
      [ANALYZE_AND_CREATE_URL]: { status: 201, body: recognised },
    });
    await act(() => i18n.changeLanguage('de'));
    try {
      stubImageDecoding();
      chooseFile(photoFile());
      await userEvent.click(await screen.findByRole('button', { name: 'Gegenstand erstellen' }));
      await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
      expect(sentBody(fetchMock, ANALYZE_AND_CREATE_URL).language).toBe('de');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says the photo was not recognised when the analysis found nothing', async () => {
    const unrecognised: CreatedFromPhoto = {
      item: { ...CREATED_ITEM, name: 'New item', category: 'other' },
      analysis: { recognized: false, analyzer: 'offline', confidence: null, category: 'other', suggestion: null },
    };
    const { onCreated } = renderDialog({ [ANALYZE_AND_CREATE_URL]: { status: 201, body: unrecognised } });
    const user = await toPreview();
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    await vi.waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith({
        item: unrecognised.item,
        notice: 'The photo was not recognised. Give the item a name and a category, then save.',
        suggestion: null,
      }),
    );
  });

  it('shows the progress with the seconds elapsed, and Cancel aborts the request and returns to the preview', async () => {
    const seen: { signal?: AbortSignal } = {};
    const { onCreated } = renderDialog({ [ANALYZE_AND_CREATE_URL]: pendingUntilAborted(seen) });
    await toPreview();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Create item' }));
      const progress = await screen.findByTestId('item-creation-progress');
      expect(within(progress).getByRole('status').textContent).toBe('Analysing your photo…');
      expect(screen.getByTestId('item-creation-elapsed').textContent).toBe('0 s');
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(screen.getByTestId('item-creation-elapsed').textContent).toBe('3 s');
      expect(seen.signal?.aborted).toBe(false);

      fireEvent.click(within(progress).getByRole('button', { name: 'Cancel' }));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByTestId('item-creation-preview')).not.toBeNull();
    expect(seen.signal?.aborted).toBe(true);
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('aborts the request when the dialog closes during the analysis', async () => {
    const seen: { signal?: AbortSignal } = {};
    const { rerender } = renderDialog({ [ANALYZE_AND_CREATE_URL]: pendingUntilAborted(seen) });
    const user = await toPreview();
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    await screen.findByTestId('item-creation-progress');
    rerender(<ItemCreationDialog open={false} onOpenChange={vi.fn()} onCreated={vi.fn()} />);
    await vi.waitFor(() => expect(seen.signal?.aborted).toBe(true));
  });

  it.each([
    [
      'a server error',
      { status: 500, body: { error: { code: 'server_error', messageKey: 'errors.server_error', message: 'x' } } },
      'Failed to create item from image. Please try again.',
    ],
    [
      'a page that is not our error JSON',
      { status: 502, body: '<html>Bad gateway</html>' },
      'Failed to create item from image. Please try again.',
    ],
    [
      'too many requests',
      {
        status: 429,
        body: { error: { code: 'too_many_requests', messageKey: 'errors.too_many_requests', message: 'x' } },
      },
      'Too many requests',
    ],
    [
      'a full analysis queue',
      {
        status: 503,
        body: { error: { code: 'image_analysis_busy', messageKey: 'errors.image_analysis_busy', message: 'x' } },
      },
      'Many photos are being analysed right now',
    ],
  ])('on %s: toast “Creation failed” with the reason, and the preview stays', async (_case, answer, reason) => {
    const { onCreated } = renderDialog({ [ANALYZE_AND_CREATE_URL]: answer });
    const user = await toPreview();
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Creation failed');
    expect(toast.textContent).toContain(reason);
    expect(await screen.findByTestId('item-creation-preview')).not.toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('Cancel on the preview closes the dialog', async () => {
    const { onOpenChange, fetchMock } = renderDialog();
    const user = await toPreview();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('<ItemCreationDialog/> barcode', () => {
  const ISBN = '9780306406157';

  async function toBarcodeStep(decoder: BarcodeDecoder, routes: Routes = {}) {
    const rendered = renderDialog(routes, decoder);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Scan a barcode/ }));
    expect(within(rendered.dialog()).getByRole('heading', { name: 'Scan a barcode' })).not.toBeNull();
    return { ...rendered, user };
  }

  it('reads the number from the picture, shows it, and creates the item from it', async () => {
    const answer: CreatedFromBarcode = {
      item: { ...CREATED_ITEM, name: `ISBN ${ISBN}`, category: 'books' },
      kind: 'isbn',
      found: false,
      alreadyListed: null,
    };
    const decoder = vi.fn<BarcodeDecoder>(async () => ISBN);
    const { user, fetchMock, onCreated } = await toBarcodeStep(decoder, {
      [FROM_BARCODE_URL]: { status: 201, body: answer },
    });
    const picture = photoFile('barcode.png', { type: 'image/png' });
    chooseFile(picture, 'item-creation-camera-input');
    const found = await screen.findByTestId('item-creation-barcode-found');
    expect(decoder).toHaveBeenCalledWith(picture);
    expect(within(found).getByTestId('item-creation-barcode-code').textContent).toBe(`Number ${ISBN}`);

    await user.click(within(found).getByRole('button', { name: 'Create item' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sentBody(fetchMock, FROM_BARCODE_URL)).toEqual({ code: ISBN, language: 'en' });
    expect(onCreated).toHaveBeenCalledWith({
      item: answer.item,
      notice: 'The ISBN is in the description. Add the book’s title, then save.',
      suggestion: null,
    });
  });

  it('says when the picture has no barcode, and lets the person try again', async () => {
    const { user } = await toBarcodeStep(async () => null);
    chooseFile(photoFile('blurry.jpg'));
    expect((await screen.findByRole('alert')).textContent).toContain('No barcode found in this picture.');
    expect(screen.getByRole('button', { name: 'Photograph the barcode' })).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /Upload photo/ })).not.toBeNull();
  });

  it('says when the reader itself could not start', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await toBarcodeStep(async () => {
      throw new TypeError('Failed to fetch the WebAssembly');
    });
    chooseFile(photoFile());
    expect((await screen.findByRole('alert')).textContent).toContain('The barcode reader could not start.');
  });

  it('shows the server’s reason when it refuses the number, and keeps it on screen', async () => {
    const refusal = {
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          messageKey: 'errors.invalid_input',
          message: 'Invalid input',
          issues: [{ path: 'code', messageKey: 'validation.barcodeInvalid' }],
        },
      },
    };
    const { user, onCreated } = await toBarcodeStep(async () => '9780306406158', { [FROM_BARCODE_URL]: refusal });
    chooseFile(photoFile());
    await user.click(await screen.findByRole('button', { name: 'Create item' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Creation failed');
    expect(toast.textContent).toContain("This barcode can't be read as a product or book number");
    expect(await screen.findByTestId('item-creation-barcode-found')).not.toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('refuses a picture over 10 MB before reading it', async () => {
    const decoder = vi.fn<BarcodeDecoder>(async () => ISBN);
    await toBarcodeStep(decoder);
    chooseFile(photoFile('huge.jpg', { size: LIMITS.uploadAiMaxBytes + 1 }));
    expect((await screen.findByTestId('toast')).textContent).toContain('File too large');
    expect(decoder).not.toHaveBeenCalled();
  });
});
