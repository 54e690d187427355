import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@/contract/schemas/messages';
import { MessagesPage } from './messages';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../testing/fixtures';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import {
  conversationsUrl,
  markReadUrl,
  respondToNetworkRequestUrl,
  threadUrl,
} from '../../lib/query-keys/message-query-keys';
import { conversationHref } from '../../features/messages/messages-route';
import {
  BOB,
  ME,
  makeConversation,
  makeMessage,
  makeNetworkRequestInfo,
  makeThread,
} from '../../features/messages/testing/make-message';

/** Issue 19 part 3: "you may have this" under a network request, answered in one tap. */

const RESPOND_URL = respondToNetworkRequestUrl('network-message');

function networkMessage(overrides: Partial<NonNullable<Message['networkRequest']>> = {}): Message {
  return makeMessage({
    id: 'network-message',
    messageType: 'network_request',
    systemEvent: 'network_request',
    content: 'Looking for: drill',
    readAt: '2026-03-01T12:00:00.000Z',
    networkRequest: makeNetworkRequestInfo({ title: 'drill', ...overrides }),
  });
}

function renderThread(messages: () => Message[], respond: () => MockResponse) {
  const fetchMock = mockFetch({
    [conversationsUrl(ME)]: { body: [makeConversation()] },
    [threadUrl(ME, BOB)]: () => ({ body: makeThread(messages()) }),
    [markReadUrl(ME, BOB)]: { status: 204 },
    [RESPOND_URL]: respond,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser({ id: ME }));
  renderWithProviders(<MessagesPage />, { queryClient, path: conversationHref(BOB) });
  const posts = () => fetchMock.mock.calls.filter(([url, init]) => url === RESPOND_URL && init?.method === 'POST');
  return { posts };
}

const matched = [
  { id: 'item-drill', name: 'Cordless drill' },
  { id: 'item-bits', name: 'Drill bits' },
];

describe('<MessagesPage/> "you may have this"', () => {
  it('offers a matched item in one tap: have_it with the item and a sentence in the reader\u2019s language', async () => {
    const user = userEvent.setup();
    let answered = false;
    const { posts } = renderThread(
      () => [networkMessage({ answered, matchedItems: matched })],
      () => {
        answered = true;
        return { status: 201, body: { id: 'response-1', response: 'have_it', itemId: 'item-drill' } };
      },
    );
    const box = await screen.findByRole('region', { name: 'You may have this' });
    const rows = within(within(box).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Cordless drillOffer', 'Drill bitsOffer']);
    // Quick-add stays for what is not listed yet.
    expect(screen.getByRole('button', { name: 'Add Item to Help' })).not.toBeNull();

    await user.click(within(box).getByRole('button', { name: 'Offer Cordless drill to Bob Baker' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({
      response: 'have_it',
      itemId: 'item-drill',
      message: 'I have this: Cordless drill. Ask me to borrow it!',
    });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Offer sent');
    expect(toast.textContent).toContain('Bob Baker can now ask to borrow it from you.');
    expect((await screen.findByTestId('network-request-answered')).textContent).toBe('You answered this request.');
    expect(screen.queryByTestId('network-request-matches')).toBeNull();
  });

  it('shows no offer without matches, to the requester, or once answered', async () => {
    const { posts } = renderThread(
      () => [
        networkMessage(),
        makeMessage({
          id: 'own-request',
          senderId: ME,
          receiverId: BOB,
          messageType: 'network_request',
          systemEvent: 'network_request',
          networkRequest: makeNetworkRequestInfo({ id: 'own', requesterId: ME, matchedItems: [] }),
        }),
        makeMessage({
          id: 'answered-request',
          messageType: 'network_request',
          systemEvent: 'network_request',
          networkRequest: makeNetworkRequestInfo({ id: 'answered', answered: true, matchedItems: matched }),
        }),
      ],
      () => ({ status: 500 }),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('network-request-message')).toHaveLength(3));
    expect(screen.queryByTestId('network-request-matches')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Offer/ })).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('says so when the offer fails, and keeps it on offer', async () => {
    const user = userEvent.setup();
    renderThread(
      () => [networkMessage({ matchedItems: matched.slice(0, 1) })],
      () => ({
        status: 404,
        body: { error: { code: 'not_found', messageKey: 'errors.not_found', message: 'No such item' } },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Offer Cordless drill to Bob Baker' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to send your offer');
    expect(screen.getByTestId('network-request-matches')).not.toBeNull();
  });
});
