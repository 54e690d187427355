import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, usernameFormat } from './checks';

/**
 * Local accounts of the built-in identity provider (docs/decisions/0002).
 * They belong to the provider, not to Lendloop: the app only ever sees the
 * OpenID claims, exactly as it would from an external issuer.
 */
export const idpAccounts = pgTable(
  'idp_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /**
     * When the person proved they read `email` (the sign-up link, or an
     * invitation, docs/decisions/0051); null: not confirmed. Passkeys sign in
     * only confirmed accounts.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idp_accounts_username_key').on(t.username),
    // A confirmed address names one account: recovery mails go to it (docs/decisions/0051).
    uniqueIndex('idp_accounts_confirmed_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailConfirmedAt} IS NOT NULL`),
    check('idp_accounts_name_length', lengthBetween(t.name, 1, LIMITS.nameMax)),
    check('idp_accounts_username_format', usernameFormat(t.username)),
  ],
);

/**
 * The built-in provider's protocol state (interactions, sessions, grants,
 * authorization codes), stored through our oidc-provider adapter so a restart
 * mid-sign-in loses nothing and several instances can share it.
 */
export const idpPayloads = pgTable(
  'idp_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_payloads_grant_idx').on(t.grantId),
    index('idp_payloads_uid_idx').on(t.model, t.uid),
    index('idp_payloads_user_code_idx').on(t.model, t.userCode),
    index('idp_payloads_expiry_idx').on(t.expiresAt),
  ],
);
