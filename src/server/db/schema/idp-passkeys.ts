import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '@/contract/limits';
import { oneOf } from './checks';
import { idpAccounts } from './idp';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The passkeys of the built-in provider's accounts (WebAuthn credentials,
 * docs/decisions/0051). A person may hold several, each named by them.
 * `credential_id` is the authenticator's id (base64url), `public_key` the
 * COSE key it registered; `sign_count` is kept as WebAuthn asks, though
 * synced passkeys always report 0.
 */
export const idpPasskeys = pgTable(
  'idp_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    /** What the authenticator said it speaks (usb, nfc, ble, internal, hybrid…), for the next sign-in's hints. */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idp_passkeys_credential_key').on(t.credentialId),
    index('idp_passkeys_account_idx').on(t.accountId, t.createdAt),
    check(
      'idp_passkeys_name_length',
      sql`char_length(${t.name}) BETWEEN 1 AND ${sql.raw(String(LIMITS.passkeyNameMax))}`,
    ),
  ],
);

/**
 * One-time links and tickets of the built-in provider's accounts, stored
 * only as the SHA-256 of the token the person holds:
 * - `confirm_email`: the link in the sign-up email (24 hours);
 * - `recover`: the link in a recovery email (1 hour);
 * - `add_passkey`: a short ticket (30 minutes) that lets whoever confirmed
 *   the email, or followed the recovery link, register a passkey.
 * A token is spent (`used_at`) by the statement that redeems it.
 */
export const idpAccountTokens = pgTable(
  'idp_account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idp_account_tokens_hash_key').on(t.tokenHash),
    index('idp_account_tokens_account_idx').on(t.accountId, t.purpose),
    check('idp_account_tokens_purpose', oneOf(t.purpose, ['confirm_email', 'recover', 'add_passkey'])),
  ],
);

/**
 * WebAuthn challenges in flight (a few minutes each). In PostgreSQL, not in
 * memory or a cookie, so any instance can check the answer and each
 * challenge is answered at most once (the check deletes it).
 */
export const idpWebauthnChallenges = pgTable(
  'idp_webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    /** The account a registration is for; null for a sign-in (the passkey names its account). */
    accountId: uuid('account_id').references(() => idpAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('idp_webauthn_challenges_expiry_idx').on(t.expiresAt),
    check('idp_webauthn_challenges_purpose', oneOf(t.purpose, ['register', 'authenticate'])),
  ],
);
