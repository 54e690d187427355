import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { OwnPasskey } from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { idpAccounts, idpPasskeys, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';

/**
 * The signed-in person's own passkeys on the profile (docs/decisions/0051).
 * Their built-in sign-in account is the one their Lendloop identity names:
 * issuer = the built-in provider, subject = the account's id. Someone signed
 * in through another issuer has none (`null`).
 */
export async function ownIdpAccount(db: Database, actor: Actor, builtinIssuer: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: idpAccounts.id })
    .from(users)
    .innerJoin(idpAccounts, sql`${idpAccounts.id}::text = ${users.subject}`)
    .where(and(eq(users.id, actor.id), eq(users.issuer, builtinIssuer)));
  return row?.accountId ?? null;
}

export async function listOwnPasskeys(db: Database, accountId: string): Promise<OwnPasskey[]> {
  const rows = await db
    .select({
      id: idpPasskeys.id,
      name: idpPasskeys.name,
      createdAt: idpPasskeys.createdAt,
      lastUsedAt: idpPasskeys.lastUsedAt,
    })
    .from(idpPasskeys)
    .where(eq(idpPasskeys.accountId, accountId))
    .orderBy(asc(idpPasskeys.createdAt));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * DELETE /api/passkeys/{id}: the passkey and whose it is come from one
 * query, the policy decides (404 for anyone else's), and the account's last
 * passkey stays: without it the person could sign in only by a recovery mail.
 */
export async function removeOwnPasskey(db: Database, actor: Actor, builtinIssuer: string, passkeyId: string) {
  await db.transaction(async (tx) => {
    const [passkey] = await tx
      .select({ accountId: idpPasskeys.accountId, ownerUserId: users.id })
      .from(idpPasskeys)
      .leftJoin(users, and(eq(users.issuer, builtinIssuer), sql`${users.subject} = ${idpPasskeys.accountId}::text`))
      .where(eq(idpPasskeys.id, passkeyId));
    if (!passkey) throw AppError.notFound();
    authorize(actor, 'passkey:manage', { ownerUserId: passkey.ownerUserId }, { hideAs404: true });
    // The account's row lock: two removals at once cannot take the last two.
    await tx
      .select({ id: idpAccounts.id })
      .from(idpAccounts)
      .where(eq(idpAccounts.id, passkey.accountId))
      .for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(idpPasskeys)
      .where(eq(idpPasskeys.accountId, passkey.accountId));
    if ((held?.n ?? 0) <= 1) throw new AppError('last_passkey', 'An account keeps at least one passkey');
    await tx
      .delete(idpPasskeys)
      .where(and(eq(idpPasskeys.id, passkeyId), eq(idpPasskeys.accountId, passkey.accountId)));
  });
}
