import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LendingRequestStatus } from '@/contract/enums';
import type { Message } from '@/contract/schemas/messages';
import { MessagesPage } from './messages';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../testing/fixtures';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import { lendingRequestUrl } from '../../lib/query-keys/lending-query-keys';
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
  makeLendingRequestInfo,
  makeMessage,
  makeNetworkRequestInfo,
  makeThread,
} from '../../features/messages/testing/make-message';

type Routes = Parameters<typeof mockFetch>[0];
type FetchMock = ReturnType<typeof mockFetch>;

const READ = '2026-03-01T12:00:00.000Z';

/** Bob's thread with the given messages (from `messages()` at each call), read, so no mark-read call interferes. */
function renderThread(messages: () => Message[], extra: Routes = {}) {
  const fetchMock = mockFetch({
    [conversationsUrl(ME)]: { body: [makeConversation()] },
    [threadUrl(ME, BOB)]: () => ({ body: makeThread(messages()) }),
    [markReadUrl(ME, BOB)]: { status: 204 },
    ...extra,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser({ id: ME }));
  const result = renderWithProviders(<MessagesPage />, { queryClient, path: conversationHref(BOB) });
  return { fetchMock, ...result };
}

function callsTo(fetchMock: FetchMock, url: string, method: string) {
  return fetchMock.mock.calls.filter(([input, init]) => input === url && (init?.method ?? 'GET') === method);
}

function sentBody(fetchMock: FetchMock, url: string, method: string): unknown {
  return JSON.parse(String(callsTo(fetchMock, url, method)[0]?.[1]?.body));
}

/** Bob asked the signed-in user (the owner) to borrow the drill. */
function requestMessage(status: LendingRequestStatus, roles: { ownerId: string; requesterId: string }): Message {
  const fromBob = roles.requesterId === BOB;
  return makeMessage({
    id: 'request-message',
    senderId: fromBob ? BOB : ME,
    receiverId: fromBob ? ME : BOB,
    messageType: 'request_notification',
    systemEvent: 'request_created',
    content: 'Could I borrow it for the weekend?',
    readAt: READ,
    lendingRequest: makeLendingRequestInfo({ status, ...roles }),
  });
}

const OWNER_IS_ME = { ownerId: ME, requesterId: BOB };
const REQUESTER_IS_ME = { ownerId: BOB, requesterId: ME };

describe('<MessagesPage/> lending request messages', () => {
  it('gives the owner Accept and Decline while pending; accepting sends the status and shows the new one', async () => {
    const user = userEvent.setup();
    let status: LendingRequestStatus = 'pending';
    const { fetchMock } = renderThread(() => [requestMessage(status, OWNER_IS_ME)], {
      [lendingRequestUrl('request-1')]: (): MockResponse => {
        status = 'accepted';
        return { body: {} };
      },
    });
    const card = await screen.findByTestId('lending-request-message');
    expect(within(card).getByText('Borrow request for “Cordless drill”.')).not.toBeNull();
    expect(within(card).getByTestId('request-status').textContent).toBe('Pending');
    expect(card.textContent).toContain('Mar 10, 2026 – Mar 12, 2026');
    // The requester's own words, as they wrote them.
    expect(within(card).getByTestId('request-message-text').textContent).toBe('Could I borrow it for the weekend?');

    await user.click(within(card).getByTestId('request-accept'));
    await vi.waitFor(() => expect(callsTo(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toHaveLength(1));
    expect(sentBody(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toEqual({ status: 'accepted' });
    expect((await screen.findByTestId('toast')).textContent).toContain('Request accepted');
    await vi.waitFor(() => expect(screen.getByTestId('request-status').textContent).toBe('Accepted'));
    expect(screen.queryByTestId('request-accept')).toBeNull();
    expect(screen.queryByTestId('request-decline')).toBeNull();
  });

  it('declines with the decline status', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderThread(() => [requestMessage('pending', OWNER_IS_ME)], {
      [lendingRequestUrl('request-1')]: { body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toHaveLength(1));
    expect(sentBody(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toEqual({ status: 'declined' });
    expect((await screen.findByTestId('toast')).textContent).toContain('Request declined');
  });

  it('sends the owner’s optional reply, trimmed, with the decision, and empties it', async () => {
    const user = userEvent.setup();
    let status: LendingRequestStatus = 'pending';
    const { fetchMock } = renderThread(() => [requestMessage(status, OWNER_IS_ME)], {
      [lendingRequestUrl('request-1')]: (): MockResponse => {
        status = 'declined';
        return { body: {} };
      },
    });
    const reply = (await screen.findByLabelText('Add a reply (optional)')) as HTMLTextAreaElement;
    expect(reply.getAttribute('maxLength')).toBeNull();
    expect(screen.getByText('Bob Baker gets it with your answer.')).not.toBeNull();
    await user.type(reply, '  Sorry, I need it myself that weekend.  ');
    await user.click(screen.getByTestId('request-decline'));
    await vi.waitFor(() => expect(callsTo(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toHaveLength(1));
    expect(sentBody(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toEqual({
      status: 'declined',
      ownerResponse: 'Sorry, I need it myself that weekend.',
    });
    // Decided: no reply field or buttons any more.
    await vi.waitFor(() => expect(screen.getByTestId('request-status').textContent).toBe('Declined'));
    expect(screen.queryByTestId('request-reply')).toBeNull();
  });

  it('refuses a reply the server would refuse, says why, and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderThread(() => [requestMessage('pending', OWNER_IS_ME)], {
      [lendingRequestUrl('request-1')]: { body: {} },
    });
    const reply = (await screen.findByTestId('request-reply')) as HTMLTextAreaElement;
    fireEvent.change(reply, { target: { value: 'Fine\u0007' } });
    await user.click(screen.getByTestId('request-accept'));
    expect(screen.getByText('This text contains characters that are not allowed.')).not.toBeNull();
    expect(reply.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toHaveLength(0);
    // Corrected, it goes.
    await user.clear(reply);
    await user.type(reply, 'Fine');
    expect(reply.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByTestId('request-accept'));
    await vi.waitFor(() => expect(callsTo(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toHaveLength(1));
    expect(sentBody(fetchMock, lendingRequestUrl('request-1'), 'PUT')).toEqual({
      status: 'accepted',
      ownerResponse: 'Fine',
    });
  });

  it('keeps the reply when the decision fails', async () => {
    const user = userEvent.setup();
    renderThread(() => [requestMessage('pending', OWNER_IS_ME)], {
      [lendingRequestUrl('request-1')]: { status: 500, body: '' },
    });
    const reply = (await screen.findByTestId('request-reply')) as HTMLTextAreaElement;
    await user.type(reply, 'Come on Friday');
    await user.click(screen.getByTestId('request-accept'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to update request');
    expect(reply.value).toBe('Come on Friday');
  });

  it.each(['accepted', 'declined', 'borrowed', 'returned', 'withdrawn'] as const)(
    'shows no buttons to the owner once the request is %s',
    async (status) => {
      renderThread(() => [requestMessage(status, OWNER_IS_ME)]);
      const badge = await screen.findByTestId('request-status');
      expect(badge.getAttribute('data-status')).toBe(status);
      expect(screen.queryByTestId('request-accept')).toBeNull();
      expect(screen.queryByTestId('request-decline')).toBeNull();
    },
  );

  it('never shows Accept, Decline or a reply to the requester, even while pending', async () => {
    renderThread(() => [requestMessage('pending', REQUESTER_IS_ME)]);
    expect((await screen.findByTestId('request-status')).textContent).toBe('Pending');
    expect(screen.queryByTestId('request-accept')).toBeNull();
    expect(screen.queryByTestId('request-decline')).toBeNull();
    expect(screen.queryByTestId('request-reply')).toBeNull();
  });

  it("says 'Failed to update request' with the server's reason", async () => {
    const user = userEvent.setup();
    renderThread(() => [requestMessage('pending', OWNER_IS_ME)], {
      [lendingRequestUrl('request-1')]: {
        status: 409,
        body: {
          error: {
            code: 'item_lent_to_someone_else',
            messageKey: 'errors.item_lent_to_someone_else',
            message: 'Borrowed',
          },
        },
      },
    });
    await user.click(await screen.findByTestId('request-accept'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to update request');
    expect(toast.textContent).toContain('This item is borrowed by someone else on some of these days.');
  });

  it('shows later steps as notices in the reader’s language, with the item name', async () => {
    const accepted = makeMessage({
      id: 'accepted-notice',
      senderId: BOB,
      messageType: 'system',
      systemEvent: 'request_accepted',
      content: 'Bob accepted your request for Cordless drill.',
      readAt: READ,
      lendingRequest: makeLendingRequestInfo({ status: 'accepted', ...REQUESTER_IS_ME }),
    });
    const { i18n } = renderThread(() => [requestMessage('accepted', REQUESTER_IS_ME), accepted]);
    expect((await screen.findByTestId('system-message')).textContent).toContain(
      'The request for “Cordless drill” was accepted.',
    );
    await i18n.changeLanguage('de');
    await vi.waitFor(() =>
      expect(screen.getByTestId('system-message').textContent).toContain(
        'Die Anfrage für „Cordless drill“ wurde angenommen.',
      ),
    );
    expect(screen.getByTestId('request-status').textContent).toBe('Angenommen');
    expect(screen.getByTestId('lending-request-message').textContent).toContain('Ausleihanfrage für „Cordless drill“.');
    expect(screen.getByTestId('system-message').textContent).not.toContain('accepted your request');
  });

  it.each([
    ['network_item_added', 'Bob added Ladder to their items for you.'],
    // The request went with the deleted item: only the server's sentence still names it.
    ['item_deleted', '“Cordless drill” was removed by its owner, so the request was closed.'],
  ] as const)('falls back to the server’s sentence when a %s notice names no item', async (systemEvent, content) => {
    renderThread(() => [makeMessage({ messageType: 'system', systemEvent, content, readAt: READ })]);
    expect((await screen.findByTestId('system-message')).textContent).toContain(content);
  });
});

describe('<MessagesPage/> quick-add notices', () => {
  /** Bob answered the signed-in user's network request with quick-add, or the signed-in user answered Bob's. */
  function itemAdded(readerIsRequester: boolean): Message {
    return makeMessage({
      id: 'item-added',
      senderId: readerIsRequester ? BOB : ME,
      receiverId: readerIsRequester ? ME : BOB,
      sender: { name: readerIsRequester ? 'Bob Baker' : 'Annabel Lee', deleted: false },
      messageType: 'system',
      systemEvent: 'network_item_added',
      content: 'Bob Baker added Aluminium ladder to help you',
      readAt: READ,
      networkRequest: makeNetworkRequestInfo({
        requesterId: readerIsRequester ? ME : BOB,
        answered: !readerIsRequester,
      }),
    });
  }

  it('tells the requester who added an item for which request, and links to Available Items', async () => {
    const user = userEvent.setup();
    const { history, i18n } = renderThread(() => [itemAdded(true)]);
    const notice = await screen.findByTestId('system-message');
    expect(notice.textContent).toContain('Bob Baker added an item for your request “Ladder”.');
    const link = within(notice).getByRole('link', { name: 'Find it in Available Items' });
    expect(link.getAttribute('href')).toBe('/available-items');
    await i18n.changeLanguage('it');
    await vi.waitFor(() =>
      expect(notice.textContent).toContain('Bob Baker ha aggiunto un oggetto per la tua richiesta «Ladder».'),
    );
    await user.click(within(notice).getByRole('link', { name: 'Trovalo in Oggetti disponibili' }));
    expect(history.at(-1)).toBe('/available-items');
  });

  it('tells the responder what they did, without "your request" and without the link', async () => {
    renderThread(() => [itemAdded(false)]);
    const notice = await screen.findByTestId('system-message');
    expect(notice.textContent).toContain('You added an item for the request “Ladder”.');
    expect(within(notice).queryByRole('link')).toBeNull();
  });
});

describe('<MessagesPage/> network request messages', () => {
  function networkMessage(overrides: Partial<NonNullable<Message['networkRequest']>> = {}, mine = false): Message {
    return makeMessage({
      id: 'network-message',
      senderId: mine ? ME : BOB,
      receiverId: mine ? BOB : ME,
      sender: { name: mine ? 'Annabel Lee' : 'Bob Baker', deleted: false },
      messageType: 'network_request',
      systemEvent: 'network_request',
      content: 'Bob is looking for Ladder.',
      readAt: READ,
      networkRequest: makeNetworkRequestInfo({ requesterId: mine ? ME : BOB, ...overrides }),
    });
  }

  it('answers with quick-add: name required, then the item is posted and the message shows answered', async () => {
    const user = userEvent.setup();
    let answered = false;
    const { fetchMock } = renderThread(() => [networkMessage({ answered })], {
      [respondToNetworkRequestUrl('network-message')]: (): MockResponse => {
        answered = true;
        return { status: 201, body: { id: 'response-1', response: 'add_to_items', itemId: 'item-9' } };
      },
    });
    const card = await screen.findByTestId('network-request-message');
    expect(card.textContent).toContain('Bob Baker is looking for');
    expect(within(card).getByRole('heading', { name: 'Ladder' })).not.toBeNull();
    expect(card.textContent).toContain('Three metres, for the gutter');
    expect(card.textContent).toContain('Tools');
    expect(card.textContent).toContain('High');

    await user.click(within(card).getByRole('button', { name: 'Add Item to Help' }));
    const dialog = await screen.findByTestId('quick-add-dialog');
    const name = within(dialog).getByTestId('quick-add-name') as HTMLInputElement;
    expect(name.value).toBe('Ladder');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(dialog).getByTestId('quick-add-submit'));
    expect(await within(dialog).findByText('Item name is required')).not.toBeNull();
    expect(callsTo(fetchMock, respondToNetworkRequestUrl('network-message'), 'POST')).toHaveLength(0);

    await user.type(name, ' Aluminium ladder ');
    await user.type(within(dialog).getByTestId('quick-add-description'), 'Folds to 1.5 m');
    await user.click(within(dialog).getByTestId('quick-add-submit'));
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, respondToNetworkRequestUrl('network-message'), 'POST')).toHaveLength(1),
    );
    expect(sentBody(fetchMock, respondToNetworkRequestUrl('network-message'), 'POST')).toEqual({
      response: 'add_to_items',
      item: { name: 'Aluminium ladder', description: 'Folds to 1.5 m' },
    });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Item added');
    expect(toast.textContent).toContain('Bob Baker has been notified');
    await vi.waitFor(() => expect(screen.queryByTestId('quick-add-dialog')).toBeNull());
    expect((await screen.findByTestId('network-request-answered')).textContent).toBe('You answered this request.');
    expect(screen.queryByTestId('network-request-help')).toBeNull();
  });

  it("says 'Failed to add item' with the server's reason and keeps the dialog open", async () => {
    const user = userEvent.setup();
    renderThread(() => [networkMessage()], {
      [respondToNetworkRequestUrl('network-message')]: {
        status: 409,
        body: {
          error: {
            code: 'network_request_answered',
            messageKey: 'errors.network_request_answered',
            message: 'Answered',
          },
        },
      },
    });
    await user.click(await screen.findByTestId('network-request-help'));
    await user.click(await screen.findByTestId('quick-add-submit'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to add item');
    expect(toast.textContent).toContain('You have already answered this request.');
    expect(screen.getByTestId('quick-add-dialog')).not.toBeNull();
  });

  it('offers no answer to the requester, nor once answered', async () => {
    renderThread(() => [networkMessage({ category: null, urgency: 'low' }, true)]);
    const card = await screen.findByTestId('network-request-message');
    expect(card.textContent).toContain('You asked your network for');
    expect(card.textContent).toContain('Any category');
    expect(card.textContent).toContain('Low');
    expect(within(card).queryByTestId('network-request-help')).toBeNull();
    expect(within(card).queryByTestId('network-request-answered')).toBeNull();
  });
});
