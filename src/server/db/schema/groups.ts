import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GROUP_ROLES, JOIN_REQUEST_STATUSES } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf } from './checks';
import { users } from './users';

/**
 * A group with one admin. `admin_id` RESTRICTs deletion of the admin's user
 * row: deleting an account must first hand the group over or delete it, so
 * members never lose a group silently.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isPrivate: boolean('is_private').notNull().default(false),
    maxMembers: integer('max_members').notNull().default(LIMITS.groupMaxMembersDefault),
    groupCode: text('group_code').notNull(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // Kept by a trigger on group_members (migration 0023): lists show it for every group, and
    // counting each group's members per request was a third of Discover's PostgreSQL time.
    // Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_code_key').on(t.groupCode),
    index('groups_admin_idx').on(t.adminId),
    index('groups_public_created_idx')
      .on(t.createdAt.desc())
      .where(sql`NOT ${t.isPrivate}`),
    // Discover's bounding box (groups/bounding-box.ts): public groups by position, so a search
    // around one town reads the groups near it, not every public group.
    index('groups_public_position_idx')
      .on(t.latitude, t.longitude)
      .where(sql`NOT ${t.isPrivate}`),
    check('groups_code_format', sql`${t.groupCode} ~ '^[0-9]{10}$'`),
    check('groups_name_length', lengthBetween(t.name, 1, LIMITS.groupNameMax)),
    check('groups_description_length', lengthBetween(t.description, 0, LIMITS.descriptionMax)),
    check('groups_location_length', lengthBetween(t.location, 0, LIMITS.locationMax)),
    check(
      'groups_max_members_range',
      sql`${t.maxMembers} BETWEEN ${sql.raw(String(LIMITS.groupMaxMembersMin))} AND ${sql.raw(String(LIMITS.groupMaxMembersMax))}`,
    ),
    check(
      'groups_coordinates',
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL) AND (${t.latitude} IS NULL OR (${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180))`,
    ),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: GROUP_ROLES }).notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * This member accepts the other members' requests for free days of their
     * items without asking (issue 35, docs/decisions/0047). Off by default.
     */
    autoAcceptMembers: boolean('auto_accept_members').notNull().default(false),
  },
  (t) => [
    uniqueIndex('group_members_group_user_key').on(t.groupId, t.userId),
    index('group_members_user_idx').on(t.userId),
    check('group_members_role', oneOf(t.role, GROUP_ROLES)),
  ],
);

export const groupJoinRequests = pgTable(
  'group_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    requestMessage: text('request_message'),
    adminResponse: text('admin_response'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // One pending request per user and group.
    uniqueIndex('group_join_requests_pending_key')
      .on(t.groupId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('group_join_requests_user_idx').on(t.userId),
    check('group_join_requests_status', oneOf(t.status, JOIN_REQUEST_STATUSES)),
    check('group_join_requests_message_length', lengthBetween(t.requestMessage, 0, LIMITS.joinMessageMax)),
    check('group_join_requests_response_length', lengthBetween(t.adminResponse, 0, LIMITS.joinMessageMax)),
  ],
);
