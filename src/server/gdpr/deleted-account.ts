import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { DELETED_ACCOUNT_ISSUER } from '../auth/deleted-account-issuer';

/** The stored name of a stand-in. Clients show their own translated label instead (`deleted` flags). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/**
 * Inserts the stand-in that takes a deleted account's place in what others
 * keep: a fresh id, a random subject and username, no contact details and no
 * link to the person. One per deleted account, so two deleted people's
 * conversations with the same partner stay apart.
 */
export async function insertStandIn(tx: DbOrTx, now: Date): Promise<{ id: string }> {
  const [standIn] = await tx
    .insert(users)
    .values({
      issuer: DELETED_ACCOUNT_ISSUER,
      subject: randomBytes(16).toString('hex'),
      // 8 + 16 characters: within the username rule `^[a-z0-9._-]{3,30}$`.
      username: `deleted-${randomBytes(8).toString('hex')}`,
      name: DELETED_ACCOUNT_NAME,
      language: 'en',
      createdAt: now,
      deletedAt: now,
    })
    .returning({ id: users.id });
  if (!standIn) throw new Error('The stand-in row was not inserted');
  return standIn;
}
