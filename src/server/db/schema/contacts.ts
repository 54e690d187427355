import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_STATUSES, INVITATION_METHODS } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf, phoneFormat } from './checks';
import { users } from './users';

/**
 * A person in a user's address book. Linked to a registered user
 * (`contact_user_id`, status active) or pending/invited until they join.
 * If the linked user deletes their account the contact falls back to
 * unlinked (SET NULL) rather than vanishing from the owner's list.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactUserId: uuid('contact_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The owner of this address book accepts this registered contact's requests
     * for free days without asking (issue 35, docs/decisions/0047). Off by default.
     */
    autoAccept: boolean('auto_accept').notNull().default(false),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('pending'),
    invitationMethod: text('invitation_method', { enum: INVITATION_METHODS }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /**
     * This contact's invitation link (docs/decisions/0007, amendment: a short
     * `ref` of 12 characters instead of a ~250-character signed token) and
     * when it stops working.
     *
     * The link's `ref` is not stored (docs/decisions/0042): only its SHA-256
     * (hex), to find the contact from a link, and the random seed the `ref`
     * is derived from with a key from SESSION_SECRET (invitation-link.ts), so
     * re-opening the dialog shows the same link. A copy of the database alone
     * opens no invitation.
     */
    invitationTokenHash: text('invitation_token_hash'),
    invitationSeed: text('invitation_seed'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_user_idx').on(t.userId),
    index('contacts_contact_user_idx').on(t.contactUserId),
    // Duplicates among one user's own contacts are refused (spec §5).
    uniqueIndex('contacts_user_contact_user_key').on(t.userId, t.contactUserId),
    uniqueIndex('contacts_user_phone_key').on(t.userId, t.phone),
    uniqueIndex('contacts_user_email_key').on(t.userId, sql`lower(${t.email})`),
    uniqueIndex('contacts_invitation_token_hash_key').on(t.invitationTokenHash),
    check('contacts_not_self', sql`${t.contactUserId} IS NULL OR ${t.contactUserId} <> ${t.userId}`),
    check('contacts_name_length', lengthBetween(t.name, 1, LIMITS.nameMax)),
    check('contacts_phone_format', phoneFormat(t.phone)),
    check('contacts_email_length', lengthBetween(t.email, 3, 254)),
    check('contacts_notes_length', lengthBetween(t.notes, 0, LIMITS.descriptionMax)),
    check('contacts_status', oneOf(t.status, CONTACT_STATUSES)),
    check('contacts_invitation_method', oneOf(t.invitationMethod, INVITATION_METHODS)),
  ],
);
