import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@/contract/enums';
import { lengthBetween, oneOf } from './checks';
import { messages } from './messages';
import { users } from './users';

/**
 * One browser's Web Push subscription (issue 18). The endpoint is the push
 * service's URL for that browser; a 404 or 410 from it removes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the aes128gcm payload encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A device label for the profile's list ("Chrome on Android"), derived from the User-Agent. */
    deviceLabel: text('device_label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_endpoint', sql`${t.endpoint} ~ '^https://' AND char_length(${t.endpoint}) <= 2048`),
    check('push_subscriptions_p256dh_length', lengthBetween(t.p256dh, 1, 200)),
    check('push_subscriptions_auth_length', lengthBetween(t.auth, 1, 100)),
    check('push_subscriptions_device_label_length', lengthBetween(t.deviceLabel, 0, 100)),
  ],
);

/** A person's channel choice for one kind of notification; no row means the defaults. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_preferences_kind', oneOf(t.kind, NOTIFICATION_KINDS)),
  ],
);

/**
 * Something that happened for a person while the app may be closed. Written
 * in the same transaction as the change it reports, with the jobs that
 * deliver it (push at once, email as a delayed digest of what is still
 * unseen). `payload` holds the ids for the link and the names the texts
 * quote, so it is rendered in the recipient's language at delivery time.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** The finer event within the kind (e.g. request_accepted), which picks the text. */
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | null>>().notNull(),
    /** The message the event wrote, if any: reading it in the app counts as having seen this. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_time_idx').on(t.userId, t.createdAt.desc()),
    // The email digest reads a person's unseen, unmailed notifications.
    index('notifications_digest_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.emailedAt} IS NULL AND ${t.seenAt} IS NULL`),
    index('notifications_message_idx').on(t.messageId),
    check('notifications_kind', oneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_event_length', lengthBetween(t.event, 1, 50)),
  ],
);

/**
 * A person whose email digest is due at `due_at` (docs/decisions/0033): the
 * first event they may be mailed about writes the row, later ones leave it
 * (the digest is not postponed by a busy conversation). Once a minute the
 * 'email-digests-due' job turns the due rows into digest jobs and deletes
 * them; a digest that leaves younger events behind writes the row again for
 * the oldest of them. A row per person rather than a queued job per person:
 * the row costs a write one small insert in the statement that records the
 * notification, where a job cost graphile-worker's add_jobs and a wasted
 * wake-up of every worker.
 */
export const pendingEmailDigests = pgTable(
  'pending_email_digests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_email_digests_due_idx').on(t.dueAt)],
);
