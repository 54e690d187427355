import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Serialises changes to one person's address book for the rest of the
 * transaction, so the duplicate check and the write that follows see the same
 * contacts (two quick taps on "Add" then get "already exists", not a race).
 */
export async function lockAddressBook(tx: DbOrTx, ownerId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contacts:${ownerId}`}, 0))`);
}
