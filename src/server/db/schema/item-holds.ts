import { sql } from 'drizzle-orm';
import { check, customType, pgTable, uniqueIndex, uuid, text } from 'drizzle-orm/pg-core';
import { ITEM_HOLD_KINDS } from '@/contract/enums';
import { oneOf } from './checks';
import { items } from './items';
import { lendingRequests } from './lending';

/** PostgreSQL's `daterange`, read and written as its text form (`[2026-12-01,2026-12-08)`). */
const dateRange = customType<{ data: string }>({ dataType: () => 'daterange' });

/**
 * The days an item is held (docs/decisions/0047): one row per accepted or
 * borrowed request (`loan`) and one for the owner's personal-use
 * reservation (`personal`). Its exclusion constraint
 * `item_holds_never_overlap` (btree_gist: the item with `=`, the days with
 * `&&`) is what makes double booking impossible, whichever writer races.
 *
 * No use case writes this table: triggers derive it from `lending_requests`
 * and `items.personal_use_until` in the same statement (drizzle/0028,
 * docs/database-rules.md), so a write that would overlap fails as a whole.
 *
 * Kept in PostgreSQL too: lending_request_hold(), item_personal_hold() (drizzle/0029_reservation_holds.sql); see docs/database-rules.md.
 */
export const itemHolds = pgTable(
  'item_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** The request that holds the days; NULL for the owner's own reservation. */
    lendingRequestId: uuid('lending_request_id').references(() => lendingRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ITEM_HOLD_KINDS }).notNull(),
    /** The days held, `[first, day after last)`; a loan without a return date runs on (no upper bound). */
    during: dateRange('during').notNull(),
  },
  (t) => [
    uniqueIndex('item_holds_one_per_request').on(t.lendingRequestId),
    uniqueIndex('item_holds_one_personal_per_item')
      .on(t.itemId)
      .where(sql`${t.kind} = 'personal'`),
    check('item_holds_kind', oneOf(t.kind, ITEM_HOLD_KINDS)),
    check('item_holds_request_of_loan', sql`(${t.kind} = 'loan') = (${t.lendingRequestId} IS NOT NULL)`),
  ],
);
