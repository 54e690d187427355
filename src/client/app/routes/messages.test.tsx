import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../../public/locales/en/translation.json';
import type { ConversationSummary, Thread } from '@/contract/schemas/messages';
import { dismissToast } from '../../components/ui/toast-store';
import { MessagesPage } from './messages';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../testing/fixtures';
import { mockFetch } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { createTestI18n } from '../../testing/test-i18n';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import { UNREAD_COUNT_URL, conversationsUrl, markReadUrl, threadUrl } from '../../lib/query-keys/message-query-keys';
import { conversationHref } from '../../features/messages/messages-route';
import { BOB, ME, makeConversation, makeMessage, makeThread } from '../../features/messages/testing/make-message';

type Routes = Parameters<typeof mockFetch>[0];
type FetchMock = ReturnType<typeof mockFetch>;

const CAROL = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const READ_AT = '2026-03-01T10:00:00.000Z';

function renderMessages(routes: Routes, path = '/messages') {
  const fetchMock = mockFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser({ id: ME }));
  const result = renderWithProviders(<MessagesPage />, { queryClient, path });
  return { fetchMock, ...result };
}

function callsTo(fetchMock: FetchMock, url: string, method: string) {
  return fetchMock.mock.calls.filter(([input, init]) => input === url && (init?.method ?? 'GET') === method);
}

function sentBody(fetchMock: FetchMock, url: string, method: string): unknown {
  return JSON.parse(String(callsTo(fetchMock, url, method)[0]?.[1]?.body));
}

/** The list and Bob's thread; the thread answers from `thread()` at each call. */
function conversationRoutes(conversations: ConversationSummary[], thread: () => Thread): Routes {
  return {
    [conversationsUrl(ME)]: { body: conversations },
    [threadUrl(ME, BOB)]: () => ({ body: thread() }),
    [markReadUrl(ME, BOB)]: { status: 204 },
  };
}

describe('<MessagesPage/> conversation list', () => {
  it('shows each partner with the last message, its time and the unread count', async () => {
    renderMessages({
      [conversationsUrl(ME)]: {
        body: [
          makeConversation({ unreadCount: 3 }),
          makeConversation({
            partnerId: CAROL,
            partnerName: 'Carol Chen',
            lastMessage: 'Your request for Drill was accepted.',
            lastMessageType: 'system',
            lastSystemEvent: 'request_accepted',
            unreadCount: 0,
          }),
          makeConversation({ partnerId: 'dave', partnerName: 'Dave Doe', unreadCount: 120 }),
          makeConversation({
            partnerId: 'erin',
            partnerName: 'Erin Eng',
            lastMessage: '“Drill” was removed by its owner, so the request was closed.',
            lastMessageType: 'system',
            lastSystemEvent: 'item_deleted',
          }),
        ],
      },
    });
    const entries = await screen.findAllByTestId('conversation-item');
    expect(entries.map((entry) => within(entry).getByTestId('conversation-name').textContent)).toEqual([
      'Bob Baker',
      'Carol Chen',
      'Dave Doe',
      'Erin Eng',
    ]);
    const [bob, carol, dave, erin] = entries as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(bob).getByTestId('conversation-preview').textContent).toBe('See you tomorrow');
    expect(within(bob).getByText('5 minutes ago').tagName).toBe('TIME');
    expect(within(bob).getByTestId('conversation-unread-badge').textContent).toBe('33 unread messages');
    expect(bob.getAttribute('href')).toBe(conversationHref(BOB));
    // A system event is shown in the reader's language, not as the server's English sentence.
    expect(within(carol).getByTestId('conversation-preview').textContent).toBe('Request accepted');
    expect(within(carol).queryByTestId('conversation-unread-badge')).toBeNull();
    expect(within(dave).getByTestId('conversation-unread-badge').textContent).toContain('99+');
    expect(within(erin).getByTestId('conversation-preview').textContent).toBe('Item removed');
    // No thread is open: phones see only the list, wide screens a hint.
    expect(screen.getByTestId('no-thread').textContent).toContain('Choose a conversation');
  });

  it('opens a conversation from the list as /messages?with=<partnerId>', async () => {
    const user = userEvent.setup();
    const { history } = renderMessages(
      conversationRoutes([makeConversation()], () => makeThread([makeMessage({ readAt: '2026-03-01T10:00:00Z' })])),
    );
    await user.click(await screen.findByTestId('conversation-item'));
    expect(history.at(-1)).toBe(`/messages?with=${BOB}`);
    const thread = await screen.findByTestId('message-thread');
    expect(within(thread).getByTestId('thread-partner-name').textContent).toBe('Bob Baker');
    expect(await within(thread).findByText('Hello there')).not.toBeNull();
    expect(screen.getByTestId('conversation-item').getAttribute('aria-current')).toBe('true');
    expect(within(thread).getByTestId('thread-back').getAttribute('href')).toBe('/messages');
  });

  it('shows the empty state when there are no conversations', async () => {
    renderMessages({ [conversationsUrl(ME)]: { body: [] } });
    expect((await screen.findByTestId('conversations-empty')).textContent).toContain('No conversations yet');
  });

  it('says loading, then the error with a retry when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderMessages({
      [conversationsUrl(ME)]: () => (fail ? { status: 500, body: '' } : { body: [makeConversation()] }),
    });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading conversations. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('conversation-item')).not.toBeNull();
  });
});

describe('<MessagesPage/> failure toasts', () => {
  const failure = {
    status: 500,
    body: { error: { code: 'server_error', messageKey: 'errors.server_error', message: 'x' } },
  };

  it("toasts 'Failed to fetch conversations' when the list turns into an error, not at each failed refresh", async () => {
    let fail = true;
    const { fetchMock, queryClient } = renderMessages({
      [conversationsUrl(ME)]: () => (fail ? failure : { body: [makeConversation()] }),
    });
    const refresh = () => act(() => queryClient.refetchQueries({ queryKey: [conversationsUrl(ME)] }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to fetch conversations');
    expect(toast.className).toContain('bg-red-700');
    // The inline error state stays.
    expect(screen.getByRole('alert').textContent).toContain('Error loading conversations.');

    act(() => dismissToast());
    await refresh();
    await refresh();
    expect(callsTo(fetchMock, conversationsUrl(ME), 'GET')).toHaveLength(3);
    expect(screen.queryByTestId('toast')).toBeNull();

    // Once it worked again, the next failure is news.
    fail = false;
    await refresh();
    expect(await screen.findByTestId('conversation-item')).not.toBeNull();
    fail = true;
    await refresh();
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to fetch conversations');
    // A failed refresh keeps the list it had: no inline error over it.
    expect(screen.getByTestId('conversation-item')).not.toBeNull();
  });

  it("toasts 'Failed to fetch messages' once when the thread fails, and keeps the inline error", async () => {
    const { fetchMock, queryClient } = renderMessages(
      { [conversationsUrl(ME)]: { body: [makeConversation()] }, [threadUrl(ME, BOB)]: failure },
      conversationHref(BOB),
    );
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to fetch messages');
    expect(toast.textContent).toContain('Something went wrong');
    expect(within(screen.getByTestId('message-thread')).getByRole('alert').textContent).toContain(
      'Failed to fetch messages',
    );
    act(() => dismissToast());
    // The thread's poll (or a live event) fails again: quiet.
    await act(() => queryClient.refetchQueries({ queryKey: [threadUrl(ME, BOB)] }));
    expect(callsTo(fetchMock, threadUrl(ME, BOB), 'GET')).toHaveLength(2);
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('<MessagesPage/> timestamps', () => {
  it('shows the time alone for today, the date for older messages, never seconds; the full date as a tooltip', async () => {
    const now = new Date();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12, 0, 42);
    renderMessages(
      conversationRoutes([makeConversation()], () =>
        makeThread([
          makeMessage({ id: 'old', content: 'Long ago', createdAt: '2024-11-23T01:25:25.000Z', readAt: READ_AT }),
          makeMessage({ id: 'new', content: 'Just now', createdAt: today.toISOString(), readAt: READ_AT }),
        ]),
      ),
      conversationHref(BOB),
    );
    await screen.findByText('Just now');
    const [old, recent] = screen.getAllByTestId('message-time') as [HTMLElement, HTMLElement];
    expect(recent.textContent).toBe('12:00 PM');
    expect(recent.getAttribute('dateTime')).toBe(today.toISOString());
    expect(old.textContent).toMatch(/^Nov 2[23], 2024, \d{1,2}:25 [AP]M$/);
    expect(old.getAttribute('title')).toMatch(/^\w+day, November 2[23], 2024 at \d{1,2}:25 [AP]M$/);
  });
});

describe('<MessagesPage/> thread', () => {
  it('marks unread messages read on opening and refreshes the badge and the list', async () => {
    const unread = makeMessage();
    const { fetchMock, queryClient } = renderMessages(
      conversationRoutes([makeConversation({ unreadCount: 1 })], () => makeThread([unread])),
      conversationHref(BOB),
    );
    queryClient.setQueryData([UNREAD_COUNT_URL], 1);
    await vi.waitFor(() => expect(callsTo(fetchMock, markReadUrl(ME, BOB), 'PUT')).toHaveLength(1));
    await vi.waitFor(() => expect(queryClient.getQueryState([UNREAD_COUNT_URL])?.isInvalidated).toBe(true));
    await vi.waitFor(() => expect(callsTo(fetchMock, conversationsUrl(ME), 'GET')).toHaveLength(2));
    // The thread refetched still shows it unread (as a slow server might): no second PUT for the same message.
    await vi.waitFor(() => expect(callsTo(fetchMock, threadUrl(ME, BOB), 'GET')).toHaveLength(2));
    expect(callsTo(fetchMock, markReadUrl(ME, BOB), 'PUT')).toHaveLength(1);
  });

  it('does not mark read when nothing is unread (read, or written by the user)', async () => {
    const { fetchMock } = renderMessages(
      conversationRoutes([makeConversation()], () =>
        makeThread([
          makeMessage({ readAt: '2026-03-01T10:00:00Z' }),
          makeMessage({
            senderId: ME,
            receiverId: BOB,
            content: 'Mine',
            sender: { name: 'Annabel Lee', deleted: false },
          }),
        ]),
      ),
      conversationHref(BOB),
    );
    expect(await screen.findByText('Mine')).not.toBeNull();
    expect(callsTo(fetchMock, markReadUrl(ME, BOB), 'PUT')).toHaveLength(0);
  });

  it('draws bubbles at most 70% wide, the own ones on the right, in time order', async () => {
    renderMessages(
      conversationRoutes([makeConversation()], () =>
        makeThread([
          makeMessage({
            id: 'late',
            senderId: ME,
            receiverId: BOB,
            content: 'Sure, see you tomorrow',
            createdAt: '2026-03-01T11:00:00.000Z',
          }),
          makeMessage({
            id: 'early',
            content: 'Can I pick it up?',
            createdAt: '2026-03-01T10:00:00.000Z',
            readAt: '2026-03-01T10:01:00.000Z',
          }),
        ]),
      ),
      conversationHref(BOB),
    );
    await screen.findByText('Sure, see you tomorrow');
    const bubbles = screen.getAllByTestId('message-bubble');
    expect(bubbles.map((bubble) => bubble.getAttribute('data-own'))).toEqual(['false', 'true']);
    const [theirs, mine] = bubbles as [HTMLElement, HTMLElement];
    expect(theirs.textContent).toContain('Can I pick it up?');
    for (const bubble of bubbles) expect(bubble.className.split(' ')).toContain('max-w-[70%]');
    expect(mine.className.split(' ')).toContain('self-end');
    expect(theirs.className.split(' ')).toContain('self-start');
  });

  it('shows the empty thread and the fetch error', async () => {
    renderMessages(
      {
        [conversationsUrl(ME)]: { body: [] },
        [threadUrl(ME, BOB)]: { status: 403, body: '' },
      },
      conversationHref(BOB),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch messages');
  });
});

describe('<MessagesPage/> composer', () => {
  const SENT = makeMessage({ senderId: ME, receiverId: BOB, content: 'Is the drill free on Saturday?' });
  function renderComposer(post: Routes[string] = { status: 201, body: SENT }) {
    const rendered = renderMessages(
      {
        ...conversationRoutes([makeConversation()], () => makeThread([])),
        '/api/messages': post,
      },
      conversationHref(BOB),
    );
    return { ...rendered, input: screen.getByTestId('message-input') as HTMLTextAreaElement };
  }

  it('keeps a message past the limit whole, counts it and refuses it with the schema message', async () => {
    const user = userEvent.setup();
    const { fetchMock, input } = renderComposer();
    await screen.findByTestId('thread-empty');
    // Nothing cuts the text at 500 (no maxLength): what was pasted stays, so it can be shortened.
    expect(input.getAttribute('maxLength')).toBeNull();
    expect(screen.queryByTestId('character-count')).toBeNull();
    await user.click(input);
    await user.paste('x'.repeat(399));
    expect(screen.queryByTestId('character-count')).toBeNull();
    await user.paste('x'.repeat(111));
    expect(input.value).toHaveLength(510);
    const count = screen.getByTestId('character-count');
    // Shown as "510/500"; read out in words.
    expect(count.textContent).toBe('510/500' + '510 of 500 characters: 10 too many');
    expect(input.getAttribute('aria-describedby')).toContain(count.id);
    await user.click(screen.getByTestId('message-send'));
    expect(await screen.findByText('The message can have at most 500 characters.')).not.toBeNull();
    expect(callsTo(fetchMock, '/api/messages', 'POST')).toHaveLength(0);
  });

  it('sends with Enter and empties the input', async () => {
    const user = userEvent.setup();
    const { fetchMock, input } = renderComposer();
    await screen.findByTestId('thread-empty');
    await user.type(input, '  Is the drill free on Saturday? {Enter}');
    await vi.waitFor(() => expect(callsTo(fetchMock, '/api/messages', 'POST')).toHaveLength(1));
    expect(sentBody(fetchMock, '/api/messages', 'POST')).toEqual({
      senderId: ME,
      receiverId: BOB,
      content: 'Is the drill free on Saturday?',
      messageType: 'user',
    });
    await vi.waitFor(() => expect(input.value).toBe(''));
    // Without the live stream (as here), the thread and the list are refetched once, by prefix.
    await vi.waitFor(() => expect(callsTo(fetchMock, threadUrl(ME, BOB), 'GET')).toHaveLength(2));
    expect(callsTo(fetchMock, conversationsUrl(ME), 'GET')).toHaveLength(2);
  });

  it('inserts a line break with Shift+Enter instead of sending; the Send button sends both lines', async () => {
    const user = userEvent.setup();
    const { fetchMock, input } = renderComposer();
    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(input.value).toBe('First line\nsecond line');
    expect(callsTo(fetchMock, '/api/messages', 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(callsTo(fetchMock, '/api/messages', 'POST')).toHaveLength(1));
    expect(sentBody(fetchMock, '/api/messages', 'POST')).toMatchObject({ content: 'First line\nsecond line' });
  });

  it('never sends a blank message', async () => {
    const user = userEvent.setup();
    const { fetchMock, input } = renderComposer();
    const send = screen.getByTestId('message-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input, '   {Enter}');
    await user.type(input, '{Shift>}{Enter}{/Shift}{Enter}');
    expect(send.disabled).toBe(true);
    expect(callsTo(fetchMock, '/api/messages', 'POST')).toHaveLength(0);
  });

  it("keeps the text and says 'Failed to send message' with the server's reason", async () => {
    const user = userEvent.setup();
    const { input } = renderComposer({
      status: 403,
      body: {
        error: {
          code: 'message_recipient_not_allowed',
          messageKey: 'errors.message_recipient_not_allowed',
          message: 'Not allowed',
        },
      },
    });
    await user.type(input, 'Hello?{Enter}');
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to send message');
    // The server's messageKey in the reader's language (its wording is the consent rule's, ADR 0018).
    expect(toast.textContent).toContain(en.errors.message_recipient_not_allowed);
    expect(input.value).toBe('Hello?');
  });
});

const GERMAN_ITEM_DELETED = '„Bohrmaschine“ wurde vom Besitzer entfernt, daher wurde die Anfrage geschlossen.';

describe('<MessagesPage/> a deleted account (docs/decisions/0015)', () => {
  const gone = { name: 'Deleted account', deleted: true };

  it('shows a translated “Deleted account” in the list, the header and the messages; no composer', async () => {
    renderMessages(
      conversationRoutes([makeConversation({ partnerName: 'Deleted account', partnerDeleted: true })], () =>
        makeThread(
          [
            makeMessage({ content: 'See you', sender: gone }),
            makeMessage({
              messageType: 'system',
              systemEvent: 'owner_account_deleted',
              systemItemName: 'Kayak',
              content: 'The owner of “Kayak” deleted their account, so the request was closed.',
              sender: gone,
            }),
          ],
          { id: BOB, ...gone },
        ),
      ),
      conversationHref(BOB),
    );
    const [entry] = await screen.findAllByTestId('conversation-item');
    expect(within(entry!).getByTestId('conversation-name').textContent).toBe('Deleted account');
    expect(
      await screen.findByText('The owner of “Kayak” deleted their account, so the request was closed.'),
    ).toBeTruthy();
    expect(screen.getByTestId('thread-partner-name').textContent).toBe('Deleted account');
    expect(screen.getByTestId('thread-partner-deleted').textContent).toBe(
      'This account was deleted, so you can’t reply.',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('names the item from systemItemName when the request is gone, in the reader’s language', async () => {
    mockFetch(
      conversationRoutes([makeConversation()], () =>
        makeThread([
          makeMessage({
            messageType: 'system',
            systemEvent: 'item_deleted',
            systemItemName: 'Bohrmaschine',
            content: '“Bohrmaschine” was removed by its owner, so the request was closed.',
          }),
        ]),
      ),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData([AUTH_USER_URL], makeUser({ id: ME }));
    renderWithProviders(<MessagesPage />, {
      queryClient,
      path: conversationHref(BOB),
      i18n: await createTestI18n('de'),
    });
    expect(await screen.findByText(GERMAN_ITEM_DELETED)).toBeTruthy();
  });
});
