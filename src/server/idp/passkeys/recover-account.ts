import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '../../../contract/enums';
import type { ConfirmedEmail } from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { idpAccounts } from '../../db/schema';
import { enqueueJob } from '../../jobs/enqueue-job';
import { issueAccountToken, redeemAccountToken } from './one-time-tokens';
import { invalidLink } from './register-passkey';

/**
 * "Lost your passkey?" (docs/decisions/0051): a one-time link to the
 * account's confirmed address, which lets its holder add a new passkey. The
 * answer is the same whether or not the address has an account, so nobody
 * learns who signed up.
 */
export async function requestRecovery(db: Database, email: string, language: Language): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: idpAccounts.id })
      .from(idpAccounts)
      .where(and(sql`lower(${idpAccounts.email}) = lower(${email})`, isNotNull(idpAccounts.emailConfirmedAt)));
    if (!account) return;
    const token = await issueAccountToken(tx, account.id, 'recover');
    await enqueueJob(tx, 'send-account-mail', { accountId: account.id, kind: 'recover', token, language });
  });
}

/** The recovery link was opened: it is spent, and the page gets a ticket for the new passkey. */
export async function redeemRecovery(db: Database, token: string): Promise<ConfirmedEmail> {
  return db.transaction(async (tx) => {
    const accountId = await redeemAccountToken(tx, token, 'recover');
    if (!accountId) throw invalidLink();
    const [account] = await tx
      .select({ name: idpAccounts.name, username: idpAccounts.username })
      .from(idpAccounts)
      .where(eq(idpAccounts.id, accountId));
    if (!account) throw invalidLink();
    return { ticket: await issueAccountToken(tx, accountId, 'add_passkey'), ...account };
  });
}
