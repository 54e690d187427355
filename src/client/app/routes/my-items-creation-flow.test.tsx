import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnItem } from '@/contract/schemas/item';
import type { CreatedFromPhoto } from '@/contract/schemas/item-creation';
import { MyItemsPage } from './my-items';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../testing/fixtures';
import { photoFile, stubImageDecoding } from '../../testing/image-stubs';
import { mockFetch } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import { makeOwnItem } from '../../testing/make-item';
import { ANALYZE_AND_CREATE_URL } from '../../features/item-creation/api/item-creation-urls';

const NEW_ITEM = makeOwnItem({ id: 'new-1', name: 'New item', description: null, category: 'other' });

/**
 * My Items joins the creation dialog and the items feature's edit dialog.
 * The server is outside these tests' walls: fetch answers from a table
 * shaped like the contract; the list holds the new item once it was created.
 */
function renderPage(answer: CreatedFromPhoto) {
  let items: OwnItem[] = [];
  const fetchMock = mockFetch({
    '/api/items/my': () => ({ body: items }),
    '/api/contacts': { body: [] },
    '/api/items/new-1': { status: 204 },
    [ANALYZE_AND_CREATE_URL]: () => {
      items = [answer.item];
      return { status: 201, body: answer };
    },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser());
  renderWithProviders(<MyItemsPage />, { queryClient });
  return { fetchMock };
}

describe('My Items: add from a photo', () => {
  it('opens from the empty state, creates the item, refreshes the list and opens its edit dialog on the name', async () => {
    const user = userEvent.setup();
    stubImageDecoding();
    renderPage({
      item: NEW_ITEM,
      analysis: { recognized: false, analyzer: 'offline', confidence: null, category: 'other', suggestion: null },
    });
    const empty = await screen.findByTestId('my-items-empty');
    // Both places offer it: the header and the empty state.
    expect(screen.getByTestId('add-from-photo').textContent).toBe('Add from photo');
    await user.click(within(empty).getByRole('button', { name: 'Add from photo' }));

    fireEvent.change(await screen.findByTestId('item-creation-gallery-input'), {
      target: { files: [photoFile()] },
    });
    await user.click(await screen.findByRole('button', { name: 'Create item' }));

    const editDialog = await screen.findByTestId('item-form-dialog');
    expect(within(editDialog).getByRole('heading', { name: 'Edit item' })).not.toBeNull();
    expect(within(editDialog).getByTestId('item-form-notice').textContent).toBe(
      'The photo was not recognised. Give the item a name and a category, then save.',
    );
    const name = within(editDialog).getByLabelText('Item name');
    expect((name as HTMLInputElement).value).toBe('New item');
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.queryByTestId('item-creation-dialog')).toBeNull();
    // The list was fetched again and shows the new item behind the dialog.
    expect(await screen.findByTestId('item-card', {}, { timeout: 3000 })).not.toBeNull();
  });

  it('offers an unsure guess without naming the item after it, and asks to keep or discard the new item on Cancel (issue 33)', async () => {
    const user = userEvent.setup();
    stubImageDecoding();
    const { fetchMock } = renderPage({
      item: NEW_ITEM,
      analysis: {
        recognized: false,
        analyzer: 'offline',
        confidence: 0.38,
        category: 'other',
        suggestion: { name: 'Clock', category: 'other' },
      },
    });
    await user.click((await screen.findAllByTestId('add-from-photo'))[0]!);
    fireEvent.change(await screen.findByTestId('item-creation-gallery-input'), {
      target: { files: [photoFile('circuit.jpg')] },
    });
    await user.click(await screen.findByRole('button', { name: 'Create item' }));
    const editDialog = await screen.findByTestId('item-form-dialog');
    const name = within(editDialog).getByLabelText('Item name') as HTMLInputElement;
    expect(name.value).toBe('New item');
    expect(within(editDialog).getByTestId('item-form-suggestion').textContent).toContain('Could it be “Clock”?');
    await user.click(within(editDialog).getByTestId('item-form-use-suggestion'));
    expect(name.value).toBe('Clock');

    await user.click(within(editDialog).getByTestId('item-form-cancel'));
    const question = await screen.findByTestId('keep-new-item-dialog');
    expect(question.textContent).toContain('“New item” is already in My Items.');
    await user.click(within(question).getByRole('button', { name: 'Discard item' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/items/new-1' && init?.method === 'DELETE')).toBe(
        true,
      ),
    );
  });
});
