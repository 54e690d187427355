import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idpAccounts, idpPasskeys } from '../db/schema';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The person's account at the built-in sign-in provider, when they sign in
 * through it (docs/decisions/0051): the name, username and address it
 * holds, whether the address is confirmed, and each passkey by its name and
 * dates. Never a passkey's key or id: they sign nobody in outside this site
 * and mean nothing to a reader. Null for someone signed in elsewhere.
 */
export async function exportBuiltinSignIn(
  db: Database,
  user: { issuer: string; subject: string },
  builtinIssuer: string | null,
) {
  if (!builtinIssuer || user.issuer !== builtinIssuer) return null;
  const [account] = await db
    .select()
    .from(idpAccounts)
    .where(sql`${idpAccounts.id}::text = ${user.subject}`);
  if (!account) return null;
  const passkeys = await db
    .select({ name: idpPasskeys.name, createdAt: idpPasskeys.createdAt, lastUsedAt: idpPasskeys.lastUsedAt })
    .from(idpPasskeys)
    .where(eq(idpPasskeys.accountId, account.id))
    .orderBy(asc(idpPasskeys.createdAt));
  return {
    name: account.name,
    username: account.username,
    email: account.email,
    emailConfirmedAt: iso(account.emailConfirmedAt),
    createdAt: iso(account.createdAt),
    passkeys: passkeys.map((passkey) => ({
      name: passkey.name,
      createdAt: iso(passkey.createdAt),
      lastUsedAt: iso(passkey.lastUsedAt),
    })),
  };
}
