import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ITEM_CATEGORIES, LENDING_REQUEST_STATUSES, LOAN_ORIGINS, URGENCIES } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf } from './checks';
import { contacts } from './contacts';
import { items } from './items';
import { users } from './users';

/**
 * A request to borrow an item and, once handed out, the loan itself. Loans
 * are history (issue 19): when the item is deleted a returned loan stays,
 * `item_id` becomes NULL and `item_name` keeps the name (a trigger on `items`
 * copies it just before the row goes, whatever deletes it). A loan the owner
 * recorded after the fact (`origin` recorded) may have no registered
 * borrower: then `requester_id` is NULL and `borrower_name` (and, while the
 * address-book entry exists, `borrower_contact_id`) say who has it.
 *
 * Kept in PostgreSQL too: items_keep_name_in_loans: lending_requests_keep_item_name (drizzle/0014_loan_history.sql); see docs/database-rules.md.
 */
export const lendingRequests = pgTable(
  'lending_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    /** The item's name when it was deleted; NULL while the item exists. */
    itemName: text('item_name'),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin', { enum: LOAN_ORIGINS }).notNull().default('request'),
    /** Who has the item when the owner recorded a loan for an address-book entry. */
    borrowerContactId: uuid('borrower_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The borrower's name as the owner wrote it (recorded loans only): kept when the entry goes. */
    borrowerName: text('borrower_name'),
    /** The request's message, or a recorded loan's optional note. */
    message: text('message'),
    requestedFrom: date('requested_from'),
    expectedReturnDate: date('expected_return_date'),
    status: text('status', { enum: LENDING_REQUEST_STATUSES }).notNull().default('pending'),
    ownerResponse: text('owner_response'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The day the item was handed out and the day it came back (the app's time zone): the loan's history. */
    lentOn: date('lent_on'),
    returnedOn: date('returned_on'),
    /** The owner keeps an accepted reservation past its pick-up grace (issue 35): it is not released. */
    keptPastPickup: boolean('kept_past_pickup').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Several requests of one item may be accepted or borrowed, for days that
    // never overlap: item_holds_never_overlap settles racing accepts
    // (schema/item-holds.ts, docs/decisions/0047).
    // A requester has at most one open request per item.
    uniqueIndex('lending_requests_one_open_per_requester')
      .on(t.itemId, t.requesterId)
      .where(sql`${t.status} IN ('pending', 'accepted', 'borrowed')`),
    index('lending_requests_item_idx').on(t.itemId, t.status),
    index('lending_requests_requester_idx').on(t.requesterId, t.requestedAt.desc()),
    index('lending_requests_owner_idx').on(t.ownerId, t.requestedAt.desc()),
    index('lending_requests_borrower_contact_idx').on(t.borrowerContactId),
    check('lending_requests_status', oneOf(t.status, LENDING_REQUEST_STATUSES)),
    check('lending_requests_origin', oneOf(t.origin, LOAN_ORIGINS)),
    check('lending_requests_message_length', lengthBetween(t.message, 1, LIMITS.messageMax)),
    check('lending_requests_response_length', lengthBetween(t.ownerResponse, 0, LIMITS.messageMax)),
    check('lending_requests_item_name_length', lengthBetween(t.itemName, 1, LIMITS.nameMax)),
    check('lending_requests_borrower_name_length', lengthBetween(t.borrowerName, 1, LIMITS.nameMax)),
    check('lending_requests_not_own_item', sql`${t.requesterId} <> ${t.ownerId}`),
    // A request always has its requester and its message; only a recorded loan may name an unregistered borrower.
    check(
      'lending_requests_borrower_known',
      sql`(${t.origin} = 'request' AND ${t.requesterId} IS NOT NULL AND ${t.message} IS NOT NULL)
        OR (${t.origin} = 'recorded' AND (${t.requesterId} IS NOT NULL OR ${t.borrowerName} IS NOT NULL))`,
    ),
    check('lending_requests_item_known', sql`${t.itemId} IS NOT NULL OR ${t.itemName} IS NOT NULL`),
    check(
      'lending_requests_dates_ordered',
      sql`${t.requestedFrom} IS NULL OR ${t.expectedReturnDate} IS NULL OR ${t.expectedReturnDate} >= ${t.requestedFrom}`,
    ),
    check(
      'lending_requests_return_after_lending',
      sql`${t.returnedOn} IS NULL OR ${t.lentOn} IS NULL OR ${t.returnedOn} >= ${t.lentOn}`,
    ),
  ],
);

/** "Looking for …": sent to the requester's whole network as messages. */
export const networkRequests = pgTable(
  'network_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category', { enum: ITEM_CATEGORIES }),
    urgency: text('urgency', { enum: URGENCIES }).notNull().default('normal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('network_requests_requester_idx').on(t.requesterId),
    check('network_requests_title_length', lengthBetween(t.title, 1, LIMITS.requestTitleMax)),
    check('network_requests_description_length', lengthBetween(t.description, 0, LIMITS.descriptionMax)),
    check('network_requests_category', oneOf(t.category, ITEM_CATEGORIES)),
    check('network_requests_urgency', oneOf(t.urgency, URGENCIES)),
  ],
);

export const networkRequestResponses = pgTable(
  'network_request_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    networkRequestId: uuid('network_request_id')
      .notNull()
      .references(() => networkRequests.id, { onDelete: 'cascade' }),
    responderId: uuid('responder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    response: text('response').notNull(),
    message: text('message'),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One answer per person and request: a double tap on "Add Item to Help" creates one item.
    // It also serves lookups by request (its first column), so no index of its own.
    uniqueIndex('network_request_responses_one_per_responder').on(t.networkRequestId, t.responderId),
    // Deleting an item or a user finds their answers through these (set null / cascade).
    index('network_request_responses_item_idx').on(t.itemId),
    index('network_request_responses_responder_idx').on(t.responderId),
    check('network_request_responses_response_length', lengthBetween(t.response, 1, 50)),
    check('network_request_responses_message_length', lengthBetween(t.message, 0, LIMITS.messageMax)),
  ],
);

/**
 * "You may have this" (issue 19): when a network request is sent, each
 * recipient's items that match it and that the requester can already see.
 * The recipient is told and can answer with the item in one tap; nothing
 * here reveals an item to anyone who could not see it.
 */
export const networkRequestMatches = pgTable(
  'network_request_matches',
  {
    networkRequestId: uuid('network_request_id')
      .notNull()
      .references(() => networkRequests.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.networkRequestId, t.itemId] }),
    index('network_request_matches_owner_idx').on(t.ownerId, t.networkRequestId),
    index('network_request_matches_item_idx').on(t.itemId),
  ],
);
