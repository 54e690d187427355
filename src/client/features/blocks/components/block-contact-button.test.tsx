import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { BOB_ID, blockListServer, callsTo, makeBlockedPerson } from '../testing/blocked-person-fixtures';
import { BlockContactButton } from './block-contact-button';

const bob = { userId: BOB_ID, name: 'Bob' };

describe('<BlockContactButton/>', () => {
  it('says what a block does, posts it on confirmation, toasts and then offers Unblock', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(blockListServer());
    renderWithProviders(<BlockContactButton person={bob} />);

    await user.click(await screen.findByRole('button', { name: 'Block Bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Bob?' });
    expect(dialog.textContent).toContain("You and Bob can't message each other, send each other requests or borrow");
    expect(dialog.textContent).toContain('Bob is not told.');
    expect(dialog.textContent).toContain('You can unblock Bob any time in your profile');
    expect(callsTo(fetchMock, 'POST', '/api/blocks')).toHaveLength(0);

    await user.click(within(dialog).getByTestId('block-person-confirm'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Bob is blocked');
    const posts = callsTo(fetchMock, 'POST', '/api/blocks');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ userId: BOB_ID });
    // The refreshed block list now names Bob, so the card offers the way back.
    expect(await screen.findByRole('button', { name: 'Unblock Bob' })).not.toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancelling sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(blockListServer());
    renderWithProviders(<BlockContactButton person={bob} />);
    await user.click(await screen.findByRole('button', { name: 'Block Bob' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/blocks')).toHaveLength(0);
  });

  it('shows the server reason when the block is refused and keeps the dialog open', async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/blocks': ({ init }) =>
        init?.method === 'POST'
          ? { status: 404, body: { error: { code: 'not_found', messageKey: 'errors.not_found', message: 'x' } } }
          : { body: [] },
    });
    renderWithProviders(<BlockContactButton person={bob} />);
    await user.click(await screen.findByRole('button', { name: 'Block Bob' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByTestId('block-person-confirm'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to block Bob');
    expect(toast.textContent).toContain("We couldn't find what you were looking for.");
    expect(screen.getByRole('alertdialog')).not.toBeNull();
  });

  it('an already blocked person gets Unblock, which deletes the block after confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(blockListServer([makeBlockedPerson({ name: 'Bob B.' })]));
    renderWithProviders(<BlockContactButton person={bob} />);
    await user.click(await screen.findByRole('button', { name: 'Unblock Bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unblock Bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Bob is unblocked');
    expect(callsTo(fetchMock, 'DELETE', `/api/blocks/${BOB_ID}`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Block Bob' })).not.toBeNull();
  });
});
