import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf, phoneFormat, usernameFormat } from './checks';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A person. Identified by the OpenID issuer + subject that signed them in;
 * everything else is profile data they may change.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    profileImageUrl: text('profile_image_url'),
    bannerDismissedAt: timestamp('banner_dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    lastActive: timestamp('last_active', { withTimezone: true }),
    /**
     * Set on the anonymous stand-in that takes a deleted account's place in
     * what others keep (messages they exchanged, loans of their items):
     * docs/decisions/0015-account-deletion.md. Such a row signs nobody in
     * (its issuer is not a real one) and is never found, messaged or added.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_issuer_subject_key').on(t.issuer, t.subject),
    uniqueIndex('users_username_key').on(t.username),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_phone_idx').on(t.phone),
    check('users_username_format', usernameFormat(t.username)),
    check('users_name_length', lengthBetween(t.name, 1, LIMITS.nameMax)),
    check('users_phone_format', phoneFormat(t.phone)),
    check('users_email_length', lengthBetween(t.email, 3, 254)),
    check('users_language', oneOf(t.language, LANGUAGES)),
  ],
);

/** One row per sign-in (spec §2 Profile "Account Activity"). */
export const loginHistory = pgTable(
  'login_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    loginMethod: text('login_method').notNull(),
    loginAt: timestamp('login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_history_user_time_idx').on(t.userId, t.loginAt.desc()),
    check('login_history_user_agent_length', lengthBetween(t.userAgent, 0, 1000)),
  ],
);

/**
 * Server-side sessions. The cookie carries a random 256-bit token; only its
 * SHA-256 is stored, so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Kept to end the session at the identity provider (id_token_hint). */
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expiry_idx').on(t.absoluteExpiresAt)],
);

/**
 * A person's profile photo (spec §2 Profile): one per person, re-encoded by
 * the item-photo pipeline into a small square. A new upload replaces the row,
 * and the new id changes the photo's URL, so caches never show the old one.
 */
export const userPhotos = pgTable(
  'user_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_photos_user_key').on(t.userId),
    check('user_photos_content_type', oneOf(t.contentType, ['image/jpeg', 'image/png', 'image/webp'])),
  ],
);
