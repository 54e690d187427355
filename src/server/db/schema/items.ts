import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ITEM_CATEGORIES, ITEM_STATUSES } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf } from './checks';
import { groups } from './groups';
import { users } from './users';

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category', { enum: ITEM_CATEGORIES }).notNull(),
    status: text('status', { enum: ITEM_STATUSES }).notNull().default('available'),
    imageUrl: text('image_url'),
    personalUseUntil: date('personal_use_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('items_owner_idx').on(t.ownerId, t.createdAt.desc()),
    check('items_name_length', lengthBetween(t.name, 1, LIMITS.nameMax)),
    check('items_description_length', lengthBetween(t.description, 0, LIMITS.descriptionMax)),
    check('items_category', oneOf(t.category, ITEM_CATEGORIES)),
    check('items_status', oneOf(t.status, ITEM_STATUSES)),
    check('items_image_url_length', lengthBetween(t.imageUrl, 0, 2048)),
  ],
);

/**
 * The item's own created_at, copied into each share by a trigger
 * (added in drizzle/0006_item_share_feed_order.sql, the fill functions
 * redefined in 0019_share_path_holds.sql): Available Items reads a viewer's
 * shares already in the list's newest-first order (item-visibility.ts,
 * `visibleItemsPage`). Inserts leave it out; the trigger fills it.
 *
 * Kept in PostgreSQL too: item_created_at via item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql) and items_shares_follow_created_at (drizzle/0006_item_share_feed_order.sql); see docs/database-rules.md.
 */
const itemCreatedAt = () => timestamp('item_created_at', { withTimezone: true });
/**
 * The item's owner, copied the same way (drizzle/0018): the page's check that
 * the owner still reaches the viewer through this share needs no read of
 * `items`. No foreign key: it follows items.owner_id by trigger.
 *
 * Kept in PostgreSQL too: item_owner_id via item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql) and items_shares_follow_owner (drizzle/0018_share_item_owner.sql); see docs/database-rules.md.
 */
const itemOwnerId = () => uuid('item_owner_id');
/**
 * Whether the owner's path to the share's principal still holds (drizzle/0019):
 * for a contact share, the owner still has that person as a registered
 * contact; for a group share, the owner is still a member of the group.
 * Kept by triggers on the shares, `contacts` and `group_members`, so the
 * visibility rule reads one row per share instead of probing the owner's
 * contact entry or membership (item-visibility.ts).
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 */
const pathHolds = () => boolean('path_holds').notNull().default(false);

/** "Can see" for one registered contact. Removing the user removes the share. */
export const itemContactPermissions = pgTable(
  'item_contact_permissions',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    contactUserId: uuid('contact_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    canView: boolean('can_view').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    itemCreatedAt: itemCreatedAt(),
    itemOwnerId: itemOwnerId(),
    pathHolds: pathHolds(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.contactUserId] }),
    // A viewer's contact shares, newest item first (also serves the user's ON DELETE CASCADE).
    index('item_contact_permissions_viewer_feed_idx').on(t.contactUserId, t.itemCreatedAt.desc(), t.itemId.desc()),
    // Only the shares that let the viewer see the item, newest first: Available Items' contact stream.
    // The migration adds INCLUDE (item_owner_id), which drizzle-kit cannot express, so the stream
    // (self and block checks on the owner) is an index-only scan.
    index('item_contact_permissions_visible_feed_idx')
      .on(t.contactUserId, t.itemCreatedAt.desc(), t.itemId.desc())
      .where(sql`${t.canView} AND ${t.pathHolds}`),
    // The same shares by item: the visibility rule's per-item probe and the owner's share count read
    // them from the index alone (the primary key would need each row's can_view and path_holds).
    index('item_contact_permissions_visible_item_idx')
      .on(t.itemId, t.contactUserId)
      .where(sql`${t.canView} AND ${t.pathHolds}`),
  ],
);

/** "Can see" for one group; deleting the group removes its shares. */
export const itemGroupPermissions = pgTable(
  'item_group_permissions',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    canView: boolean('can_view').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    itemCreatedAt: itemCreatedAt(),
    itemOwnerId: itemOwnerId(),
    pathHolds: pathHolds(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.groupId] }),
    // A group's shares, newest item first (also serves the group's ON DELETE CASCADE).
    index('item_group_permissions_group_feed_idx').on(t.groupId, t.itemCreatedAt.desc(), t.itemId.desc()),
    // Only the shares whose owner is still a member, newest first: Available Items' group streams
    // (INCLUDE (item_owner_id) added by the migration, as above).
    index('item_group_permissions_visible_feed_idx')
      .on(t.groupId, t.itemCreatedAt.desc(), t.itemId.desc())
      .where(sql`${t.canView} AND ${t.pathHolds}`),
    // By item, as above: the per-item probe, "shared via" and the share count.
    index('item_group_permissions_visible_item_idx')
      .on(t.itemId, t.groupId)
      .where(sql`${t.canView} AND ${t.pathHolds}`),
  ],
);
