import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { BOB_ID, blockListServer, callsTo } from '../testing/blocked-person-fixtures';
import { ConversationBlockMenu } from './conversation-block-menu';

describe('<ConversationBlockMenu/>', () => {
  it('blocks from the thread menu after confirmation, then leaves the conversation', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(blockListServer());
    const onBlocked = vi.fn();
    renderWithProviders(<ConversationBlockMenu person={{ userId: BOB_ID, name: 'Bob' }} onBlocked={onBlocked} />);

    await user.click(screen.getByRole('button', { name: 'More actions for Bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block Bob' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Bob?' });
    expect(onBlocked).not.toHaveBeenCalled();
    await user.click(within(dialog).getByTestId('block-person-confirm'));

    expect((await screen.findByTestId('toast')).textContent).toContain('Bob is blocked');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/blocks')[0]?.[1]?.body))).toEqual({ userId: BOB_ID });
    expect(onBlocked).toHaveBeenCalledTimes(1);
  });
});
