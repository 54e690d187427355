import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../contract/limits';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idp_accounts_username_key').on(t.username),
    check('idp_accounts_name_length', lengthBetween(t.name, 1, LIMITS.nameMax)),
    check('idp_accounts_username_format', usernameFormat(t.username)),
  ],
);
