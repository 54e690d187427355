import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_TYPES } from '@/contract/enums';
import { SYSTEM_EVENTS } from '@/contract/schemas/messages';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf } from './checks';
import { lendingRequests, networkRequests } from './lending';
import { users } from './users';

/**
 * Messages between two users. User-typed content is limited to 500
 * characters by the API schema; system messages quote item names and request
 * texts, so the column allows up to 1000.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull().default('user'),
    /** What a system or network-request message reports, so each reader sees it in their language. */
    systemEvent: text('system_event', { enum: SYSTEM_EVENTS }),
    /**
     * The item a system message names, kept with the message because the
     * item (and its request) may be gone when it is read: a deleted item, or
     * an account deleted with its items (docs/decisions/0015).
     */
    systemItemName: text('system_item_name'),
    lendingRequestId: uuid('lending_request_id').references(() => lendingRequests.id, { onDelete: 'set null' }),
    networkRequestId: uuid('network_request_id').references(() => networkRequests.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_pair_time_idx').on(t.senderId, t.receiverId, t.createdAt.desc()),
    index('messages_receiver_pair_time_idx').on(t.receiverId, t.senderId, t.createdAt.desc()),
    index('messages_unread_idx')
      .on(t.receiverId)
      .where(sql`${t.readAt} IS NULL`),
    check('messages_content_length', lengthBetween(t.content, 1, 1000)),
    check('messages_type', oneOf(t.messageType, MESSAGE_TYPES)),
    check('messages_system_event', oneOf(t.systemEvent, SYSTEM_EVENTS)),
    check('messages_system_item_name_length', lengthBetween(t.systemItemName, 1, LIMITS.nameMax)),
    index('messages_lending_request_idx').on(t.lendingRequestId),
    index('messages_network_request_idx').on(t.networkRequestId),
  ],
);

/**
 * Who is reading which conversation right now (issue 33, docs/decisions/0045):
 * one row per browser tab that shows a thread on screen, kept alive by the
 * tab's heartbeat and gone when it expires or the tab leaves. The push job
 * sends nothing about a message while its recipient reads the thread it is
 * in (deliver-push-job.ts, `claim`): the open app shows it already.
 * `reader_id` is the tab's own random id, unique only within its user.
 */
export const conversationReaders = pgTable(
  'conversation_readers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readerId: uuid('reader_id').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.readerId] }),
    index('conversation_readers_pair_idx').on(t.userId, t.partnerId),
  ],
);
