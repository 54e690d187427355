import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { DRILL_ID, makeOwnItem } from '@/client/testing/make-item';
import { DeleteItemDialog } from './delete-item-dialog';

const ITEM_URL = `/api/items/${DRILL_ID}`;

function renderDialog(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  const result = renderWithProviders(<DeleteItemDialog open onOpenChange={onOpenChange} item={makeOwnItem()} />);
  return { ...result, fetchMock, onOpenChange, dialog: screen.getByTestId('delete-item-dialog') };
}

describe('<DeleteItemDialog/>', () => {
  it('asks first, then deletes, says so and refreshes the items', async () => {
    const user = userEvent.setup();
    const { fetchMock, dialog, onOpenChange, queryClient } = renderDialog({ [ITEM_URL]: { status: 204 } });
    queryClient.setQueryData(['/api/items/my'], [makeOwnItem()]);
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete this item?');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([[ITEM_URL, 'DELETE']]);
    expect((await screen.findByTestId('toast')).textContent).toContain('Item deleted');
    expect(queryClient.getQueryState(['/api/items/my'])?.isInvalidated).toBe(true);
  });

  it('Cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock, dialog, onOpenChange } = renderDialog({});
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains that a lent-out item cannot be deleted', async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog({
      [ITEM_URL]: {
        status: 409,
        body: { error: { code: 'item_lent_out', messageKey: 'errors.item_lent_out', message: 'Item is lent out' } },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to delete item');
    expect(toast.textContent).toContain('This item is lent out. Take it back before deleting it.');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
