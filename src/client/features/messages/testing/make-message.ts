import type { ConversationSummary, Message, Thread } from '@/contract/schemas/messages';

/** The signed-in user of the component tests (makeUser's id) and the person they talk to. */
export const ME = 'user-1';
export const BOB = '2a6c1f4e-7b3d-4e8a-9c1f-5d6e7f8a9b0c';

let sequence = 0;

/** A message as the thread endpoint returns it: Bob writes to the signed-in user, unread. */
export function makeMessage(overrides: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    id: `message-${sequence}`,
    senderId: BOB,
    receiverId: ME,
    content: 'Hello there',
    messageType: 'user',
    systemEvent: null,
    systemItemName: null,
    createdAt: new Date(Date.UTC(2026, 2, 1, 9, sequence)).toISOString(),
    readAt: null,
    sender: { name: 'Bob Baker', deleted: false },
    lendingRequest: null,
    networkRequest: null,
    ...overrides,
  };
}

export function makeLendingRequestInfo(
  overrides: Partial<NonNullable<Message['lendingRequest']>> = {},
): NonNullable<Message['lendingRequest']> {
  return {
    id: 'request-1',
    itemId: 'item-1',
    itemName: 'Cordless drill',
    ownerId: ME,
    requesterId: BOB,
    status: 'pending',
    requestedFrom: '2026-03-10',
    expectedReturnDate: '2026-03-12',
    ...overrides,
  };
}

export function makeNetworkRequestInfo(
  overrides: Partial<NonNullable<Message['networkRequest']>> = {},
): NonNullable<Message['networkRequest']> {
  return {
    id: 'network-request-1',
    requesterId: BOB,
    title: 'Ladder',
    description: 'Three metres, for the gutter',
    category: 'tools',
    urgency: 'high',
    answered: false,
    matchedItems: [],
    ...overrides,
  };
}

export function makeThread(messages: Message[], partner = { id: BOB, name: 'Bob Baker', deleted: false }): Thread {
  return { partner, messages };
}

export function makeConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    partnerId: BOB,
    partnerName: 'Bob Baker',
    lastMessage: 'See you tomorrow',
    lastMessageType: 'user',
    lastSystemEvent: null,
    lastMessageAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    partnerDeleted: false,
    unreadCount: 0,
    ...overrides,
  };
}
