import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idpAccountTokens } from '../../db/schema';

export type AccountTokenPurpose = 'confirm_email' | 'recover' | 'add_passkey';

/** How long each kind of token is good for. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  confirm_email: 24 * 60 * 60 * 1000,
  recover: 60 * 60 * 1000,
  add_passkey: 30 * 60 * 1000,
};

/** 32 random bytes, base64url: what a link or the page holds. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** A new token for `accountId`; only its hash is stored (docs/decisions/0051). */
export async function issueAccountToken(
  db: DbOrTx,
  accountId: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(idpAccountTokens).values({
    accountId,
    purpose,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Spends a token in one statement: the account it was for, or null when it
 * is unknown, of another purpose, expired or spent (all look the same).
 */
export async function redeemAccountToken(
  db: DbOrTx,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const [row] = await db
    .update(idpAccountTokens)
    .set({ usedAt: sql`now()` })
    .where(activeToken(token, purpose))
    .returning({ accountId: idpAccountTokens.accountId });
  return row?.accountId ?? null;
}

/** The account a token is for, without spending it (a registration's first step). */
export async function peekAccountToken(
  db: DbOrTx,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const [row] = await db
    .select({ accountId: idpAccountTokens.accountId })
    .from(idpAccountTokens)
    .where(activeToken(token, purpose));
  return row?.accountId ?? null;
}

function activeToken(token: string, purpose: AccountTokenPurpose) {
  return and(
    eq(idpAccountTokens.tokenHash, hashOf(token)),
    eq(idpAccountTokens.purpose, purpose),
    isNull(idpAccountTokens.usedAt),
    gt(idpAccountTokens.expiresAt, sql`now()`),
  );
}
