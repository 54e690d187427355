import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idpAccounts } from '../db/schema';

export type IdpAccount = typeof idpAccounts.$inferSelect;

/** The picker shows the newest accounts first; a local test provider never needs more. */
export const ACCOUNT_PICKER_LIMIT = 50;

export function listAccounts(db: Database): Promise<IdpAccount[]> {
  return db.select().from(idpAccounts).orderBy(desc(idpAccounts.createdAt)).limit(ACCOUNT_PICKER_LIMIT);
}

export async function findAccount(db: Database, id: string): Promise<IdpAccount | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id)).limit(1);
  return row;
}

/** Returns the new account, or null when the username is taken. */
export async function createAccount(
  db: Database,
  input: { name: string; username: string; email: string | null },
): Promise<IdpAccount | null> {
  const [row] = await db
    .insert(idpAccounts)
    .values(input)
    .onConflictDoNothing({ target: idpAccounts.username })
    .returning();
  return row ?? null;
}
